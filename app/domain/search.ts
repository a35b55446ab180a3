/**
 * The one search model both engines answer (DESIGN.md section 6), so routes never know which engine ran.
 * Pure types and constants: shared by the server and the browser.
 */
import type { Vehicle } from "./vehicle";

/** Filter attributes of spec 000 section 3, in the spec's order. */
export const FILTER_ATTRIBUTES = [
  "query",
  "page",
  "badge",
  "status",
  "car_type",
  "categories",
  "city",
  "colour",
  "dealership_name",
  "filtered_features",
  "item_type",
  "km",
  "location_name",
  "make",
  "make_model",
  "model",
  "price",
  "subscription_price",
  "price_range",
  "seats",
  "body",
  "drive",
  "fuel",
  "transmission",
  "state",
  "tag",
  "weekly_price_range",
  "year",
  "certified",
  "created_at_timestamp",
] as const;
export type FilterAttribute = (typeof FILTER_ATTRIBUTES)[number];

/** Attributes filtered by a set of values (OR within one attribute, AND across attributes). */
export const VALUE_ATTRIBUTES = [
  "badge",
  "status",
  "car_type",
  "categories",
  "city",
  "colour",
  "dealership_name",
  "filtered_features",
  "item_type",
  "location_name",
  "make",
  "make_model",
  "model",
  "price_range",
  "seats",
  "body",
  "drive",
  "fuel",
  "transmission",
  "state",
  "tag",
  "weekly_price_range",
  "certified",
] as const;
export type ValueAttribute = (typeof VALUE_ATTRIBUTES)[number];

/** Attributes filtered by a numeric range, written 'min:max' in the URL. */
export const RANGE_ATTRIBUTES = ["km", "price", "subscription_price", "year", "created_at_timestamp"] as const;
export type RangeAttribute = (typeof RANGE_ATTRIBUTES)[number];

export const SORT_OPTIONS = [
  { value: "relevance", label: "Featured" },
  { value: "price:asc", label: "Price (low to high)" },
  { value: "price:desc", label: "Price (high to low)" },
  { value: "year:desc", label: "Year (newest first)" },
  { value: "year:asc", label: "Year (oldest first)" },
  { value: "km:asc", label: "Kilometres (lowest first)" },
  { value: "created_at_timestamp:desc", label: "Recently added" },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]["value"];

export interface NumericRange {
  min?: number;
  max?: number;
}

/**
 * What the tenant lets the public see: applied inside the search service, never by routes.
 * Default: in_stock or coming_soon, or sold within the sold window, and shown on the dealer website.
 */
export interface VisibilityScope {
  /** Statuses that are always visible. */
  statuses: string[];
  /** Sold cars stay visible when sold at or after this epoch (ms). */
  soldSince: number;
  /** False when the tenant's base filter leaves sold cars out altogether (default true). */
  showRecentlySold?: boolean;
  /** Tenant base filter: only these car types (empty = all). */
  carTypes: string[];
  /** Tenant base filter: require at least this many photos. */
  minPhotos: number;
  /** Tenant base filter: stock numbers never shown. */
  excludedStockNumbers: string[];
}

export interface SearchRequest {
  /** Free text; empty means everything. */
  query: string;
  /** 1-based. */
  page: number;
  perPage: number;
  sortBy: SortKey;
  filters: Partial<Record<ValueAttribute, string[]>>;
  ranges: Partial<Record<RangeAttribute, NumericRange>>;
  /** Facets to count (disjunctive: a facet's counts ignore its own selection). */
  facets: ValueAttribute[];
  /** Range attributes to report min/max for (slider bounds). */
  stats: RangeAttribute[];
  /** Leave out price 0 (the tenant's price-ascending variant). */
  excludeZeroPrice?: boolean;
}

export interface FacetItem {
  label: string;
  value: string;
  count: number;
}

export interface FacetStats {
  min: number;
  max: number;
}

export interface SearchResult {
  hits: Vehicle[];
  found: number;
  facets: Partial<Record<ValueAttribute, FacetItem[]>>;
  stats: Partial<Record<RangeAttribute, FacetStats>>;
  page: number;
  pages: number;
  /** Engine time in milliseconds. */
  ms: number;
}

export function emptySearchRequest(overrides: Partial<SearchRequest> = {}): SearchRequest {
  return {
    query: "",
    page: 1,
    perPage: 21,
    sortBy: "relevance",
    filters: {},
    ranges: {},
    facets: [],
    stats: [],
    ...overrides,
  };
}
