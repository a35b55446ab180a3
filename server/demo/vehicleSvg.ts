/**
 * Draws a vehicle as a small SVG: the body family's shape turned to one of 24 angles (15 degrees
 * apart, so a 360 spin is 24 frames), painted in the car's colour over a studio backdrop. Faces are
 * shaded by a fixed light and painted back to front, which is all a convex-ish vehicle needs.
 */
import { renderInteriorSvg } from "./interiorSvg";
import {
  SHAPES,
  type Anchor,
  type BodyFamily,
  type Inset,
  type Material,
  type Part,
  type Point2,
  type VehicleShape,
  type Wheel,
} from "./vehicleShapes";

export const SPIN_FRAMES = 24;
export const IMAGE_WIDTH = 600;
export const IMAGE_HEIGHT = 400;

export type ImageView = "exterior" | "interior" | "thumb-exterior" | "thumb-interior";
export const IMAGE_VIEWS: readonly ImageView[] = ["exterior", "interior", "thumb-exterior", "thumb-interior"];

export interface VehicleImageRequest {
  body: BodyFamily;
  /** #rrggbb: the paint for exterior views, the trim for interior views. */
  colour: string;
  /** 0-23; frame n shows the vehicle turned n x 15 degrees. */
  angle: number;
  view: ImageView;
}

export function renderVehicleSvg(request: VehicleImageRequest): string {
  const thumb = request.view.startsWith("thumb-");
  if (request.view.endsWith("interior")) return renderInteriorSvg(request.body, request.colour, request.angle, thumb);
  return svgDocument(thumb, drawExterior(request.body, request.colour, request.angle, thumb));
}

/** A looping turntable: a handful of frames shown in turn (plays in an <img> or <iframe>, no video codec needed). */
export function renderWalkaroundSvg(body: BodyFamily, colour: string): string {
  const frames = 12;
  const step = 0.25;
  const groups: string[] = [];
  for (let i = 0; i < frames; i++) {
    const angle = (i * SPIN_FRAMES) / frames;
    const times = `0;${round3(i / frames)};${round3((i + 1) / frames)}`;
    groups.push(
      `<g display="none"><animate attributeName="display" values="none;inline;none" keyTimes="${times}" calcMode="discrete" dur="${frames * step}s" repeatCount="indefinite"/>${drawVehicle(body, colour, angle, true)}</g>`,
    );
  }
  return svgDocument(false, groups.join(""), true);
}

/** Shown when a car has one image or none yet (spec 000 section 4: new-arrival placeholder). */
export function renderNewArrivalSvg(): string {
  const car = drawVehicle("hatch", "#c9ced4", 3, true);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400">${backdrop()}` +
    `<g opacity=".55" transform="translate(75 0) scale(.75)">${car}</g>` +
    `<rect x="150" y="300" width="300" height="64" rx="32" fill="#1f2933" opacity=".88"/>` +
    `<text x="300" y="331" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,sans-serif" font-size="26" font-weight="700" fill="#fff">New Arrival</text>` +
    `<text x="300" y="353" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,sans-serif" font-size="13" fill="#e5e7eb">Photos coming soon</text></svg>`
  );
}

function svgDocument(thumb: boolean, content: string, noShadowDefs = false): string {
  const size = thumb ? 'width="300" height="200"' : 'width="600" height="400"';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" ${size}>${backdrop(noShadowDefs)}${content}</svg>`;
}

function backdrop(_plain = false): string {
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f7f9"/>` +
    `<stop offset=".58" stop-color="#e4e7eb"/><stop offset=".7" stop-color="#d8dce1"/><stop offset="1" stop-color="#eceef1"/></linearGradient>` +
    `<radialGradient id="sh"><stop offset="0" stop-opacity=".42"/><stop offset=".7" stop-opacity=".16"/><stop offset="1" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="600" height="400" fill="url(#bg)"/>`
  );
}

function drawExterior(body: BodyFamily, colour: string, angle: number, thumb: boolean): string {
  return drawVehicle(body, colour, angle, thumb);
}

// ---- camera ----------------------------------------------------------------------------------

const ELEVATION = (13 * Math.PI) / 180;
const COS_E = Math.cos(ELEVATION);
const SIN_E = Math.sin(ELEVATION);
/** Light from above, in front and slightly to the left, in view space (x right, y up, d toward the viewer). */
const LIGHT = normalise([-0.32, 0.8, 0.5]);

interface Camera {
  cos: number;
  sin: number;
  scale: number;
  cx: number;
  cy: number;
}

type Vec3 = [number, number, number];

function normalise(v: Vec3): Vec3 {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}

/** Object point -> [screen x, screen y, depth toward the viewer]. */
function project(cam: Camera, [x, y, z]: Vec3): [number, number, number] {
  const across = x * cam.cos - z * cam.sin;
  const toward = x * cam.sin + z * cam.cos;
  return [cam.cx + cam.scale * across, cam.cy - cam.scale * (y * COS_E - toward * SIN_E), toward * COS_E + y * SIN_E];
}

/** Object normal -> view-space normal. */
function viewNormal(cam: Camera, [x, y, z]: Vec3): Vec3 {
  return [x * cam.cos - z * cam.sin, y, x * cam.sin + z * cam.cos];
}

function facesViewer(n: Vec3): boolean {
  return n[1] * SIN_E + n[2] * COS_E > 1e-3;
}

function brightness(n: Vec3): number {
  const lambert = Math.max(0, n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2]);
  return 0.5 + 0.62 * lambert;
}

const frameCache = new Map<BodyFamily, { scale: number; cx: number; cy: number }>();

/** One scale and centre per body family, so the vehicle neither jumps nor resizes through a spin. */
function framing(body: BodyFamily): { scale: number; cx: number; cy: number } {
  const cached = frameCache.get(body);
  if (cached) return cached;
  const shape = SHAPES[body];
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let frame = 0; frame < SPIN_FRAMES; frame++) {
    const theta = (frame * 2 * Math.PI) / SPIN_FRAMES;
    const cam: Camera = { cos: Math.cos(theta), sin: Math.sin(theta), scale: 1, cx: 0, cy: 0 };
    for (const point of shapePoints(shape)) {
      const [sx, sy] = project(cam, point);
      minX = Math.min(minX, sx);
      maxX = Math.max(maxX, sx);
      minY = Math.min(minY, sy);
      maxY = Math.max(maxY, sy);
    }
  }
  const scale = Math.min(500 / (maxX - minX), 285 / (maxY - minY));
  const result = { scale, cx: 300 - scale * ((minX + maxX) / 2), cy: 212 - scale * ((minY + maxY) / 2) };
  frameCache.set(body, result);
  return result;
}

function* shapePoints(shape: VehicleShape): Generator<Vec3> {
  for (const part of shape.parts) for (const [x, y] of part.points) for (const z of part.z) yield [x, y, z];
  for (const wheel of shape.wheels) {
    for (const z of wheel.single ? [wheel.z] : [wheel.z, -wheel.z]) {
      yield [wheel.x - wheel.r, 0, z];
      yield [wheel.x + wheel.r, 0, z];
    }
  }
}

function cameraFor(body: BodyFamily, angle: number): Camera {
  const theta = (((angle % SPIN_FRAMES) + SPIN_FRAMES) % SPIN_FRAMES) * ((2 * Math.PI) / SPIN_FRAMES);
  return { cos: Math.cos(theta), sin: Math.sin(theta), ...framing(body) };
}

// ---- colours ---------------------------------------------------------------------------------

function parseHex(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return `#${((1 << 24) | (clamp(r) << 16) | (clamp(g) << 8) | clamp(b)).toString(16).slice(1)}`;
}

function luma([r, g, b]: [number, number, number]): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

function palette(colour: string): Record<Material, [number, number, number]> {
  const paint = parseHex(colour);
  const accent: [number, number, number] = luma(paint) > 170 ? [93, 107, 120] : [paint[0] * 0.62, paint[1] * 0.62, paint[2] * 0.62];
  return {
    body: paint,
    accent,
    glass: [34, 44, 54],
    dark: [36, 38, 42],
    trim: [154, 160, 166],
    chrome: [200, 204, 209],
    light: [243, 241, 231],
    tail: [176, 20, 28],
    plate: [242, 242, 234],
    white: [243, 244, 242],
    seat: [43, 43, 46],
  };
}

/** Shaded colour; very dark paint gets a little lift so black cars still show their shape. */
function shade(rgb: [number, number, number], light: number): string {
  const lift = (light - 0.85) * 55;
  return toHex([rgb[0] * light + lift, rgb[1] * light + lift, rgb[2] * light + lift]);
}

// ---- drawing ---------------------------------------------------------------------------------

interface Drawable {
  depth: number;
  svg: string;
}

const fmt = (n: number): string => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
};
const round3 = (n: number) => Math.round(n * 1000) / 1000;

function pathOf(points: [number, number, number][]): string {
  return `M${points.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join("L")}Z`;
}

function polygon(points: [number, number, number][], fill: string): string {
  return `<path d="${pathOf(points)}" fill="${fill}" stroke="${fill}"/>`;
}

function drawVehicle(body: BodyFamily, colour: string, angle: number, thumb: boolean): string {
  const shape = SHAPES[body];
  const cam = cameraFor(body, angle);
  const colours = palette(colour);
  const items: Drawable[] = [];
  for (const part of shape.parts) {
    if (thumb && part.detail) continue;
    items.push(...drawPart(cam, part, colours, thumb));
  }
  for (const wheel of shape.wheels) {
    for (const side of wheel.single ? [0] : [1, -1]) items.push(drawWheel(cam, wheel, side, colours, thumb));
  }
  items.sort((a, b) => a.depth - b.depth);
  return `${shadow(cam, shape)}<g stroke-width=".7" stroke-linejoin="round">${items.map((i) => i.svg).join("")}</g>`;
}

function shadow(cam: Camera, shape: VehicleShape): string {
  const centre = project(cam, [0, 0, 0]);
  const along = project(cam, [shape.length * 0.58, 0, 0]);
  const across = project(cam, [0, 0, shape.width * 0.75]);
  const m = [along[0] - centre[0], along[1] - centre[1], across[0] - centre[0], across[1] - centre[1], centre[0], centre[1]];
  return `<circle r="1" fill="url(#sh)" transform="matrix(${m.map(fmt).join(" ")})"/>`;
}

function drawPart(cam: Camera, part: Part, colours: Record<Material, [number, number, number]>, thumb: boolean): Drawable[] {
  const out: Drawable[] = [];
  const [z0, z1] = part.z;
  const pts = part.points;
  // Side faces (the profile itself) at each end of the extrusion.
  for (const [z, nz] of [
    [z1, 1],
    [z0, -1],
  ] as const) {
    const n = viewNormal(cam, [0, 0, nz]);
    if (!facesViewer(n)) continue;
    const light = brightness(n);
    const projected = pts.map(([x, y]) => project(cam, [x, y, z]));
    let svg = polygon(projected, shade(colours[part.mat], light));
    for (const decal of part.decals ?? []) {
      if (thumb && decal.mat !== "glass") continue;
      const offset = z + nz * 0.004;
      svg += polygon(
        decal.points.map(([x, y]) => project(cam, [x, y, offset])),
        shade(colours[decal.mat], decal.mat === "glass" ? light * 0.9 : light),
      );
    }
    out.push({ depth: average(projected), svg });
  }
  // Faces between consecutive profile points, running across the width.
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i];
    const b = pts[(i + 1) % pts.length];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const length = Math.hypot(dx, dy);
    if (length < 1e-6) continue;
    const normal: Vec3 = [dy / length, -dx / length, 0];
    const n = viewNormal(cam, normal);
    if (!facesViewer(n)) continue;
    const light = brightness(n);
    const quad = [
      project(cam, [a[0], a[1], z0]),
      project(cam, [b[0], b[1], z0]),
      project(cam, [b[0], b[1], z1]),
      project(cam, [a[0], a[1], z1]),
    ];
    const mat = part.faceMats?.[i] ?? part.mat;
    let svg = polygon(quad, shade(colours[mat], mat === "glass" ? light * 0.95 : light));
    if (!thumb) {
      for (const inset of part.insets ?? []) {
        if (inset.edge !== i) continue;
        for (const zRange of insetRanges(inset)) {
          if (inset.mat === "light") {
            // A lamp is a dark housing round a bright lens, so it shows on white paint too.
            svg += polygon(insetQuad(cam, a, b, normal, inset.t, zRange), shade(colours.dark, light));
            svg += polygon(insetQuad(cam, a, b, normal, shrink(inset.t, 0.22), shrink(zRange, 0.14)), shade(colours.light, light));
          } else {
            svg += polygon(insetQuad(cam, a, b, normal, inset.t, zRange), shade(colours[inset.mat], light));
          }
        }
      }
    }
    out.push({ depth: average(quad), svg });
  }
  return out;
}

function shrink([from, to]: [number, number], by: number): [number, number] {
  const margin = (to - from) * by;
  return [from + margin, to - margin];
}

function insetRanges(inset: Inset): [number, number][] {
  return inset.mirror ? [inset.z, [-inset.z[1], -inset.z[0]]] : [inset.z];
}

function insetQuad(cam: Camera, a: Point2, b: Point2, normal: Vec3, [t0, t1]: [number, number], [za, zb]: [number, number]) {
  const at = (t: number): Point2 => [a[0] + (b[0] - a[0]) * t + normal[0] * 0.004, a[1] + (b[1] - a[1]) * t + normal[1] * 0.004];
  const p0 = at(t0);
  const p1 = at(t1);
  return [
    project(cam, [p0[0], p0[1], za]),
    project(cam, [p1[0], p1[1], za]),
    project(cam, [p1[0], p1[1], zb]),
    project(cam, [p0[0], p0[1], zb]),
  ];
}

function average(points: [number, number, number][]): number {
  return points.reduce((sum, p) => sum + p[2], 0) / points.length;
}

/**
 * A wheel is a short cylinder: an ellipse for each face and the tread band joining them. Orthographic
 * projection is affine, so each face is a unit circle under one SVG matrix.
 */
function drawWheel(cam: Camera, wheel: Wheel, side: number, colours: Record<Material, [number, number, number]>, thumb: boolean): Drawable {
  const centreZ = side === 0 ? wheel.z : wheel.z * side;
  const half = wheel.width / 2;
  const outwards = side === 0 ? 1 : side;
  const outerZ = centreZ + half * outwards;
  const innerZ = centreZ - half * outwards;
  const faceMatrix = (z: number, radius: number) => {
    const c = project(cam, [wheel.x, wheel.r, z]);
    const u = project(cam, [wheel.x + radius, wheel.r, z]);
    const v = project(cam, [wheel.x, wheel.r - radius, z]);
    return { c, u: [u[0] - c[0], u[1] - c[1]] as const, v: [v[0] - c[0], v[1] - c[1]] as const };
  };
  const outer = faceMatrix(outerZ, wheel.r);
  const inner = faceMatrix(innerZ, wheel.r);
  const outerFacing = facesViewer(viewNormal(cam, [0, 0, outwards]));
  const near = outerFacing ? outer : inner;
  const far = outerFacing ? inner : outer;
  const tyre = shade(colours.dark, 0.62);
  const tread = shade(colours.dark, 0.78);
  const matrix = (m: typeof outer) => `matrix(${[m.u[0], m.u[1], m.v[0], m.v[1], m.c[0], m.c[1]].map(fmt).join(" ")})`;
  // Tread band: the tangent points where the face ellipse's edge runs parallel to the axle.
  const axis = [near.c[0] - far.c[0], near.c[1] - far.c[1]];
  const cross = (p: readonly [number, number], q: number[]) => p[0] * q[1] - p[1] * q[0];
  const t0 = Math.atan2(cross(far.v, axis), cross(far.u, axis));
  const edge = (m: typeof outer, t: number): [number, number, number] => [
    m.c[0] + m.u[0] * Math.cos(t) + m.v[0] * Math.sin(t),
    m.c[1] + m.u[1] * Math.cos(t) + m.v[1] * Math.sin(t),
    0,
  ];
  let svg = `<circle r="1" fill="${tyre}" stroke="none" transform="${matrix(far)}"/>`;
  svg += polygon([edge(far, t0), edge(far, t0 + Math.PI), edge(near, t0 + Math.PI), edge(near, t0)], tread);
  svg += `<g transform="${matrix(near)}" stroke="none"><circle r="1" fill="${tyre}"/>`;
  if (outerFacing) {
    const rim = shade(colours[wheel.rim ?? "chrome"], 0.95);
    svg += `<circle r=".66" fill="${rim}"/>`;
    if (!thumb) {
      svg += `<circle r=".5" fill="${shade(colours.dark, 0.9)}"/>`;
      svg += `<path d="${spokes()}" fill="${rim}"/>`;
    }
    svg += `<circle r=".15" fill="${shade(colours.trim, 0.9)}"/>`;
  }
  svg += "</g>";
  const depthPoint = project(cam, [wheel.x, wheel.r, side === 0 ? centreZ : centreZ + (half + 0.08) * outwards]);
  return { depth: depthPoint[2], svg };
}

let spokePath = "";
function spokes(): string {
  if (spokePath) return spokePath;
  const parts: string[] = [];
  for (let i = 0; i < 5; i++) {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    const w = 0.16;
    const p = (r: number, da: number) => `${round3(Math.cos(a + da) * r)} ${round3(Math.sin(a + da) * r)}`;
    parts.push(`M${p(0.12, -w * 1.6)}L${p(0.54, -w * 0.35)}L${p(0.54, w * 0.35)}L${p(0.12, w * 1.6)}Z`);
  }
  spokePath = parts.join("");
  return spokePath;
}

// ---- hotspots --------------------------------------------------------------------------------

export type ExteriorFeature = "wheel" | "headlight" | "taillight" | "roof" | "side";

/**
 * Where a feature of the body family appears on a frame, as percentages of the image, and whether it
 * faces the viewer on that frame (a hotspot on a hidden face would float over the wrong panel).
 */
export function locateFeature(body: BodyFamily, feature: ExteriorFeature, angle: number): { x: number; y: number; visible: boolean } {
  const cam = cameraFor(body, angle);
  const anchor: Anchor = SHAPES[body].anchors[feature];
  const [sx, sy] = project(cam, anchor.point);
  const n = viewNormal(cam, normalise(anchor.normal));
  return {
    x: Math.round((sx / IMAGE_WIDTH) * 1000) / 10,
    y: Math.round((sy / IMAGE_HEIGHT) * 1000) / 10,
    visible: n[1] * SIN_E + n[2] * COS_E > 0.35,
  };
}
