/**
 * The search document: what both engines index for one vehicle. One builder, so Orama and Typesense
 * filter, facet and sort on exactly the same values.
 *
 * Derived fields (spec 000 section 3, filter attributes):
 * - make_model is `Make|Model` (e.g. 'Toyota|HiLux'): the pipe never occurs in a make, so the menu can
 *   split it back into make and model.
 * - price_range buckets of 10,000 up to 100,000 ('0-10000', '10000-20000', ... '90000-100000', '100000+');
 *   a car without a price (0) has no bucket, because 'Enquire for price' is not a cheap car.
 * - weekly_price_range buckets of 100 up to 500 ('0-100', ... '400-500', '500+') from the finance quote.
 * - created_at_timestamp is epoch seconds; sold_at_ms is epoch milliseconds (VisibilityScope.soldSince).
 * - colour is the paint's family ('White' for 'Glacier White', see ~/domain/colourFamily); paint keeps the name.
 * - transmission, fuel, drive and body are the simple_* values (the facet tiles), certified and seats
 *   are strings so they facet like every other attribute, filtered_features is standardEquipment.
 */
import { VALUE_ATTRIBUTES, type RangeAttribute, type ValueAttribute } from "~/domain/search";
import { colourFamily } from "~/domain/colourFamily";
import type { Vehicle } from "~/domain/vehicle";

/** Fields free text is matched against, in both engines. */
export const TEXT_FIELDS = ["make", "model", "badge", "series", "name", "stocknum", "colour", "paint", "body"] as const;

/** Attributes holding several values per car (a filter matches when any value is selected). */
export const MULTI_VALUE_ATTRIBUTES: readonly ValueAttribute[] = ["categories", "filtered_features"];

export type VehicleSearchDocument = {
  tenant: string;
  vehicle_id: string;
  slug: string;
  name: string;
  series: string;
  stocknum: string;
  /** The maker's paint name ('Glacier White'): searchable as text; `colour` is its family ('White'). */
  paint: string;
  custom_rank: number;
  photos_count: number;
  sold_at_ms: number;
  show_on_dealer_website: boolean;
} & { [A in ValueAttribute]: A extends "categories" | "filtered_features" ? string[] : string } & {
  [R in RangeAttribute]: number;
};

const PRICE_STEP = 10_000;
const PRICE_TOP = 100_000;
const WEEKLY_STEP = 100;
const WEEKLY_TOP = 500;

function bucket(value: number, step: number, top: number): string {
  if (value >= top) return `${top}+`;
  const low = Math.floor(value / step) * step;
  return `${low}-${low + step}`;
}

export function priceRangeOf(price: number): string {
  return Number.isFinite(price) && price > 0 ? bucket(price, PRICE_STEP, PRICE_TOP) : "";
}

/** The weekly repayment shown on cards: the YouX quote, else the lowest lender weekly payment. */
export function weeklyPriceOf(vehicle: Pick<Vehicle, "youxQuote" | "finance_lenders">): number {
  const quoted = vehicle.youxQuote?.weeklyRepaymentAmount;
  if (typeof quoted === "number" && quoted > 0) return quoted;
  const weekly = Object.values(vehicle.finance_lenders ?? {})
    .map((l) => l.paymentWeek ?? 0)
    .filter((w) => w > 0);
  return weekly.length ? Math.min(...weekly) : 0;
}

export function weeklyPriceRangeOf(weekly: number): string {
  return weekly > 0 ? bucket(weekly, WEEKLY_STEP, WEEKLY_TOP) : "";
}

export function makeModelOf(make: string, model: string): string {
  return make && model ? `${make}|${model}` : "";
}

function epochMs(iso: string): number {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? ms : 0;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const distinct = (values: unknown) => (Array.isArray(values) ? [...new Set(values.map(text).filter(Boolean))] : []);

export function toSearchDocument(tenant: string, vehicle: Vehicle): VehicleSearchDocument {
  const price = number(vehicle.price);
  const weekly = weeklyPriceOf(vehicle);
  return {
    tenant,
    vehicle_id: vehicle.id,
    slug: vehicle.slug,
    name: text(vehicle.name),
    series: text(vehicle.series),
    stocknum: text(vehicle.stocknum),
    paint: text(vehicle.colour),
    custom_rank: number(vehicle.custom_rank),
    photos_count: Math.round(number(vehicle.photos_count) || (vehicle.images?.length ?? 0)),
    sold_at_ms: vehicle.status === "sold" ? epochMs(vehicle.sold_at) : 0,
    show_on_dealer_website: vehicle.show_on_dealer_website !== false,
    badge: text(vehicle.badge),
    status: text(vehicle.status),
    car_type: text(vehicle.car_type),
    categories: distinct(vehicle.categories),
    city: text(vehicle.city) || text(vehicle.location?.city),
    colour: colourFamily(text(vehicle.colour)),
    dealership_name: text(vehicle.dealership_name),
    filtered_features: distinct(vehicle.standardEquipment),
    item_type: text(vehicle.item_type),
    location_name: text(vehicle.location?.name),
    make: text(vehicle.make),
    make_model: makeModelOf(text(vehicle.make), text(vehicle.model)),
    model: text(vehicle.model),
    price_range: priceRangeOf(price),
    seats: number(vehicle.seats) > 0 ? String(Math.round(number(vehicle.seats))) : "",
    body: text(vehicle.simple_body),
    drive: text(vehicle.simple_drive),
    fuel: text(vehicle.simple_fuel),
    transmission: text(vehicle.simple_transmission),
    state: text(vehicle.state) || text(vehicle.location?.state),
    tag: text(vehicle.tag),
    weekly_price_range: weeklyPriceRangeOf(weekly),
    certified: vehicle.certified ? "true" : "false",
    km: Math.round(number(vehicle.km)),
    price,
    subscription_price: number(vehicle.subscription_price),
    year: Math.round(number(vehicle.year)),
    created_at_timestamp: Math.floor(epochMs(vehicle.created_at) / 1000),
  };
}

/** A document's values for one filter attribute; empty when the car has none. */
export function attributeValues(doc: VehicleSearchDocument, attribute: ValueAttribute): string[] {
  const value = doc[attribute];
  if (Array.isArray(value)) return value;
  return value ? [value] : [];
}

/** Every filter attribute's values, computed once per car so a query only reads arrays. */
export function allAttributeValues(doc: VehicleSearchDocument): Record<ValueAttribute, string[]> {
  const values = {} as Record<ValueAttribute, string[]>;
  for (const attribute of VALUE_ATTRIBUTES) values[attribute] = attributeValues(doc, attribute);
  return values;
}

/**
 * Words of free text, as both engines match them: accents dropped, lower case, split on anything that
 * is not a letter or digit. Query words must each match a word of the car (a prefix on Orama).
 */
export function searchWords(value: string): string[] {
  return value
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The text Orama indexes: the searchable fields already reduced to searchWords. */
export function searchableText(doc: VehicleSearchDocument): string {
  return TEXT_FIELDS.map((field) => searchWords(doc[field]).join(" "))
    .filter(Boolean)
    .join(" ");
}
