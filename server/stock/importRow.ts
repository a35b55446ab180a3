/**
 * One row of a dealer's stock feed (a CSV line or a JSON object), validated and turned into a stored
 * vehicle. Only what identifies and prices the car is required; everything else has a sensible
 * default so a minimal feed (stock number, make, model, year, price, condition, status) works.
 * docs/stock-import.md documents every column.
 */
import { z } from "zod";
import { vehicleTitle, type CarType, type ItemType, type Vehicle } from "~/domain/vehicle";
import type { DealerLocation, TenantConfig } from "../tenants/schema";
import { itemTypesOfMake } from "./catalogue";
import { caravanSpecsSchema, variantSchema } from "./vehicleSchema";
import {
  DRIVE_LABELS,
  FUEL_LABELS,
  classifiedsTitle,
  locationRef,
  paymentProcessorsFor,
  primarySalesLocation,
  salesLocations,
  slugify,
  vehicleId,
  vehicleSlug,
} from "./vehicleText";

type Ctx = z.RefinementCtx;
const SKIP = z.NEVER;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const show = (v: unknown) => JSON.stringify(typeof v === "string" && v.length > 40 ? `${v.slice(0, 40)}...` : v);

function text(name: string, options: { required?: boolean; max?: number } = {}) {
  return z.unknown().transform((v, ctx: Ctx): string => {
    if (isBlank(v)) {
      if (options.required) {
        ctx.addIssue({ code: "custom", message: `${name} is required` });
        return SKIP;
      }
      return "";
    }
    if (typeof v !== "string" && typeof v !== "number") {
      ctx.addIssue({ code: "custom", message: `${name} must be text` });
      return SKIP;
    }
    const s = String(v).trim();
    if (s.length > (options.max ?? 200)) {
      ctx.addIssue({ code: "custom", message: `${name} is longer than ${options.max ?? 200} characters` });
      return SKIP;
    }
    return s;
  });
}

/** Numbers as dealers type them: 34990, "34,990", "$34,990.00". */
function number(name: string, options: { required?: boolean; min?: number; max?: number; integer?: boolean; fallback?: number } = {}) {
  return z.unknown().transform((v, ctx: Ctx): number => {
    if (isBlank(v)) {
      if (options.required) {
        ctx.addIssue({ code: "custom", message: `${name} is required` });
        return SKIP;
      }
      return options.fallback ?? 0;
    }
    const n =
      typeof v === "number"
        ? v
        : typeof v === "string" && /^\$?\s*-?[\d,]*\.?\d+$/.test(v.trim())
          ? Number(v.trim().replace(/[$,\s]/g, ""))
          : NaN;
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: "custom", message: `${name} must be a number (got ${show(v)})` });
      return SKIP;
    }
    if (options.integer && !Number.isInteger(n)) {
      ctx.addIssue({ code: "custom", message: `${name} must be a whole number (got ${show(v)})` });
      return SKIP;
    }
    if ((options.min !== undefined && n < options.min) || (options.max !== undefined && n > options.max)) {
      const range =
        options.min !== undefined && options.max !== undefined
          ? `between ${options.min} and ${options.max}`
          : options.min !== undefined
            ? `at least ${options.min}`
            : `at most ${options.max}`;
      ctx.addIssue({ code: "custom", message: `${name} must be ${range} (got ${show(v)})` });
      return SKIP;
    }
    return n;
  });
}

function oneOf<T extends string>(name: string, aliases: Record<string, T>, options: { required?: boolean; shown: string }) {
  return z.unknown().transform((v, ctx: Ctx): T | "" => {
    if (isBlank(v)) {
      if (options.required) {
        ctx.addIssue({ code: "custom", message: `${name} is required (one of ${options.shown})` });
        return SKIP;
      }
      return "";
    }
    const key = String(v)
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, " ");
    const found = aliases[key];
    if (!found) {
      ctx.addIssue({ code: "custom", message: `${name} must be one of ${options.shown} (got ${show(v)})` });
      return SKIP;
    }
    return found;
  });
}

const TRUE = new Set(["true", "yes", "y", "1"]);
const FALSE = new Set(["false", "no", "n", "0"]);
function flag(name: string, fallback: boolean) {
  return z.unknown().transform((v, ctx: Ctx): boolean => {
    if (isBlank(v)) return fallback;
    if (typeof v === "boolean") return v;
    const key = String(v).trim().toLowerCase();
    if (TRUE.has(key)) return true;
    if (FALSE.has(key)) return false;
    ctx.addIssue({ code: "custom", message: `${name} must be true or false (got ${show(v)})` });
    return SKIP;
  });
}

/** yyyy-mm-dd, yyyy-mm (first of the month) or the Australian dd/mm/yyyy; stored as yyyy-mm-dd. */
function date(name: string) {
  return z.unknown().transform((v, ctx: Ctx): string => {
    if (isBlank(v)) return "";
    const s = String(v).trim();
    let y: number, m: number, d: number;
    let match: RegExpExecArray | null;
    if ((match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T.*)?$/.exec(s))) [y, m, d] = [+match[1], +match[2], +match[3]];
    else if ((match = /^(\d{4})-(\d{1,2})$/.exec(s))) [y, m, d] = [+match[1], +match[2], 1];
    else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s))) [y, m, d] = [+match[3], +match[2], +match[1]];
    else {
      ctx.addIssue({ code: "custom", message: `${name} must be a date like 2026-05-31 or 31/05/2026 (got ${show(v)})` });
      return SKIP;
    }
    const parsed = new Date(Date.UTC(y, m - 1, d));
    if (parsed.getUTCFullYear() !== y || parsed.getUTCMonth() !== m - 1 || parsed.getUTCDate() !== d) {
      ctx.addIssue({ code: "custom", message: `${name} is not a real date (got ${show(v)})` });
      return SKIP;
    }
    return parsed.toISOString().slice(0, 10);
  });
}

function timestamp(name: string) {
  return z.unknown().transform((v, ctx: Ctx): string => {
    if (isBlank(v)) return "";
    const s = String(v).trim();
    const ms = /^\d{4}-\d{2}-\d{2}/.test(s) ? Date.parse(s) : NaN;
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: "custom", message: `${name} must be an ISO date or time like 2026-05-31T09:30:00Z (got ${show(v)})` });
      return SKIP;
    }
    return new Date(ms).toISOString();
  });
}

/** Site paths or http(s) URLs only: nothing that could run script when the browser follows it. */
const safeUrl = (s: string) => /^\/(?!\/)\S*$/.test(s) || /^https?:\/\/[^\s"'<>]+$/i.test(s);

function url(name: string) {
  return z.unknown().transform((v, ctx: Ctx): string => {
    if (isBlank(v)) return "";
    const s = String(v).trim();
    if (!safeUrl(s) || s.length > 2000) {
      ctx.addIssue({ code: "custom", message: `${name} must be an http(s) URL or a path starting with / (got ${show(v)})` });
      return SKIP;
    }
    return s;
  });
}

/** A list: a JSON array, or in CSV one cell with items separated by | */
function list(name: string, options: { urls?: boolean; max?: number } = {}) {
  return z.unknown().transform((v, ctx: Ctx): string[] => {
    if (isBlank(v)) return [];
    const items = Array.isArray(v) ? v : typeof v === "string" ? v.split("|") : null;
    if (!items || items.some((item) => typeof item !== "string" && typeof item !== "number")) {
      ctx.addIssue({ code: "custom", message: `${name} must be a list of text (separate items with | in CSV)` });
      return SKIP;
    }
    const values = items.map((item) => String(item).trim()).filter(Boolean);
    if (values.length > (options.max ?? 100)) {
      ctx.addIssue({ code: "custom", message: `${name} has more than ${options.max ?? 100} items` });
      return SKIP;
    }
    if (options.urls) {
      const bad = values.find((value) => !safeUrl(value));
      if (bad) {
        ctx.addIssue({ code: "custom", message: `${name} must be http(s) URLs or paths starting with / (got ${show(bad)})` });
        return SKIP;
      }
    }
    return values;
  });
}

const STATUS = {
  "in stock": "in_stock",
  instock: "in_stock",
  available: "in_stock",
  "coming soon": "coming_soon",
  incoming: "coming_soon",
  sold: "sold",
} as const;
const CAR_TYPE: Record<string, CarType> = { new: "new", demo: "demo", demonstrator: "demo", used: "used", "pre owned": "used" };
const ITEM_TYPE: Record<string, ItemType> = {
  car: "car",
  truck: "truck",
  motorcycle: "motorcycle",
  motorbike: "motorcycle",
  caravan: "caravan",
  motorhome: "caravan",
};
const TRANSMISSION = { automatic: "Automatic", auto: "Automatic", manual: "Manual", man: "Manual" } as const;
const FUEL = {
  petrol: "Petrol",
  unleaded: "Petrol",
  "premium unleaded": "Petrol",
  diesel: "Diesel",
  hybrid: "Hybrid",
  electric: "Electric",
  ev: "Electric",
  "plug in hybrid": "Plug-in Hybrid",
  phev: "Plug-in Hybrid",
} as const;
const DRIVE = {
  fwd: "FWD",
  "front wheel drive": "FWD",
  rwd: "RWD",
  "rear wheel drive": "RWD",
  awd: "AWD",
  "all wheel drive": "AWD",
  "4wd": "4WD",
  "4x4": "4WD",
  "four wheel drive": "4WD",
} as const;
/** The spec's body-type list; other words are kept as written. */
const BODY: Record<string, string> = {
  suv: "suv",
  sedan: "sedan",
  hatch: "hatch",
  hatchback: "hatch",
  ute: "ute",
  utility: "ute",
  wagon: "wagon",
  "station wagon": "wagon",
  van: "van",
  coupe: "coupe",
  convertible: "convertible",
  "cab chassis": "cabChassis",
  cabchassis: "cabChassis",
  "light truck": "lightTruck",
  lighttruck: "lightTruck",
  "people mover": "peopleMover",
  peoplemover: "peopleMover",
  motorhome: "motorhome",
  caravan: "caravan",
  motorcycle: "motorcycle",
  bus: "bus",
  // Other exports' words: Meta's MINIVAN and CROSSOVER, US pickups, classified listings' "Ute / Tray".
  minivan: "peopleMover",
  crossover: "suv",
  pickup: "ute",
  "pick up": "ute",
  "ute / tray": "ute",
  "ute/tray": "ute",
  "cab chassis / tray": "cabChassis",
  other: "",
};

export function importRowSchema(now: Date) {
  const maxYear = now.getUTCFullYear() + 1;
  return z.object({
    stocknum: text("stocknum", { required: true, max: 40 }).pipe(
      z.string().regex(/[A-Za-z0-9]/, "stocknum must contain a letter or digit"),
    ),
    make: text("make", { required: true, max: 60 }),
    model: text("model", { required: true, max: 80 }),
    year: number("year", { required: true, integer: true, min: 1900, max: maxYear }),
    price: number("price", { required: true, min: 0, max: 10_000_000 }),
    car_type: oneOf("car_type", CAR_TYPE, { required: true, shown: "new, demo, used" }),
    status: oneOf("status", STATUS, { required: true, shown: "in_stock, coming_soon, sold" }),
    badge: text("badge", { max: 80 }),
    series: text("series", { max: 40 }),
    colour: text("colour", { max: 60 }),
    interior_colour: text("interior_colour", { max: 60 }),
    km: number("km", { integer: true, min: 0, max: 3_000_000 }),
    before_price: number("before_price", { min: 0, max: 10_000_000 }),
    offer_price: number("offer_price", { min: 0, max: 10_000_000 }),
    subscription_price: number("subscription_price", { min: 0, max: 100_000 }),
    price_type: text("price_type", { max: 40 }),
    item_type: oneOf("item_type", ITEM_TYPE, { shown: "car, truck, motorcycle, caravan" }),
    body: z
      .unknown()
      .transform((v) => (isBlank(v) ? "" : (BODY[String(v).trim().toLowerCase().replace(/[_-]+/g, " ")] ?? String(v).trim().slice(0, 40)))),
    body_description: text("body_description", { max: 60 }),
    transmission: oneOf("transmission", TRANSMISSION, { shown: "Automatic, Manual" }),
    gearbox: text("gearbox", { max: 60 }),
    fuel: oneOf("fuel", FUEL, { shown: "Petrol, Diesel, Hybrid, Electric, Plug-in Hybrid" }),
    drive: oneOf("drive", DRIVE, { shown: "FWD, RWD, AWD, 4WD" }),
    seats: number("seats", { integer: true, min: 0, max: 60 }),
    doors: number("doors", { integer: true, min: 0, max: 6 }),
    engine_size_litres: number("engine_size_litres", { min: 0, max: 20 }),
    cylinders: number("cylinders", { integer: true, min: 0, max: 16 }),
    fuel_consumption: number("fuel_consumption", { min: 0, max: 100 }),
    towing_capacity: number("towing_capacity", { integer: true, min: 0, max: 40_000 }),
    ancap_rating: number("ancap_rating", { integer: true, min: 0, max: 5 }),
    vin: text("vin", { max: 17 }).pipe(
      z.string().regex(/^([A-HJ-NPR-Za-hj-npr-z0-9]{17})?$/, "vin must be 17 letters and digits without I, O or Q"),
    ),
    nvic: text("nvic", { max: 10 }),
    regplate: text("regplate", { max: 10 }),
    rego_expiry: date("rego_expiry"),
    compliance_date: date("compliance_date"),
    build_date: date("build_date"),
    tag: text("tag", { max: 40 }),
    reserved: flag("reserved", false),
    certified: flag("certified", false),
    preorder: flag("preorder", false),
    location: text("location", { max: 80 }),
    images: list("images", { urls: true, max: 100 }),
    spin_images: list("spin_images", { urls: true, max: 72 }),
    video_url: url("video_url"),
    external_video_url: url("external_video_url"),
    file: url("file"),
    dealercomments: text("dealercomments", { max: 20_000 }),
    features: list("features", { max: 200 }),
    categories: list("categories", { max: 20 }),
    custom_rank: number("custom_rank", { min: -1_000_000, max: 1_000_000 }),
    show_on_dealer_website: flag("show_on_dealer_website", true),
    created_at: timestamp("created_at"),
    sold_at: timestamp("sold_at"),
    sleeps: number("sleeps", { integer: true, min: 0, max: 20 }),
    tare_weight: number("tare_weight", { min: 0, max: 20_000 }),
    aggregate_trailer_mass: number("aggregate_trailer_mass", { min: 0, max: 20_000 }),
    axle_type: text("axle_type", { max: 40 }),
    body_length: number("body_length", { min: 0, max: 20_000 }),
    body_width: number("body_width", { min: 0, max: 5_000 }),
    variant: variantSchema.optional(),
    caravan: caravanSpecsSchema.nullable().optional(),
  });
}

export type ImportRow = z.output<ReturnType<typeof importRowSchema>>;

/** Columns and JSON keys the importer reads: every field of this site's own layout (feedFields.ts SITE_FIELDS). */
export const IMPORT_COLUMNS = Object.keys(importRowSchema(new Date()).shape);

/** What is already stored for a vehicle: kept when the feed says nothing about it. */
export interface StoredFacts {
  created_at: string;
  sold_at: string;
  status: string;
}

export class RowProblem extends Error {}

/**
 * The dealer's location a feed names: its id or slug, or the suburb it is in (classified exports write
 * "Castle Hill, NSW"; Meta's address.city), among the sales locations. Null when none matches.
 */
export function findLocation(tenant: TenantConfig, wanted: string): DealerLocation | null {
  const key = wanted.trim().toLowerCase();
  if (!key) return null;
  const byId = tenant.locations.find((l) => l.id.toLowerCase() === key || l.slug === key || l.slug === slugify(wanted));
  if (byId) return byId;
  const suburb = key.split(",")[0].trim();
  return salesLocations(tenant).find((l) => l.address.city.toLowerCase() === suburb) ?? null;
}

/** Which location the row names (id, slug or suburb), or the primary sales location when it names none. */
export function resolveLocation(tenant: TenantConfig, wanted: string): DealerLocation {
  if (!wanted) return primarySalesLocation(tenant);
  const found = findLocation(tenant, wanted);
  if (!found) {
    const known = salesLocations(tenant)
      .map((l) => l.slug)
      .join(", ");
    throw new RowProblem(`location ${show(wanted)} is not one of this dealer's locations (${known})`);
  }
  return found;
}

function inferItemType(row: ImportRow): ItemType {
  if (row.item_type) return row.item_type;
  if (row.body === "motorcycle") return "motorcycle";
  if (row.body === "caravan" || row.body === "motorhome") return "caravan";
  if (row.body === "cabChassis" || row.body === "lightTruck") return "truck";
  const kinds = itemTypesOfMake(row.make);
  return kinds.size === 1 ? [...kinds][0] : "car";
}

/** The stored vehicle for a valid row. */
export function rowToVehicle(row: ImportRow, tenant: TenantConfig, stored: StoredFacts | undefined, now: Date): Vehicle {
  const location = resolveLocation(tenant, row.location);
  const dealership = tenant.dealerships.find((d) => d.id === location.dealership_id) ?? tenant.dealerships[0];
  const id = vehicleId(tenant.slug, row.stocknum);
  const itemType = inferItemType(row);
  const nowIso = now.toISOString();
  const sold = row.status === "sold";
  const images = row.images.map((image) => ({ url: image, thumb: { url: image } }));
  const engineCc = row.engine_size_litres ? Math.round(row.engine_size_litres * 1000) : 0;
  const hasCaravanColumns =
    row.sleeps || row.tare_weight || row.aggregate_trailer_mass || row.axle_type || row.body_length || row.body_width;
  const vehicle: Vehicle = {
    id,
    slug: vehicleSlug({ year: row.year, make: row.make, model: row.model, badge: row.badge, series: row.series, stocknum: row.stocknum }),
    name: vehicleTitle({ year: row.year, make: row.make, model: row.model, badge: row.badge, series: row.series }),
    year: row.year,
    make: row.make,
    model: row.model,
    badge: row.badge,
    series: row.series,
    colour: row.colour,
    interior_colour: row.interior_colour,
    km: row.km,
    price: row.price,
    before_price: row.before_price,
    offer_price: row.offer_price,
    subscription_price: row.subscription_price,
    price_type: row.price_type || "Drive Away",
    status: row.status as Vehicle["status"],
    car_type: row.car_type as CarType,
    item_type: itemType,
    stocknum: row.stocknum,
    vin: row.vin.toUpperCase(),
    nvic: row.nvic.toUpperCase(),
    regplate: row.regplate.toUpperCase(),
    rego_expiry: row.rego_expiry,
    compliance_date: row.compliance_date,
    build_date: row.build_date,
    tag: row.tag,
    reserved: row.reserved,
    certified: row.certified,
    preorder: row.preorder,
    created_at: row.created_at || stored?.created_at || nowIso,
    updated_at: nowIso,
    // A car that stays sold keeps the moment it first sold, so the 3-day window is not restarted by every feed.
    sold_at: sold ? row.sold_at || (stored?.status === "sold" && stored.sold_at ? stored.sold_at : nowIso) : "",
    photos_count: images.length,
    simple_body: row.body,
    simple_transmission: row.transmission,
    simple_fuel: row.fuel,
    simple_drive: row.drive,
    drive: row.drive ? DRIVE_LABELS[row.drive] : "",
    trans: row.gearbox || row.transmission,
    body: row.body_description,
    seats: row.seats,
    doors: row.doors,
    engine_size: engineCc,
    engine_size_litres: row.engine_size_litres,
    fuel: row.fuel ? FUEL_LABELS[row.fuel] : "",
    images,
    primary_image_url: images[0]?.url ?? "",
    video_url: row.video_url,
    external_video_url: row.external_video_url,
    spin_images: row.spin_images,
    spin_interior_image: "",
    hotspots: { exterior: [], interior: [] },
    dealercomments: row.dealercomments,
    dealership_slug: dealership.slug,
    dealership_id: dealership.id,
    dealership_name: dealership.name,
    location_id: location.id,
    location: locationRef(location),
    city: location.address.city,
    state: location.address.state,
    private_suburb: "",
    private_postcode: "",
    carsales_title: "",
    categories: row.categories,
    standardEquipment: row.features,
    file: row.file,
    variant: row.variant ?? {
      cylinders: row.cylinders || null,
      enginesize: engineCc || null,
      enginesize_litres: row.engine_size_litres || null,
      induction: null,
      geartype: row.gearbox || null,
      fuelconsumptioncombined: row.fuel_consumption || null,
      fuelcapacity: null,
      grossvehiclemass: null,
      vehiclelength: null,
      vehicleheight: null,
      vehiclewidth: null,
      towingcapacitybraked: row.towing_capacity || null,
      torque: null,
      bodyconfiguration: row.body_description || null,
      ancaprating: row.ancap_rating || null,
    },
    caravan:
      row.caravan !== undefined
        ? row.caravan
        : hasCaravanColumns || itemType === "caravan"
          ? {
              body_width: row.body_width || null,
              body_length: row.body_length || null,
              tare_weight: row.tare_weight || null,
              axle_type: row.axle_type || null,
              sleeps: row.sleeps || null,
              aggregate_trailer_mass: row.aggregate_trailer_mass || null,
            }
          : null,
    autograb_data: null,
    youxQuote: null,
    finance_lenders: null,
    payment_processors: [],
    show_on_dealer_website: row.show_on_dealer_website,
    custom_rank: row.custom_rank,
  };
  vehicle.carsales_title = classifiedsTitle(vehicle);
  vehicle.payment_processors = paymentProcessorsFor(vehicle, tenant);
  return vehicle;
}
