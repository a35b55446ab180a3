/**
 * The public URLs of generated vehicle images. Every variable is in the path (body family, colour,
 * view, angle) so each URL always draws the same picture and can be cached forever.
 */
import { IMAGE_VIEWS, SPIN_FRAMES, type ImageView } from "../demo/vehicleSvg";
import { isBodyFamily, type BodyFamily } from "../demo/vehicleShapes";

export const MEDIA_PREFIX = "/media";
export const NEW_ARRIVAL_PLACEHOLDER_URL = `${MEDIA_PREFIX}/placeholder/new-arrival.svg`;

/** Body names dealers' feeds use (the spec's body-type list and common variants) -> the drawing used. */
const FAMILY_BY_BODY: Record<string, BodyFamily> = {
  sedan: "sedan",
  prestige: "sedan",
  hatch: "hatch",
  hatchback: "hatch",
  ev: "hatch",
  suv: "suv",
  "4x4": "suv",
  hardtop: "suv",
  wagon: "wagon",
  stationwagon: "wagon",
  ute: "ute",
  utility: "ute",
  van: "van",
  bus: "peopleMover",
  peoplemover: "peopleMover",
  coupe: "coupe",
  convertible: "convertible",
  softtop: "convertible",
  cabchassis: "cabChassis",
  lighttruck: "lightTruck",
  truck: "lightTruck",
  motorhome: "motorhome",
  campervan: "motorhome",
  caravan: "caravan",
  camper: "caravan",
  motorcycle: "motorcycle",
  motorbike: "motorcycle",
};

/** The drawing for a vehicle's simple_body; unknown bodies fall back by item type, then to a sedan. */
export function bodyFamilyFor(simpleBody: string, itemType?: string): BodyFamily {
  const key = simpleBody.replace(/[\s_-]/g, "").toLowerCase();
  const family = FAMILY_BY_BODY[key];
  if (family) return family;
  if (itemType === "motorcycle") return "motorcycle";
  if (itemType === "caravan") return "caravan";
  if (itemType === "truck") return "cabChassis";
  return "sedan";
}

const HEX = /^#?([0-9a-fA-F]{6})$/;

function hexSegment(colour: string): string {
  const match = HEX.exec(colour);
  if (!match) throw new Error(`not a #rrggbb colour: ${colour}`);
  return match[1].toLowerCase();
}

export function vehicleImageUrl(body: BodyFamily, colour: string, view: ImageView, angle: number): string {
  return `${MEDIA_PREFIX}/vehicles/${body}/${hexSegment(colour)}/${view}-${angle}.svg`;
}

export function walkaroundUrl(body: BodyFamily, colour: string): string {
  return `${MEDIA_PREFIX}/vehicles/${body}/${hexSegment(colour)}/walkaround.svg`;
}

export function historyReportUrl(vehicleId: string): string {
  return `${MEDIA_PREFIX}/reports/${encodeURIComponent(vehicleId)}.pdf`;
}

export type MediaRequest =
  | { kind: "vehicle"; body: BodyFamily; colour: string; view: ImageView; angle: number }
  | { kind: "walkaround"; body: BodyFamily; colour: string }
  | { kind: "placeholder" }
  | { kind: "report"; vehicleId: string };

const FRAME_FILE = /^([a-z-]+)-(0|[1-9][0-9]?)\.svg$/;
const REPORT_FILE = /^([a-z0-9][a-z0-9-]{0,99})\.pdf$/;

/**
 * Reads the part of a URL after /media/. Anything that is not exactly a URL this module builds is
 * null (the route answers 404), so no odd input reaches the renderer.
 */
export function parseMediaPath(splat: string): MediaRequest | null {
  const segments = splat.split("/");
  if (segments.length === 2 && segments[0] === "placeholder" && segments[1] === "new-arrival.svg") return { kind: "placeholder" };
  if (segments.length === 2 && segments[0] === "reports") {
    const report = REPORT_FILE.exec(segments[1]);
    return report ? { kind: "report", vehicleId: report[1] } : null;
  }
  if (segments.length !== 4 || segments[0] !== "vehicles") return null;
  const [, body, colour, file] = segments;
  if (!isBodyFamily(body) || !/^[0-9a-fA-F]{6}$/.test(colour)) return null;
  const hex = `#${colour.toLowerCase()}`;
  if (file === "walkaround.svg") return { kind: "walkaround", body, colour: hex };
  const frame = FRAME_FILE.exec(file);
  if (!frame) return null;
  const view = frame[1] as ImageView;
  const angle = Number(frame[2]);
  if (!IMAGE_VIEWS.includes(view) || angle >= SPIN_FRAMES) return null;
  return { kind: "vehicle", body, colour: hex, view, angle };
}
