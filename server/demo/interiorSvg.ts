/**
 * Interior views: the cabin seen from the back seat (a car or truck), the rider's view (a motorcycle)
 * or the living area (a caravan or motorhome), in the vehicle's trim colour. The angle pans the view
 * (near things move more than far ones) and past 90 degrees turns to look at the back of the cabin.
 */
import type { BodyFamily } from "./vehicleShapes";

const FRAMES = 24;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const value = parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function tone(rgb: Rgb, factor: number): string {
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  const lift = (factor - 1) * 30;
  return `#${((1 << 24) | (clamp(rgb[0] * factor + lift) << 16) | (clamp(rgb[1] * factor + lift) << 8) | clamp(rgb[2] * factor + lift)).toString(16).slice(1)}`;
}

const n = (v: number) => String(Math.round(v * 10) / 10);

interface View {
  /** -1..1: how far the viewer has turned to the right. */
  pan: number;
  lookingBack: boolean;
  trim: Rgb;
  thumb: boolean;
}

function viewFor(colour: string, angle: number, thumb: boolean): View {
  const theta = ((((angle % FRAMES) + FRAMES) % FRAMES) * 2 * Math.PI) / FRAMES;
  return { pan: Math.sin(theta), lookingBack: Math.cos(theta) < 0, trim: parseHex(colour), thumb };
}

export function renderInteriorSvg(body: BodyFamily, colour: string, angle: number, thumb: boolean): string {
  const view = viewFor(colour, angle, thumb);
  const content =
    body === "motorcycle"
      ? riderView(view)
      : body === "caravan" || body === "motorhome"
        ? livingArea(view)
        : view.lookingBack
          ? rearCabin(view)
          : frontCabin(view, body === "cabChassis" || body === "lightTruck");
  const size = thumb ? 'width="300" height="200"' : 'width="600" height="400"';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" ${size}>${content}</svg>`;
}

const sky =
  '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe8f0"/><stop offset=".55" stop-color="#f4f6f8"/><stop offset=".56" stop-color="#c8ccd1"/><stop offset="1" stop-color="#b4b9bf"/></linearGradient></defs><rect width="600" height="400" fill="url(#sky)"/>';

function seatBack(x: number, width: number, top: number, trim: Rgb, thumb: boolean): string {
  const headrest = `<rect x="${n(x + width * 0.27)}" y="${n(top - 62)}" width="${n(width * 0.46)}" height="54" rx="16" fill="${tone(trim, 0.92)}"/>`;
  const posts = `<rect x="${n(x + width * 0.36)}" y="${n(top - 10)}" width="5" height="14" fill="#8d9196"/><rect x="${n(x + width * 0.62)}" y="${n(top - 10)}" width="5" height="14" fill="#8d9196"/>`;
  const back = `<path d="M${n(x)} 400 L${n(x + 8)} ${n(top + 30)} Q${n(x + 14)} ${n(top)} ${n(x + width * 0.5)} ${n(top)} Q${n(x + width - 14)} ${n(top)} ${n(x + width - 8)} ${n(top + 30)} L${n(x + width)} 400 Z" fill="${tone(trim, 1)}"/>`;
  const stitching = thumb
    ? ""
    : `<path d="M${n(x + width * 0.22)} 400 L${n(x + width * 0.26)} ${n(top + 40)} M${n(x + width * 0.78)} 400 L${n(x + width * 0.74)} ${n(top + 40)}" stroke="${tone(trim, 1.25)}" stroke-width="2" stroke-dasharray="5 4" fill="none"/>`;
  return posts + headrest + back + stitching;
}

function frontCabin(view: View, truck: boolean): string {
  const far = -view.pan * 60;
  const mid = -view.pan * 100;
  const near = -view.pan * 150;
  const dash = "#2b2d31";
  const wheelX = 440 + mid;
  const wheelR = truck ? 92 : 76;
  let svg = sky;
  svg += `<path d="M0 0H600V54Q300 84 0 54Z" fill="#d8d3cb"/>`;
  svg += `<path d="M0 50L${n(80 + far)} 62L${n(170 + mid)} 236L0 268Z" fill="${tone(view.trim, 0.55)}"/>`;
  svg += `<path d="M600 50L${n(520 + far)} 62L${n(430 + mid)} 236L600 268Z" fill="${tone(view.trim, 0.55)}"/>`;
  svg += `<rect x="${n(268 + far)}" y="66" width="64" height="20" rx="7" fill="#1d1e21"/>`;
  svg += `<path d="M-40 250Q${n(300 + mid)} 186 640 250V400H-40Z" fill="${dash}"/>`;
  svg += `<path d="M-40 262Q${n(300 + mid)} 200 640 262V276Q${n(300 + mid)} 214 -40 276Z" fill="${tone(view.trim, 0.85)}"/>`;
  svg += `<rect x="${n(252 + mid)}" y="176" width="96" height="60" rx="7" fill="#0e1318"/>`;
  if (!view.thumb) {
    svg += `<rect x="${n(262 + mid)}" y="188" width="46" height="8" rx="3" fill="#3b82c4"/><rect x="${n(262 + mid)}" y="202" width="76" height="6" rx="3" fill="#4b5563"/><rect x="${n(262 + mid)}" y="214" width="60" height="6" rx="3" fill="#4b5563"/>`;
    svg += `<rect x="${n(178 + mid)}" y="238" width="46" height="14" rx="5" fill="#17181b"/><rect x="${n(376 + mid)}" y="238" width="46" height="14" rx="5" fill="#17181b"/>`;
  }
  svg += `<rect x="${n(wheelX - 62)}" y="206" width="124" height="40" rx="10" fill="#111215"/>`;
  if (!view.thumb) {
    svg += `<circle cx="${n(wheelX - 30)}" cy="226" r="14" fill="none" stroke="#60a5fa" stroke-width="3"/><circle cx="${n(wheelX + 30)}" cy="226" r="14" fill="none" stroke="#e5e7eb" stroke-width="3"/>`;
  }
  svg += `<circle cx="${n(wheelX)}" cy="306" r="${wheelR}" fill="none" stroke="#1c1d20" stroke-width="17"/>`;
  svg += `<path d="M${n(wheelX - wheelR)} 306H${n(wheelX + wheelR)}M${n(wheelX)} 306V${306 + wheelR}" stroke="#1c1d20" stroke-width="14"/>`;
  svg += `<circle cx="${n(wheelX)}" cy="306" r="26" fill="#26282c"/><circle cx="${n(wheelX)}" cy="306" r="8" fill="#9aa0a6"/>`;
  svg += `<path d="M${n(250 + near)} 400L${n(272 + mid)} 262H${n(328 + mid)}L${n(350 + near)} 400Z" fill="#222326"/>`;
  svg += `<rect x="${n(290 + (mid + near) / 2)}" y="300" width="20" height="34" rx="8" fill="#3a3c40"/>`;
  if (truck) {
    svg +=
      seatBack(40 + near, 220, 300, view.trim, view.thumb) +
      seatBack(236 + near, 130, 318, view.trim, view.thumb) +
      seatBack(360 + near, 220, 300, view.trim, view.thumb);
  } else {
    svg += seatBack(50 + near, 190, 300, view.trim, view.thumb) + seatBack(360 + near, 190, 300, view.trim, view.thumb);
  }
  return svg;
}

function rearCabin(view: View): string {
  const far = view.pan * 60;
  const near = view.pan * 140;
  let svg = sky;
  svg += `<path d="M0 0H600V70Q300 96 0 70Z" fill="#d8d3cb"/>`;
  svg += `<path d="M0 60L${n(150 + far)} 80L${n(120 + far)} 220L0 250Z" fill="${tone(view.trim, 0.5)}"/>`;
  svg += `<path d="M600 60L${n(450 + far)} 80L${n(480 + far)} 220L600 250Z" fill="${tone(view.trim, 0.5)}"/>`;
  svg += `<rect x="${n(110 + far)}" y="206" width="380" height="26" rx="6" fill="#2b2d31"/>`;
  svg += `<path d="M${n(70 + near)} 400L${n(90 + near)} 250Q${n(300 + near)} 226 ${n(510 + near)} 250L${n(530 + near)} 400Z" fill="${tone(view.trim, 1)}"/>`;
  for (const x of [130, 270, 410]) {
    svg += `<rect x="${n(x + near)}" y="196" width="60" height="46" rx="14" fill="${tone(view.trim, 0.92)}"/>`;
  }
  if (!view.thumb) {
    svg += `<path d="M${n(200 + near)} 250V400M${n(400 + near)} 250V400" stroke="${tone(view.trim, 0.78)}" stroke-width="3"/>`;
    svg += `<path d="M${n(96 + near)} 246L${n(150 + near)} 400" stroke="#2f3135" stroke-width="7"/>`;
  }
  svg += `<path d="M0 330Q300 300 600 330V400H0Z" fill="#26272a" opacity=".35"/>`;
  return svg;
}

function riderView(view: View): string {
  const far = -view.pan * 120;
  const mid = -view.pan * 60;
  let svg = sky;
  if (view.lookingBack) {
    // Over the shoulder: the seat, the tail and the road behind.
    svg += `<path d="M${n(300 - far)} 222L${n(120 - far * 0.4)} 400H${n(480 - far * 0.4)}Z" fill="#7b8087"/>`;
    svg += `<path d="M150 400Q170 250 300 236Q430 250 450 400Z" fill="${tone(view.trim, 1)}"/>`;
    if (!view.thumb)
      svg += `<path d="M190 400Q205 280 300 268Q395 280 410 400" fill="none" stroke="${tone(view.trim, 1.25)}" stroke-width="2" stroke-dasharray="5 4"/>`;
    svg += `<path d="M${n(240 - mid)} 232L${n(300 - mid)} 196L${n(360 - mid)} 232Z" fill="#2f3236"/><rect x="${n(282 - mid)}" y="206" width="36" height="10" rx="3" fill="#b0141c"/>`;
    return svg;
  }
  svg += `<path d="M${n(300 + far)} 222L${n(120 + far * 0.4)} 400H${n(480 + far * 0.4)}Z" fill="#7b8087"/>`;
  if (!view.thumb)
    svg += `<path d="M${n(300 + far)} 224L${n(300 + far * 0.4)} 400" stroke="#f4f4f0" stroke-width="4" stroke-dasharray="18 16"/>`;
  svg += `<path d="M${n(70 + mid)} 214L${n(130 + mid)} 250H${n(470 + mid)}L${n(530 + mid)} 214" fill="none" stroke="#1d1e21" stroke-width="16" stroke-linecap="round"/>`;
  svg += `<rect x="${n(40 + mid)}" y="200" width="56" height="24" rx="11" fill="#2c2d30"/><rect x="${n(504 + mid)}" y="200" width="56" height="24" rx="11" fill="#2c2d30"/>`;
  svg += `<path d="M${n(150 + mid)} 246L${n(110 + mid)} 150M${n(450 + mid)} 246L${n(490 + mid)} 150" stroke="#3a3b3e" stroke-width="6"/>`;
  svg += `<ellipse cx="${n(100 + mid)}" cy="138" rx="40" ry="24" fill="#1d1e21"/><ellipse cx="${n(500 + mid)}" cy="138" rx="40" ry="24" fill="#1d1e21"/>`;
  svg += `<rect x="${n(236 + mid)}" y="186" width="128" height="72" rx="12" fill="#111215"/>`;
  if (!view.thumb)
    svg += `<rect x="${n(248 + mid)}" y="198" width="104" height="48" rx="6" fill="#1e3a5f"/><path d="M${n(256 + mid)} 236Q${n(300 + mid)} 200 ${n(344 + mid)} 236" stroke="#60a5fa" stroke-width="5" fill="none"/>`;
  svg += `<path d="M170 400Q200 300 300 286Q400 300 430 400Z" fill="#2f3236"/>`;
  svg += `<path d="M210 400Q240 352 300 346Q360 352 390 400Z" fill="${tone(view.trim, 1)}"/>`;
  return svg;
}

function livingArea(view: View): string {
  const far = -view.pan * 50;
  const near = -view.pan * 120;
  const wall = "#efe9df";
  const timber = "#8a6a4a";
  let svg = `<rect width="600" height="400" fill="${wall}"/><rect y="300" width="600" height="100" fill="#b99b77"/>`;
  svg += `<rect x="-60" width="720" height="70" fill="#d9cbb6"/><path d="M-60 70H660" stroke="#bfae95" stroke-width="4"/>`;
  if (view.lookingBack) {
    svg += `<rect x="${n(40 + far)}" y="90" width="110" height="220" rx="4" fill="${timber}"/><rect x="${n(450 + far)}" y="90" width="110" height="220" rx="4" fill="${timber}"/>`;
    svg += `<rect x="${n(170 + far)}" y="130" width="260" height="90" rx="10" fill="#d9cbb6"/>`;
    svg += `<rect x="${n(130 + near)}" y="250" width="340" height="150" rx="14" fill="${tone(view.trim, 1)}"/>`;
    svg += `<rect x="${n(160 + near)}" y="222" width="120" height="44" rx="16" fill="#f7f5f0"/><rect x="${n(320 + near)}" y="222" width="120" height="44" rx="16" fill="#f7f5f0"/>`;
    if (!view.thumb) svg += `<path d="M${n(130 + near)} 300H${n(470 + near)}" stroke="${tone(view.trim, 0.8)}" stroke-width="4"/>`;
    return svg;
  }
  svg += `<rect x="${n(180 + far)}" y="96" width="240" height="110" rx="18" fill="#cfe0ea" stroke="#9aa3ab" stroke-width="6"/>`;
  svg += `<rect x="${n(20 + far)}" y="110" width="120" height="190" rx="4" fill="${timber}"/>`;
  if (!view.thumb)
    svg += `<rect x="${n(30 + far)}" y="150" width="100" height="12" fill="#6b7280"/><circle cx="${n(60 + far)}" cy="135" r="9" fill="#374151"/><circle cx="${n(95 + far)}" cy="135" r="9" fill="#374151"/>`;
  svg += `<path d="M${n(150 + near)} 400V240Q${n(150 + near)} 222 ${n(170 + near)} 222H${n(470 + near)}Q${n(490 + near)} 222 ${n(490 + near)} 240V400Z" fill="${tone(view.trim, 0.9)}"/>`;
  svg += `<rect x="${n(170 + near)}" y="300" width="300" height="100" fill="${tone(view.trim, 1.05)}"/>`;
  svg += `<rect x="${n(220 + near)}" y="262" width="200" height="18" rx="4" fill="#ebe6dc"/><rect x="${n(310 + near)}" y="280" width="18" height="70" fill="#9aa0a6"/>`;
  return svg;
}

export type InteriorFeature = "steering" | "screen" | "seats" | "dash" | "dinette" | "bed";

/** Where interior features sit on frame 0 (looking forward), as percentages of the image. */
export function locateInteriorFeature(body: BodyFamily, feature: InteriorFeature): { x: number; y: number } | null {
  const places: Record<string, Partial<Record<InteriorFeature, [number, number]>>> = {
    car: { steering: [73.3, 76.5], screen: [50, 51.5], seats: [22.5, 88], dash: [50, 62] },
    motorcycle: { dash: [50, 55.5], steering: [20, 58], seats: [50, 93] },
    living: { dinette: [53.3, 68], screen: [50, 37.5], seats: [53.3, 88] },
  };
  const group = body === "motorcycle" ? "motorcycle" : body === "caravan" || body === "motorhome" ? "living" : "car";
  const place = places[group][feature];
  return place ? { x: place[0], y: place[1] } : null;
}
