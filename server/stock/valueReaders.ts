/**
 * How the values in dealers' stock exports are read into the site's fields: one pure rule per kind of
 * value, each unit-tested (valueReaders.test.ts). A reader answers `{ value }`, or `{ problem }` with a
 * sentence the import report shows beside the line, column and value; the importer then leaves that
 * field empty (only make, model, year and a for-sale price reject a row). Blank cells and the markers
 * exports use for "not known" (`-`, `N/A`...) never reach a reader: `isUnknownValue` catches them first.
 */
import type { CarType, VehicleStatus } from "~/domain/vehicle";

export type Reading<T> = { value: T } | { problem: string };

const ok = <T>(value: T): Reading<T> => ({ value });
const problem = (text: string): { problem: string } => ({ problem: text });

/** The words dealers' exports use for "not known" (classified exports write `-`). */
const UNKNOWN = new Set(["-", "--", "—", "–", "n/a", "na", "n.a.", "unknown", "not known", "tba", "tbc", "null", "none", "nil", "?"]);

export function isUnknownValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== "string") return false;
  const text = value.trim().toLowerCase();
  return text === "" || UNKNOWN.has(text);
}

/** Upper case, words joined by one space: "  front-wheel_drive " -> "FRONT WHEEL DRIVE". */
function key(text: string): string {
  return text
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, " ");
}

/**
 * "White / Black" -> exterior colour White, interior colour Black (classified exports put both in one
 * column). Either side may be `-` for not known; a value without a slash is the exterior colour only.
 */
export function readColours(text: string): { colour: string; interior: string } {
  const [outside, ...inside] = text.split(/\s*\/\s*/);
  const clean = (part: string | undefined) => (part === undefined || isUnknownValue(part) ? "" : part.trim());
  return { colour: clean(outside), interior: clean(inside.join(" / ") || undefined) };
}

/**
 * "4 cyl, 2.2 L" -> 4 cylinders and 2.2 litres. Also "2.0L", "V6 3.5L", "2.4L 4 Cylinder", "1998cc".
 * An electric car's "0 cyl, 0 L" has neither (null), which is not a problem.
 */
export function readEngine(text: string): Reading<{ cylinders: number | null; litres: number | null }> {
  const cylinders = /(\d{1,2})\s*-?\s*(?:cyl(?:inders?)?|cylinder)\b/i.exec(text) ?? /\b[VWHI](\d{1,2})\b/i.exec(text);
  const litres = /(\d{1,2}(?:\.\d{1,2})?)\s*(?:l|lt|litres?|liters?)(?![a-z])/i.exec(text);
  const cc = /(\d{3,5})\s*cc\b/i.exec(text);
  if (!cylinders && !litres && !cc) return problem('is not an engine like "4 cyl, 2.2 L"');
  const cyl = cylinders ? Number(cylinders[1]) : 0;
  const size = litres ? Number(litres[1]) : cc ? Math.round(Number(cc[1]) / 100) / 10 : 0;
  if (cyl > 16 || size > 20) return problem('is not an engine like "4 cyl, 2.2 L"');
  return ok({ cylinders: cyl || null, litres: size || null });
}

/** "8.7 L / 100 km", "8.7L/100km" or "8.7" -> 8.7 litres per 100 km; an electric car's 0 is none (null). */
export function readFuelConsumption(text: string): Reading<number | null> {
  const match = /^\s*(\d{1,3}(?:\.\d{1,2})?)\s*(?:l(?:itres?)?\s*(?:\/|per)\s*100\s*km)?\s*$/i.exec(text);
  if (!match) return problem('is not a fuel consumption like "8.7 L / 100 km"');
  const litres = Number(match[1]);
  if (litres > 100) return problem('is not a fuel consumption like "8.7 L / 100 km"');
  return ok(litres || null);
}

/** " 5 Doors", "7 Seats", "4 cyl" or "5" -> the number; the word after it is ignored. */
export function readCount(text: string): Reading<number> {
  const match = /^\s*(\d{1,3})(?:\s*[a-z]+\.?)?\s*$/i.exec(text);
  if (!match) return problem("is not a number");
  return ok(Number(match[1]));
}

export type Drive = "FWD" | "RWD" | "AWD" | "4WD";
const DRIVES: Record<string, Drive> = {
  FWD: "FWD",
  FRONT: "FWD",
  "FRONT WHEEL DRIVE": "FWD",
  "FRONT WHEEL": "FWD",
  "2WD FRONT": "FWD",
  RWD: "RWD",
  REAR: "RWD",
  "REAR WHEEL DRIVE": "RWD",
  "REAR WHEEL": "RWD",
  // Australian utes sold as 4x2 drive the rear wheels.
  "4X2": "RWD",
  AWD: "AWD",
  "ALL WHEEL DRIVE": "AWD",
  "ALL WHEEL": "AWD",
  "4WD": "4WD",
  "4X4": "4WD",
  "FOUR WHEEL DRIVE": "4WD",
  "4 WHEEL DRIVE": "4WD",
};

/** Front / Rear / AWD / 4WD and their spellings (FWD, 4x4, "Front Wheel Drive"...) -> the site's FWD, RWD, AWD, 4WD. */
export function readDrive(text: string): Reading<Drive> {
  const drive = DRIVES[key(text)];
  return drive ? ok(drive) : problem("is not a drive the site knows (FWD, RWD, AWD or 4WD; Front, Rear, 4x4 are understood)");
}

export type Fuel = "Petrol" | "Diesel" | "Hybrid" | "Electric" | "Plug-in Hybrid";
const FUELS: Record<string, Fuel> = {
  PETROL: "Petrol",
  UNLEADED: "Petrol",
  "UNLEADED PETROL": "Petrol",
  ULP: "Petrol",
  PREMIUM: "Petrol",
  "PREMIUM UNLEADED": "Petrol",
  "PREMIUM UNLEADED PETROL": "Petrol",
  PULP: "Petrol",
  E10: "Petrol",
  GASOLINE: "Petrol",
  GAS: "Petrol",
  DIESEL: "Diesel",
  HYBRID: "Hybrid",
  "PETROL HYBRID": "Hybrid",
  "HYBRID PETROL": "Hybrid",
  "PETROL/ELECTRIC": "Hybrid",
  "PETROL / ELECTRIC": "Hybrid",
  HEV: "Hybrid",
  ELECTRIC: "Electric",
  EV: "Electric",
  BEV: "Electric",
  "PLUG IN HYBRID": "Plug-in Hybrid",
  "PLUGIN HYBRID": "Plug-in Hybrid",
  PHEV: "Plug-in Hybrid",
};

/** Unleaded / Premium / Diesel / Hybrid / Electric (and PHEV, Gasoline...) -> the site's fuel types. */
export function readFuel(text: string): Reading<Fuel> {
  const fuel = FUELS[key(text)];
  return fuel ? ok(fuel) : problem("is not a fuel the site lists (Petrol, Diesel, Hybrid, Electric, Plug-in Hybrid)");
}

export type Transmission = "Automatic" | "Manual";

/** Automatic, Auto, A/T, CVT, "8 Speed Sports Automatic" -> Automatic; Manual, M/T, "6 Speed Manual" -> Manual. */
export function readTransmission(text: string): Reading<Transmission> {
  const k = key(text);
  // Automatic first: "Sports Automatic with manual mode" and "Automated Manual" are automatics.
  if (/\bAUTO(MATIC|MATED)?\b|^A\/?T$|\bCVT\b|\bDCT\b|\bDSG\b|\bAMT\b|\bSINGLE SPEED\b|\bREDUCTION GEAR\b/.test(k)) return ok("Automatic");
  if (/\bMAN(UAL)?\b|^M\/?T$/.test(k)) return ok("Manual");
  return problem("is not a transmission the site knows (Automatic or Manual)");
}

const CAR_TYPES: Record<string, CarType> = {
  NEW: "new",
  "BRAND NEW": "new",
  N: "new",
  DEMO: "demo",
  DEMONSTRATOR: "demo",
  "EX DEMO": "demo",
  "EX DEMONSTRATOR": "demo",
  USED: "used",
  U: "used",
  "PRE OWNED": "used",
  PREOWNED: "used",
  "SECOND HAND": "used",
};
const CERTIFIED = new Set(["CPO", "CERTIFIED", "CERTIFIED PRE OWNED", "CERTIFIED USED"]);

/** USED / NEW / DEMO, Pre-owned, Demonstrator, and CPO or "Certified Pre-Owned" (used, certified) -> the site's car types. */
export function readCarType(text: string): Reading<{ carType: CarType; certified: boolean }> {
  const k = key(text);
  if (CERTIFIED.has(k)) return ok({ carType: "used", certified: true });
  const carType = CAR_TYPES[k];
  return carType ? ok({ carType, certified: false }) : problem("is not a car type the site knows (new, demo or used)");
}

const STATUSES: Record<string, VehicleStatus> = {
  "IN STOCK": "in_stock",
  INSTOCK: "in_stock",
  AVAILABLE: "in_stock",
  "FOR SALE": "in_stock",
  ACTIVE: "in_stock",
  // A deal in progress: still the dealer's car until the feed says sold.
  PENDING: "in_stock",
  "UNDER OFFER": "in_stock",
  "COMING SOON": "coming_soon",
  INCOMING: "coming_soon",
  "IN TRANSIT": "coming_soon",
  "ON ORDER": "coming_soon",
  PREORDER: "coming_soon",
  "PRE ORDER": "coming_soon",
  BACKORDER: "coming_soon",
  SOLD: "sold",
  DELIVERED: "sold",
  "NOT AVAILABLE": "sold",
  UNAVAILABLE: "sold",
  "OUT OF STOCK": "sold",
};

/** in_stock / coming_soon / sold and the feeds' words for them (AVAILABLE, Incoming, out of stock...). */
export function readStatus(text: string): Reading<VehicleStatus> {
  const status = STATUSES[key(text)];
  return status ? ok(status) : problem("is not a status the site knows (in_stock, coming_soon or sold)");
}

export type DistanceUnit = "km" | "mi";
const KM_PER_MILE = 1.609344;

/**
 * An odometer reading in kilometres: "48,211", "48211 km", "1500 KM", or "12,000 miles" / "12000 mi"
 * (converted). A number without a unit is in `unit`, the feed's own (kilometres unless it says miles).
 */
export function readDistance(text: string, unit: DistanceUnit = "km"): Reading<number> {
  const match = /^\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*(km|kms|kilometres|kilometers|k|mi|mile|miles)?\.?\s*$/i.exec(text);
  if (!match) return problem("is not a distance like 48211 or 48,211 km");
  const amount = Number(match[1].replace(/,/g, ""));
  const written = match[2]?.toLowerCase();
  const inMiles = written ? written.startsWith("mi") : unit === "mi";
  return ok(inMiles ? Math.round(amount * KM_PER_MILE) : amount);
}

/** Words that mean "ask us" instead of a price: the site shows its no-price text. */
const NO_PRICE = /^(poa|p\.o\.a\.?|price on application|enquire|enquire for price|call|call for price|contact us|tba)$/i;

/**
 * A price in Australian dollars: "34990", "$34,990", "$34,990.00", "34990 AUD", "AUD 34,990.00", and
 * POA (0, which shows the site's no-price text). Another currency is a problem, never converted.
 */
export function readPrice(text: string): Reading<number> {
  const trimmed = text.trim();
  if (NO_PRICE.test(trimmed)) return ok(0);
  const match = /^(?:([A-Z]{3})\s*)?(?:AU)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\s*([A-Z]{3})?$/i.exec(trimmed);
  if (!match) return problem("is not a price like 34990 or $34,990");
  const currency = (match[1] ?? match[4] ?? "AUD").toUpperCase();
  if (currency !== "AUD") return problem(`is in ${currency}; the site shows prices in Australian dollars (AUD)`);
  return ok(Number(match[2].replace(/,/g, "") + (match[3] ?? "")));
}

/** Words a listing title carries that are not the badge: the drive in brackets, the gearbox before it. */
const TITLE_DRIVE = /\s*\((?:awd|4wd|4x4|4x2|fwd|rwd|2wd|4matic|quattro|xdrive)\)\s*/gi;
const TITLE_GEARBOX = /^(?:auto(?:matic)?|manual)\b\s*/i;

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/**
 * The badge a classified listing's title names when the export has no badge column:
 * "2022 Ssangyong Rexton Ultimate (awd)" with make Ssangyong and model Rexton -> "Ultimate". The year,
 * make and model at its start, a bracketed drive and a leading Auto/Manual are not the badge. A title
 * that does not start with the car's make and model gives no badge.
 */
export function badgeFromTitle(title: string, car: { year?: string | number; make: string; model: string }): string {
  let rest = title.trim();
  const year = String(car.year ?? "").trim();
  if (year && rest.startsWith(year)) rest = rest.slice(year.length).trim();
  for (const part of [car.make, car.model]) {
    const target = words(part);
    if (!target) return "";
    // Match the part word by word, so "Mercedes Benz" in a title matches the make "Mercedes-Benz".
    const tokens = rest.split(/\s+/);
    let taken = 0;
    let seen = "";
    while (taken < tokens.length && seen.length < target.length) {
      seen = words(`${seen} ${tokens[taken]}`);
      taken++;
    }
    if (seen !== target) return "";
    rest = tokens.slice(taken).join(" ");
  }
  const badge = rest.replace(TITLE_DRIVE, " ").replace(TITLE_GEARBOX, "").replace(/\s+/g, " ").trim();
  return badge.slice(0, 80);
}
