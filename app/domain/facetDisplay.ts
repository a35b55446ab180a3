/**
 * How facets are shown (spec 000 sections 2, 5 and 7): make tiles with logos (7, then 'Show all makes'),
 * models of the chosen makes (at most 30 each), body tiles (limit 4, 20 with custom bodies, by count
 * then name descending), other facets as option lists with the shopper's words for values.
 */
import { bodyLabel, bodyTypeImage } from "./bodyTypes";
import { makeLogoUrl } from "./manufacturers";
import { formatMoney } from "./money";
import type { FacetItem, ValueAttribute } from "./search";

/** Counts above this are not reliable from the engine (spec 000 section 7). */
export const FACET_COUNT_CAP = 1999;

/**
 * Facet counts above 1999 are replaced by a stock or summed count: the sum of the value's parts when
 * known (a make's models), else the number of cars found, never more than that.
 */
export function shownCount(count: number, found: number, summed?: number): number {
  if (count <= FACET_COUNT_CAP) return count;
  const replacement = summed !== undefined && summed > 0 ? summed : found;
  return Math.min(replacement, Math.max(found, 0));
}

export interface FacetOption {
  value: string;
  label: string;
  count: number;
  selected: boolean;
  image: string | null;
}

function option(item: FacetItem, selected: Set<string>, label: string, image: string | null, found: number, summed?: number): FacetOption {
  return { value: item.value, label, count: shownCount(item.count, found, summed), selected: selected.has(item.value), image };
}

/** Selected values the engine did not count (no stock left with them) still show, so they can be unticked. */
function withSelected(items: FacetItem[], selected: readonly string[]): FacetItem[] {
  const present = new Set(items.map((i) => i.value));
  return [...items, ...selected.filter((v) => !present.has(v)).map((value) => ({ value, label: value, count: 0 }))];
}

export interface MakeTiles {
  shown: FacetOption[];
  /** Behind 'Show all makes'. */
  more: FacetOption[];
}

/** Make tiles: the first N (7 by default) by count, the rest behind 'Show all makes'; chosen makes always in front. */
export function makeTiles(
  items: FacetItem[],
  selected: readonly string[],
  shownFirst: number,
  found: number,
  modelCounts?: Map<string, number>,
): MakeTiles {
  const chosen = new Set(selected);
  const all = withSelected(items, selected).map((item) =>
    option(item, chosen, item.label || item.value, makeLogoUrl(item.value), found, modelCounts?.get(item.value)),
  );
  const front = all.filter((o) => o.selected);
  const rest = all.filter((o) => !o.selected);
  const room = Math.max(0, shownFirst - front.length);
  return { shown: [...front, ...rest.slice(0, room)], more: rest.slice(room) };
}

export interface ModelGroup {
  make: string;
  models: FacetOption[];
}

/**
 * Models of the chosen makes, grouped by make, at most `perMake` each (30 by default). `makeModels`
 * are the stock's 'Make|Model' pairs, which say which make a model belongs to.
 */
export function modelGroups(
  modelItems: FacetItem[],
  selectedMakes: readonly string[],
  selectedModels: readonly string[],
  makeModels: readonly string[],
  perMake: number,
  found: number,
): ModelGroup[] {
  const chosen = new Set(selectedModels);
  const items = withSelected(modelItems, selectedModels);
  return selectedMakes.map((make) => {
    const ofMake = new Set(makeModels.filter((mm) => mm.startsWith(`${make}|`)).map((mm) => mm.slice(make.length + 1)));
    const models = items
      .filter((item) => ofMake.has(item.value))
      .map((item) => option(item, chosen, item.label || item.value, null, found));
    const picked = models.filter((m) => m.selected);
    const others = models.filter((m) => !m.selected).slice(0, Math.max(0, perMake - picked.length));
    return { make, models: [...picked, ...others] };
  });
}

/** Body tiles: 4 (20 with custom bodies), by count descending then name descending; chosen bodies always shown. */
export function bodyTiles(items: FacetItem[], selected: readonly string[], customBodies: boolean, found: number): FacetOption[] {
  const limit = customBodies ? 20 : 4;
  const chosen = new Set(selected);
  const sorted = withSelected(items, selected).sort((a, b) => b.count - a.count || (a.value < b.value ? 1 : a.value > b.value ? -1 : 0));
  const top = sorted.slice(0, limit);
  const missing = sorted.slice(limit).filter((item) => chosen.has(item.value));
  return [...top, ...missing].map((item) => option(item, chosen, bodyLabel(item.label || item.value), bodyTypeImage(item.value), found));
}

export const FACET_TITLES: Record<ValueAttribute, string> = {
  badge: "Badge",
  status: "Availability",
  car_type: "Condition",
  categories: "Category",
  city: "City",
  colour: "Colour",
  dealership_name: "Dealership",
  filtered_features: "Features",
  item_type: "Vehicle Type",
  location_name: "Location",
  make: "Make",
  make_model: "Make and Model",
  model: "Model",
  price_range: "Price Range",
  seats: "Seats",
  body: "Body Type",
  drive: "Drive Type",
  fuel: "Fuel Type",
  transmission: "Transmission",
  state: "State",
  tag: "Tag",
  weekly_price_range: "Weekly Repayments",
  certified: "Certified Pre-Owned",
};

const CAR_TYPE_LABELS: Record<string, string> = { new: "New", demo: "Demo", used: "Used" };
const STATUS_LABELS: Record<string, string> = { in_stock: "In Stock", coming_soon: "Coming Soon", sold: "Sold" };
const ITEM_TYPE_LABELS: Record<string, string> = { car: "Cars", truck: "Trucks", motorcycle: "Motorcycles", caravan: "Caravans" };

function bucketLabel(value: string, suffix = ""): string {
  const open = /^(\d+)\+$/.exec(value);
  if (open) return `${formatMoney(Number(open[1]))}+${suffix}`;
  const span = /^(\d+)-(\d+)$/.exec(value);
  if (span) return `${formatMoney(Number(span[1]))} to ${formatMoney(Number(span[2]))}${suffix}`;
  return value;
}

/** A label from a table, for a value the shopper may have typed: '__proto__' or 'constructor' is no label. */
function ownLabel(table: Record<string, string>, value: string): string {
  return Object.hasOwn(table, value) ? table[value] : value;
}

/** A facet value in the shopper's words: 'used' -> 'Used', '10000-20000' -> '$10,000 to $20,000'. */
export function facetValueLabel(attribute: ValueAttribute, value: string): string {
  switch (attribute) {
    case "car_type":
      return ownLabel(CAR_TYPE_LABELS, value);
    case "status":
      return ownLabel(STATUS_LABELS, value);
    case "item_type":
      return ownLabel(ITEM_TYPE_LABELS, value);
    case "certified":
      return value === "true" ? "Certified" : value === "false" ? "Not certified" : value;
    case "seats":
      return /^\d+$/.test(value) ? `${value} seats` : value;
    case "price_range":
      return bucketLabel(value);
    case "weekly_price_range":
      return bucketLabel(value, " / week");
    case "body":
      return bodyLabel(value);
    case "make_model":
      return value.replace("|", " ");
    default:
      return value;
  }
}

const BUCKET_ORDER = (value: string) => Number(/^(\d+)/.exec(value)?.[1] ?? Number.MAX_SAFE_INTEGER);

/**
 * Options of any other facet. Price buckets read best in price order; the rest by count. The certified
 * facet hides 'false' when the dealer is certified-only (in case the engine still counted it).
 */
export function facetOptions(
  attribute: ValueAttribute,
  items: FacetItem[],
  selected: readonly string[],
  found: number,
  options: { certifiedOnly?: boolean } = {},
): FacetOption[] {
  const chosen = new Set(selected);
  let list = withSelected(items, selected).filter((item) => item.value !== "");
  if (attribute === "certified" && options.certifiedOnly) list = list.filter((item) => item.value !== "false");
  if (attribute === "price_range" || attribute === "weekly_price_range")
    list = [...list].sort((a, b) => BUCKET_ORDER(a.value) - BUCKET_ORDER(b.value));
  return list.map((item) => option(item, chosen, facetValueLabel(attribute, item.value), null, found));
}
