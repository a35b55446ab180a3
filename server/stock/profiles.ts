/**
 * Feed profiles: for one export layout, which source column fills which of the site's fields, and how
 * its values are read (docs/stock-import.md, "Feed profiles"). Built in: this site's own layout
 * (`platform`, the default), the Australian classifieds export, a dealer-management-system export,
 * Google's vehicle listings feed and Meta's automotive inventory catalogue. A dealer picks one in
 * tenant.json (`stock.feed.profile`) and may point any field at its own column names
 * (`stock.feed.columns`); `mapRecord` then turns one source record into the site's fields.
 */
import type { TenantConfig } from "../tenants/schema";
import { FEED_FIELDS, LIST_FIELDS, SITE_FIELDS, type FeedField, type FeedProfileName } from "./feedFields";
import {
  badgeFromTitle,
  isUnknownValue,
  readCarType,
  readColours,
  readCount,
  readDistance,
  readDrive,
  readEngine,
  readFuel,
  readFuelConsumption,
  readPrice,
  readStatus,
  readTransmission,
  type DistanceUnit,
  type Reading,
} from "./valueReaders";

export interface FeedProfile {
  name: FeedProfileName;
  /** What exports it reads, for messages and the docs. */
  label: string;
  /**
   * Where each field comes from: source column names (or paths into a JSON or XML item, such as
   * `mileage.value` or `image[].url`); for a single value the first one holding a value wins, a list
   * field takes every one in order.
   */
  columns: Partial<Record<FeedField, readonly string[]>>;
  /** What separates the items of a list inside one CSV cell. */
  listSeparator: string;
  /** The unit of odometer readings that do not name theirs. */
  distanceUnit: DistanceUnit;
  /** Element names that hold one vehicle in an XML feed (the first found from the root). */
  xmlItems: readonly string[];
  /** The layout's own words for a field's values, read before the site's (Meta's body style TRUCK is a ute). */
  valueAliases?: Partial<Record<FeedField, Record<string, string>>>;
}

/** Other names dealers give this site's own columns. */
const PLATFORM_ALIASES: Partial<Record<FeedField, readonly string[]>> = {
  stocknum: ["stock_number", "stock_no", "stockno"],
  car_type: ["condition"],
  km: ["kms", "odometer"],
  colour: ["color"],
  dealercomments: ["comments", "description"],
  images: ["photos"],
  features: ["standardequipment"],
  regplate: ["rego"],
  location: ["location_id"],
};

const platform: FeedProfile = {
  name: "platform",
  label: "this site's own layout",
  columns: Object.fromEntries(SITE_FIELDS.map((field) => [field, [field, ...(PLATFORM_ALIASES[field] ?? [])]])),
  listSeparator: "|",
  distanceUnit: "km",
  xmlItems: ["vehicle", "car", "listing", "item"],
};

/** The big Australian classifieds' export (also the public "Australian vehicle prices" data set). */
const classifiedsAu: FeedProfile = {
  name: "classifieds-au",
  label: "Australian classified listings export (Brand, Year, Model, Title, UsedOrNew, ColourExtInt...)",
  columns: {
    make: ["Brand"],
    year: ["Year"],
    model: ["Model"],
    title: ["Title"],
    car_type: ["UsedOrNew"],
    transmission: ["Transmission"],
    engine: ["Engine"],
    drive: ["DriveType"],
    fuel: ["FuelType"],
    fuel_consumption: ["FuelConsumption"],
    km: ["Kilometres"],
    colours: ["ColourExtInt"],
    location: ["Location"],
    cylinders: ["CylindersinEngine"],
    body: ["BodyType"],
    doors: ["Doors"],
    seats: ["Seats"],
    price: ["Price"],
  },
  listSeparator: "|",
  distanceUnit: "km",
  xmlItems: ["listing", "vehicle", "item"],
};

/** A dealer-management system's inventory export: a Type/Condition column, `|`-separated photo URLs. */
const dms: FeedProfile = {
  name: "dms",
  label:
    "dealer-management-system export (Type, Stock #, VIN, Year, Make, Model, Trim, Body, Ext Color, Mileage, Internet Price, ImageList)",
  columns: {
    car_type: ["Type", "Condition", "New/Used", "NewUsed"],
    stocknum: ["Stock #", "Stock#", "Stock No", "Stock Number", "StockNumber", "Stock"],
    vin: ["VIN"],
    year: ["Year"],
    make: ["Make"],
    model: ["Model"],
    badge: ["Trim", "Badge"],
    series: ["Series"],
    body: ["Body", "Body Style", "BodyStyle"],
    colour: ["Ext Color", "Exterior Color", "Ext Colour", "Exterior Colour", "Color", "Colour"],
    interior_colour: ["Int Color", "Interior Color", "Int Colour", "Interior Colour"],
    km: ["Mileage", "Odometer", "Kilometres", "KMs"],
    odometer_unit: ["Mileage Unit", "Odometer Unit"],
    price: ["Internet Price", "Selling Price", "Price"],
    images: ["ImageList", "Image List", "Images", "Photo URLs", "PhotoURLs"],
    transmission: ["Transmission"],
    fuel: ["Fuel Type", "Fuel"],
    drive: ["Drivetrain", "Drive Type", "Drive"],
    engine: ["Engine"],
    doors: ["Doors"],
    seats: ["Seats"],
    status: ["Status"],
    dealercomments: ["Comments", "Description"],
    features: ["Options", "Features"],
    certified: ["Certified"],
    location: ["Location", "Lot"],
  },
  listSeparator: "|",
  distanceUnit: "km",
  xmlItems: ["vehicle", "unit", "item", "listing"],
};

/**
 * Google's vehicle listings feed (and Merchant Center vehicle ads): `id`, `vin`, `make`/`brand`, `trim`,
 * `mileage` as "12000 km" or "233352 miles", `price` as "34990 AUD", `condition` new/used,
 * `image_link` plus comma-separated `additional_image_link`, `store_code` naming the dealership.
 */
const googleVehicleListings: FeedProfile = {
  name: "google-vehicle-listings",
  label: "Google vehicle listings / Merchant Center vehicle ads feed (CSV or TSV)",
  columns: {
    stocknum: ["id"],
    vin: ["vin"],
    make: ["make", "brand"],
    model: ["model"],
    badge: ["trim"],
    title: ["title"],
    year: ["year"],
    km: ["mileage"],
    car_type: ["condition"],
    certified: ["certified_pre_owned", "certified_pre-owned"],
    price: ["price"],
    offer_price: ["sale_price"],
    colour: ["exterior_color", "color"],
    interior_colour: ["interior_color"],
    body: ["body_style"],
    transmission: ["transmission"],
    fuel: ["fuel_type", "engine"],
    drive: ["drivetrain"],
    images: ["image_link", "additional_image_link"],
    dealercomments: ["description"],
    created_at: ["date_in_stock"],
    status: ["availability"],
    location: ["store_code"],
  },
  listSeparator: ",",
  distanceUnit: "km",
  xmlItems: ["item", "entry", "listing"],
  valueAliases: { body: { truck: "ute", pickup: "ute" } },
};

/**
 * Meta's automotive inventory catalogue (CSV, TSV or XML): nested fields flattened as `mileage.value`,
 * `mileage.unit`, `image[0].url` in CSV, elements in XML; `state_of_vehicle` NEW/USED/CPO is the car
 * type (Meta's `condition` is the car's condition, EXCELLENT to POOR, and not read); `sale_price` is the
 * offer price.
 */
const metaCatalog: FeedProfile = {
  name: "meta-catalog",
  label: "Meta automotive inventory catalogue (CSV, TSV or XML)",
  columns: {
    stocknum: ["vehicle_id", "id"],
    vin: ["vin"],
    make: ["make"],
    model: ["model"],
    year: ["year"],
    badge: ["trim"],
    title: ["title"],
    km: ["mileage.value", "mileage"],
    odometer_unit: ["mileage.unit"],
    car_type: ["state_of_vehicle"],
    status: ["availability"],
    price: ["price"],
    offer_price: ["sale_price"],
    colour: ["exterior_color"],
    interior_colour: ["interior_color"],
    body: ["body_style"],
    transmission: ["transmission"],
    fuel: ["fuel_type"],
    drive: ["drivetrain"],
    images: ["image[].url", "image"],
    dealercomments: ["description"],
    created_at: ["date_first_on_lot"],
    location: ["address.city", "dealer_id"],
  },
  listSeparator: ",",
  distanceUnit: "km",
  xmlItems: ["listing", "vehicle", "item"],
  // Meta's body styles are American: a TRUCK is a pickup, a ute here.
  valueAliases: { body: { truck: "ute" } },
};

export const FEED_PROFILES: Record<FeedProfileName, FeedProfile> = {
  platform,
  "classifieds-au": classifiedsAu,
  dms,
  "google-vehicle-listings": googleVehicleListings,
  "meta-catalog": metaCatalog,
};

export type FeedSettings = TenantConfig["stock"]["feed"];

/** The mapping one import uses: a profile with the dealer's own column names laid over it. */
export interface FeedMapping extends FeedProfile {
  /** The dealer's column overrides were applied (they are, when the profile is the dealer's own). */
  customised: boolean;
}

/**
 * The mapping for an import: the profile asked for (else the dealer's `stock.feed.profile`), with the
 * dealer's `stock.feed.columns` and `distanceUnit` when that profile is the dealer's own; overrides
 * written for one layout are not laid over another.
 */
export function feedMapping(settings: FeedSettings | undefined, asked?: FeedProfileName): FeedMapping {
  const name = asked ?? settings?.profile ?? "platform";
  const profile = FEED_PROFILES[name];
  if (!settings || settings.profile !== name) return { ...profile, customised: false };
  const columns: Partial<Record<FeedField, readonly string[]>> = { ...profile.columns };
  for (const [field, names] of Object.entries(settings.columns) as [FeedField, string | string[]][]) {
    columns[field] = Array.isArray(names) ? names : [names];
  }
  const customised = Object.keys(settings.columns).length > 0 || settings.distanceUnit !== undefined;
  return { ...profile, columns, distanceUnit: settings.distanceUnit ?? profile.distanceUnit, customised };
}

/** How column names are compared: case, spaces, hyphens and underscores do not matter. */
export function normaliseHeader(name: string): string {
  return name
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "_");
}

/** One source record: keys as normalised headers (CSV) or the item's own keys (JSON, XML). */
export type SourceRecord = Record<string, unknown>;

type PathStep = string | number | "[]";

function pathSteps(name: string): PathStep[] {
  const steps: PathStep[] = [];
  for (const part of name.split(".")) {
    const match = /^([^[\]]*)((?:\[\d*\])*)$/.exec(part);
    if (!match) return [part];
    if (match[1]) steps.push(match[1]);
    for (const index of match[2].match(/\[(\d*)\]/g) ?? []) steps.push(index === "[]" ? "[]" : Number(index.slice(1, -1)));
  }
  return steps;
}

/** Each object's keys by their normalised form, worked out once per object (a feed asks each row for dozens of fields). */
const keysOf = new WeakMap<object, Map<string, string>>();

function childOf(node: Record<string, unknown>, key: string): unknown {
  if (key in node) return node[key];
  let keys = keysOf.get(node);
  if (!keys) {
    keys = new Map(Object.keys(node).map((k) => [normaliseHeader(k), k]));
    keysOf.set(node, keys);
  }
  const found = keys.get(normaliseHeader(key));
  return found === undefined ? undefined : node[found];
}

function follow(node: unknown, steps: PathStep[]): unknown[] {
  if (steps.length === 0) return node === undefined ? [] : [node];
  const [step, ...rest] = steps;
  if (step === "[]") return (Array.isArray(node) ? node : node === undefined ? [] : [node]).flatMap((item) => follow(item, rest));
  if (typeof step === "number") {
    const item = Array.isArray(node) ? node[step] : step === 0 ? node : undefined;
    return follow(item, rest);
  }
  if (Array.isArray(node)) return node.length ? follow(node[0], steps) : [];
  if (typeof node !== "object" || node === null) return [];
  return follow(childOf(node as Record<string, unknown>, step), rest);
}

/** Every value a column name or path finds in a record, in order (a CSV header `image[3].url` counts as a path). */
export function valuesAt(record: SourceRecord, name: string): unknown[] {
  const key = normaliseHeader(name);
  if (key in record) return [record[key]];
  if (key.includes("[]")) {
    const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const pattern = new RegExp(`^${key.split("[]").map(escape).join("\\[(\\d+)\\]")}$`);
    const found = Object.keys(record)
      .map((k) => [k, pattern.exec(k)] as const)
      .filter((entry): entry is readonly [string, RegExpExecArray] => entry[1] !== null)
      .sort((a, b) => Number(a[1][1]) - Number(b[1][1]))
      .map(([k]) => record[k]);
    if (found.length) return found;
  }
  return follow(record, pathSteps(key));
}

/** Text of an XML element that also has attributes ({ "#text": ..., "@_unit": ... }). */
function textOf(value: unknown): unknown {
  if (typeof value === "object" && value !== null && !Array.isArray(value) && "#text" in value)
    return (value as { "#text": unknown })["#text"];
  return value;
}

/** Whether the names a field is read from appear among a CSV file's headers. */
export function headerHas(headers: ReadonlySet<string>, names: readonly string[]): boolean {
  return names.some((name) => {
    const key = normaliseHeader(name);
    if (headers.has(key)) return true;
    const first = pathSteps(key)[0];
    if (typeof first !== "string") return false;
    return [...headers].some((h) => h === first || h.startsWith(`${first}.`) || h.startsWith(`${first}[`));
  });
}

export interface MappedValue {
  value: unknown;
  /** The source column (or path) it came from, as the profile names it. */
  column: string;
}

/** A value a reader could not read: the importer reports it and leaves the field empty. */
export interface ValueProblem {
  field: FeedField;
  column: string;
  value: string;
  problem: string;
}

export interface MappedRecord {
  /** The site's field -> its value, read where a reader applies (numbers, the site's drive and fuel values...). */
  values: Partial<Record<FeedField, unknown>>;
  /** The site's field -> the column it came from, for messages. */
  columns: Partial<Record<FeedField, string>>;
  problems: ValueProblem[];
}

const asText = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : null);

/** A list cell: an array, a JSON-encoded array (Meta's `image` column), or text split on the separator. */
function listItems(value: unknown, separator: string): unknown[] {
  value = textOf(value);
  if (Array.isArray(value)) return value.flatMap((item) => listItems(item, separator));
  if (typeof value === "object" && value !== null) {
    const url = childOf(value as Record<string, unknown>, "url");
    return url === undefined ? [value] : [textOf(url)];
  }
  if (typeof value !== "string") return value === undefined || value === null ? [] : [value];
  const trimmed = value.trim();
  if (trimmed.startsWith("[")) {
    try {
      return listItems(JSON.parse(trimmed) as unknown, separator);
    } catch {
      // Not JSON: read as separated text below.
    }
  }
  return trimmed
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Readers for fields whose values feeds write in many ways; their answer is what the row schema checks. */
const FIELD_READERS: Partial<Record<FeedField, (text: string, mapping: FeedMapping) => Reading<unknown>>> = {
  price: readPrice,
  offer_price: readPrice,
  before_price: readPrice,
  subscription_price: readPrice,
  doors: readCount,
  seats: readCount,
  cylinders: readCount,
  sleeps: readCount,
  fuel_consumption: (text) => readFuelConsumption(text),
  drive: readDrive,
  fuel: readFuel,
  transmission: readTransmission,
  status: readStatus,
};

/**
 * One source record in the site's fields. Values the exports write in their own ways are read here
 * (value readers); one that cannot be read is a problem for the report and its field is left out.
 */
export function mapRecord(record: SourceRecord, mapping: FeedMapping): MappedRecord {
  const values: MappedRecord["values"] = {};
  const columns: MappedRecord["columns"] = {};
  const problems: ValueProblem[] = [];
  const note = (field: FeedField, column: string, value: string, reading: Reading<unknown>): unknown => {
    if ("problem" in reading) {
      problems.push({ field, column, value: value.trim(), problem: reading.problem });
      return undefined;
    }
    return reading.value;
  };

  const first = (field: FeedField): MappedValue | undefined => {
    for (const name of mapping.columns[field] ?? []) {
      for (const found of valuesAt(record, name)) {
        const value = textOf(found);
        if (!isUnknownValue(value)) return { value, column: name };
      }
    }
    return undefined;
  };

  for (const field of FEED_FIELDS) {
    if (!mapping.columns[field]) continue;
    if (LIST_FIELDS.includes(field)) {
      const items: unknown[] = [];
      let column = "";
      for (const name of mapping.columns[field] ?? []) {
        for (const found of valuesAt(record, name)) {
          const list = listItems(found, mapping.listSeparator).filter((item) => !isUnknownValue(item));
          if (list.length && !column) column = name;
          items.push(...list);
        }
      }
      if (items.length) {
        values[field] = [...new Set(items.map((item) => (typeof item === "string" ? item.trim() : item)))];
        columns[field] = column;
      }
      continue;
    }
    const found = first(field);
    if (!found) continue;
    columns[field] = found.column;
    const text = asText(found.value);
    const reader = FIELD_READERS[field];
    if (reader && text !== null) {
      const read = note(field, found.column, text, reader(text, mapping));
      if (read !== undefined) values[field] = read;
      continue;
    }
    const alias = text !== null ? mapping.valueAliases?.[field]?.[text.trim().toLowerCase()] : undefined;
    values[field] = alias ?? (typeof found.value === "string" ? found.value.trim() : found.value);
  }

  // Car type: USED/NEW/DEMO, Pre-owned, Demonstrator; a certified pre-owned car is also certified.
  if (typeof values.car_type === "string") {
    const read = note("car_type", columns.car_type!, values.car_type, readCarType(values.car_type));
    if (read === undefined) delete values.car_type;
    else {
      const { carType, certified } = read as { carType: string; certified: boolean };
      values.car_type = carType;
      if (certified && values.certified === undefined) values.certified = true;
    }
  }

  // Odometer: in the unit the row or the feed names (miles become kilometres).
  if (values.km !== undefined) {
    const text = asText(values.km);
    const unit = asText(values.odometer_unit)?.trim().toLowerCase();
    const rowUnit: DistanceUnit | undefined = unit ? (unit.startsWith("mi") ? "mi" : "km") : undefined;
    if (text === null) delete values.km;
    else {
      const read = note("km", columns.km!, text, readDistance(text, rowUnit ?? mapping.distanceUnit));
      if (read === undefined) delete values.km;
      else values.km = read;
    }
  }

  // "White / Black": the colours the row does not give on their own.
  const colours = asText(values.colours);
  if (colours !== null) {
    const { colour, interior } = readColours(colours);
    if (values.colour === undefined && colour) [values.colour, columns.colour] = [colour, columns.colours];
    if (values.interior_colour === undefined && interior) [values.interior_colour, columns.interior_colour] = [interior, columns.colours];
  }

  // "4 cyl, 2.2 L": cylinders and litres the row does not give on their own.
  const engine = asText(values.engine);
  if (engine !== null) {
    const read = note("engine", columns.engine!, engine, readEngine(engine)) as
      { cylinders: number | null; litres: number | null } | undefined;
    if (read?.cylinders && values.cylinders === undefined) [values.cylinders, columns.cylinders] = [read.cylinders, columns.engine];
    if (read?.litres && values.engine_size_litres === undefined)
      [values.engine_size_litres, columns.engine_size_litres] = [read.litres, columns.engine];
  }

  // The badge from the listing's title, when there is no badge column.
  const title = asText(values.title);
  if (title !== null && values.badge === undefined) {
    const make = asText(values.make);
    const model = asText(values.model);
    const badge = make && model ? badgeFromTitle(title, { year: asText(values.year) ?? undefined, make, model }) : "";
    if (badge) [values.badge, columns.badge] = [badge, columns.title];
  }

  for (const field of ["colours", "engine", "title", "odometer_unit"] as const) delete values[field];
  return { values, columns, problems };
}

/** The built-in profile whose required columns a file's headers have, for a hint when the chosen one does not fit. */
export function profileFitting(headers: ReadonlySet<string>): FeedProfileName | null {
  for (const profile of Object.values(FEED_PROFILES)) {
    if ((["make", "model", "year", "price"] as const).every((field) => headerHas(headers, profile.columns[field] ?? [])))
      return profile.name;
  }
  return null;
}
