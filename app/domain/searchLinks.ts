/**
 * Search URLs built with plain code, safe to ship to the browser (no zod: the server parses URLs with
 * ~/domain/searchUrl). The URL is the search state (DESIGN.md section 2):
 *
 *   path     {prefix}/{type}-cars | /new-and-demo-cars | /used-cars | /new-used-and-demo-cars,
 *            then /{make}[/{model}] | /{body} | /{dealership or location slug}
 *   query    query=text, page=2, sortBy=price:asc (also 'Car_production:price:asc'),
 *            one parameter per filter attribute, repeated for several values: make=Toyota&make=Ford,
 *            ranges as min:max with either end open: price=5000:20000, km=:50000, range[price]=:30000
 *            (links write it range%5Bprice%5D=:30000; see encodeQueryPart).
 *            The filter form also sends price_min / price_max; the server folds those into price=min:max.
 */
import type { NumericRange, RangeAttribute, SortKey, ValueAttribute } from "./search";

export interface SearchState {
  query: string;
  /** 1-based. */
  page: number;
  sortBy: SortKey;
  filters: Partial<Record<ValueAttribute, string[]>>;
  ranges: Partial<Record<RangeAttribute, NumericRange>>;
}

/** 'Mercedes-Benz' -> 'mercedes-benz', 'Ute Cannon' -> 'ute-cannon', 'Lynk & Co' -> 'lynk-co'. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Car-type path segments (spec 000 section 2); an empty list means every car type. */
export const CAR_TYPE_SEGMENTS: Record<string, readonly string[]> = {
  "new-cars": ["new"],
  "used-cars": ["used"],
  "demo-cars": ["demo"],
  "new-and-demo-cars": ["new", "demo"],
  "new-used-and-demo-cars": [],
};

/** The path segment for a car-type selection, when there is one. */
export function carTypeSegment(carTypes: readonly string[] | undefined): string | null {
  if (!carTypes?.length) return null;
  const wanted = [...new Set(carTypes)].sort().join(",");
  for (const [segment, types] of Object.entries(CAR_TYPE_SEGMENTS)) {
    if (types.length && [...types].sort().join(",") === wanted) return segment;
  }
  return null;
}

function formatBound(n: number | undefined): string {
  return n === undefined || !Number.isFinite(n) ? "" : String(n);
}

/** A range as the URL stores it: 'min:max', either end may be empty; '' when both are open. */
export function formatRange(range: NumericRange | undefined): string {
  if (!range) return "";
  const text = `${formatBound(range.min)}:${formatBound(range.max)}`;
  return text === ":" ? "" : text;
}

/**
 * Query strings readable by people where the URL standard allows it: ':' and ',' are left as they are,
 * everything else is percent-encoded, including '[' ']' and '|' (range%5Bprice%5D=:30000,
 * make_model=Toyota%7CHiLux). Browsers accept the raw forms, but they are not valid in a URL query
 * (RFC 3986), so the HTML checker rejects links that carry them; the parser reads both forms.
 */
export function encodeQueryPart(text: string): string {
  // A lone half of a surrogate pair would make encodeURIComponent throw.
  const wellFormed = text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "");
  return encodeURIComponent(wellFormed).replace(/%3A/gi, ":").replace(/%2C/gi, ",");
}

export function queryString(pairs: [string, string][]): string {
  return pairs.length ? "?" + pairs.map(([k, v]) => `${encodeQueryPart(k)}=${encodeQueryPart(v)}`).join("&") : "";
}

const RANGE_FIELD = /^(.+)_(min|max)$/;

/**
 * The filter form's fields as a tidy query (used by the browser before it navigates): empty fields
 * dropped, each 'x_min'/'x_max' pair folded into 'x=min:max', page dropped (a new filter starts at page 1).
 */
export function compactSearchParams(entries: Iterable<[string, FormDataEntryValue]>): [string, string][] {
  const out: [string, string][] = [];
  const ranges = new Map<string, { min: string; max: string }>();
  for (const [key, raw] of entries) {
    if (typeof raw !== "string") continue;
    const value = raw.trim();
    const range = RANGE_FIELD.exec(key);
    if (range) {
      const entry = ranges.get(range[1]) ?? { min: "", max: "" };
      entry[range[2] as "min" | "max"] = value;
      if (!ranges.has(range[1])) out.push([range[1], ""]);
      ranges.set(range[1], entry);
      continue;
    }
    // Page 1 and the default order are what an absent parameter means already.
    if (key === "page" || value === "" || (key === "sortBy" && value === "relevance")) continue;
    out.push([key, value]);
  }
  return out
    .map(([key, value]): [string, string] => {
      const range = ranges.get(key);
      return range && value === "" ? [key, range.min || range.max ? `${range.min}:${range.max}` : ""] : [key, value];
    })
    .filter(([, value]) => value !== "");
}

/** Budget search (spec 000 section 7): the results page with range[price]=:{budget} (brackets encoded), optionally one body type. */
export function budgetSearchHref(searchPrefix: string, budget: number, body?: string): string {
  const pairs: [string, string][] = [];
  if (body) pairs.push(["body", body]);
  pairs.push(["range[price]", `:${Math.max(0, Math.round(budget))}`]);
  return searchPrefix + queryString(pairs);
}

/** The index's sort name the spec's links use for price, highest first. */
export const PRICE_DESC_SORT = "Car_production:price:desc";

/** Price-range page (spec 000 sections 2 and 7): results in that range, sorted by price descending. */
export function priceRangeSearchHref(searchPrefix: string, min: number, max: number): string {
  return (
    searchPrefix +
    queryString([
      ["range[price]", `${Math.round(min)}:${Math.round(max)}`],
      ["sortBy", PRICE_DESC_SORT],
    ])
  );
}
