/**
 * Body types with images (spec 000 section 9). Stock spells bodies many ways ('SUV', 'Cab Chassis',
 * 'cab-chassis', 'People Mover'); each is matched to its image by letters and digits alone.
 */
export const BODY_TYPE_IMAGES = [
  "4x4",
  "bus",
  "cabChassis",
  "convertible",
  "coupe",
  "ev",
  "hardtop",
  "hatch",
  "hatchback",
  "motorhome",
  "lightTruck",
  "peopleMover",
  "prestige",
  "sedan",
  "softtop",
  "suv",
  "ute",
  "van",
  "wagon",
  "stationWagon",
] as const;
export type BodyTypeImage = (typeof BODY_TYPE_IMAGES)[number];

const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
const ALIASES: Record<string, BodyTypeImage> = {
  utility: "ute",
  pickup: "ute",
  cab: "cabChassis",
  electric: "ev",
  mpv: "peopleMover",
  minivan: "peopleMover",
  truck: "lightTruck",
  cabriolet: "convertible",
  roadster: "convertible",
  estate: "stationWagon",
  campervan: "motorhome",
  liftback: "hatchback",
};
const BY_KEY = new Map<string, BodyTypeImage>([
  ...BODY_TYPE_IMAGES.map((b): [string, BodyTypeImage] => [key(b), b]),
  ...Object.entries(ALIASES),
]);

/** The illustration for a body as stock spells it, or null (the tile then shows the name alone). */
export function bodyTypeImage(body: string): string | null {
  const found = BY_KEY.get(key(body));
  return found ? `/body-types/${found}.svg` : null;
}

const LABELS: Record<string, string> = {
  suv: "SUV",
  "4x4": "4x4",
  ev: "EV",
  ute: "Ute",
  cabchassis: "Cab Chassis",
  peoplemover: "People Mover",
  lighttruck: "Light Truck",
  stationwagon: "Station Wagon",
  softtop: "Soft Top",
  hardtop: "Hard Top",
};

/** 'suv' -> 'SUV', 'cabChassis' -> 'Cab Chassis', 'Sedan' -> 'Sedan'. */
export function bodyLabel(body: string): string {
  const known = Object.hasOwn(LABELS, key(body)) ? LABELS[key(body)] : undefined;
  if (known) return known;
  const spaced = body
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim();
  return spaced.replace(/\b\w/g, (c) => c.toUpperCase());
}

/** 'SUV' -> 'SUVs', 'Bus' -> 'Buses', 'Car' -> 'Cars'. */
export function pluralLabel(label: string): string {
  if (/(s|x|z|ch|sh)$/i.test(label) && !/4x4$/i.test(label)) return `${label}es`;
  return `${label}s`;
}
