/**
 * URL <-> search state, for the server (zod-validated; the browser only builds URLs, with
 * ~/domain/searchLinks). Nothing a shopper puts in a URL is an error: bad values are dropped or clamped.
 * The URL format is described in ~/domain/searchLinks.
 */
import { z } from "zod";
import { CAR_TYPE_SEGMENTS, carTypeSegment, formatRange, queryString, slugify, type SearchState } from "./searchLinks";
import {
  RANGE_ATTRIBUTES,
  SORT_OPTIONS,
  VALUE_ATTRIBUTES,
  type NumericRange,
  type RangeAttribute,
  type SortKey,
  type ValueAttribute,
} from "./search";

export type { SearchState } from "./searchLinks";

export const MAX_QUERY_LENGTH = 100;
export const MAX_VALUE_LENGTH = 80;
export const MAX_VALUES_PER_FILTER = 30;
/** Deeper pages are not useful to a shopper and only cost the server. */
export const MAX_PAGE = 500;
const MAX_RANGE_VALUE = 1e10;

const VALUE_SET = new Set<string>(VALUE_ATTRIBUTES);
const RANGE_SET = new Set<string>(RANGE_ATTRIBUTES);
const SORT_SET = new Set<string>(SORT_OPTIONS.map((o) => o.value));

// Control characters never belong in a filter value; they are stripped rather than rejected.
// eslint-disable-next-line no-control-regex -- these are exactly the characters to strip
const CONTROL = /[\u0000-\u001f\u007f]/g;
// Half of a surrogate pair cannot be put back into a URL (encodeURIComponent throws), so it goes too.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const cleanText = (text: string, max: number) =>
  Array.from(text.replace(CONTROL, "").replace(LONE_SURROGATE, "").trim()).slice(0, max).join("").trim();

const queryText = z
  .string()
  .catch("")
  .transform((s) => cleanText(s, MAX_QUERY_LENGTH));

const pageNumber = z
  .string()
  .transform((s) => Number.parseInt(s.trim(), 10))
  .pipe(z.number().int().min(1))
  .transform((n) => Math.min(n, MAX_PAGE))
  .catch(1);

/** 'price:desc', or the index-prefixed 'Car_production:price:desc' the spec's links use; anything else is the default order. */
const sortKey = z
  .string()
  .transform((s): SortKey => {
    const parts = s.trim().split(":");
    const withoutIndex = parts.length === 3 ? parts.slice(1).join(":") : s.trim();
    if (SORT_SET.has(withoutIndex)) return withoutIndex as SortKey;
    return "relevance";
  })
  .catch("relevance" as SortKey);

const filterValue = z.string().transform((s) => cleanText(s, MAX_VALUE_LENGTH));

const bound = z
  .string()
  .transform((s) => s.trim().replace(/[$,\s]/g, ""))
  .transform((s) => (s === "" ? undefined : Number(s)))
  .pipe(z.number().finite().optional())
  .transform((n) => (n === undefined ? undefined : Math.min(Math.max(n, 0), MAX_RANGE_VALUE)))
  .catch(undefined);

/** 'min:max' with either end open; the minimum never above the maximum. */
export function parseRangeText(text: string): NumericRange | undefined {
  const [rawMin = "", rawMax = "", ...rest] = text.split(":");
  if (rest.length) return undefined;
  return tidyRange({ min: bound.parse(rawMin), max: bound.parse(rawMax) });
}

function tidyRange(range: NumericRange): NumericRange | undefined {
  let { min } = range;
  const { max } = range;
  if (min !== undefined && max !== undefined && min > max) min = max;
  if (min === undefined && max === undefined) return undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** 'range[price]', 'refinementList[make][0]' and plain 'price' / 'make' all name an attribute. */
function attributeOf(key: string): { attribute: string; form: "plain" | "range" | "list" | "min" | "max" } {
  let m = /^range\[([a-z_]+)\]$/.exec(key);
  if (m) return { attribute: m[1], form: "range" };
  m = /^refinementList\[([a-z_]+)\](?:\[\d*\])?$/.exec(key);
  if (m) return { attribute: m[1], form: "list" };
  m = /^([a-z_]+?)_(min|max)$/.exec(key);
  if (m && RANGE_SET.has(m[1])) return { attribute: m[1], form: m[2] as "min" | "max" };
  return { attribute: key, form: "plain" };
}

export interface ParsedSearchQuery {
  state: SearchState;
  /**
   * The query had leftovers of the no-JavaScript filter form (empty fields, x_min/x_max pairs): the
   * server redirects to the tidy URL so what the shopper shares is the clean one.
   */
  untidy: boolean;
}

export function emptySearchState(): SearchState {
  return { query: "", page: 1, sortBy: "relevance", filters: {}, ranges: {} };
}

/** Any query string becomes a valid search state; unknown parameters are ignored. */
export function parseSearchQuery(params: URLSearchParams): ParsedSearchQuery {
  const state = emptySearchState();
  let untidy = false;
  const seen = new Set<string>();
  const formBounds: Partial<Record<RangeAttribute, NumericRange>> = {};

  for (const [key, rawValue] of params) {
    const value = String(rawValue);
    if (key === "query" || key === "page" || key === "sortBy") {
      if (value.trim() === "") untidy = true;
      if (seen.has(key)) continue;
      seen.add(key);
      if (key === "query") state.query = queryText.parse(value);
      else if (key === "page") state.page = pageNumber.parse(value);
      else state.sortBy = sortKey.parse(value);
      continue;
    }
    const { attribute, form } = attributeOf(key);
    if (form === "min" || form === "max") {
      untidy = true;
      const n = bound.parse(value);
      if (n !== undefined) (formBounds[attribute as RangeAttribute] ??= {})[form] = n;
      continue;
    }
    if (RANGE_SET.has(attribute) && form !== "list") {
      if (value.trim() === "") untidy = true;
      const range = parseRangeText(value);
      if (range) state.ranges[attribute as RangeAttribute] = range;
      continue;
    }
    if (VALUE_SET.has(attribute) && form !== "range") {
      const cleaned = filterValue.parse(value);
      if (!cleaned) {
        untidy = true;
        continue;
      }
      const list = (state.filters[attribute as ValueAttribute] ??= []);
      if (!list.includes(cleaned) && list.length < MAX_VALUES_PER_FILTER) list.push(cleaned);
    }
  }
  for (const attribute of RANGE_ATTRIBUTES) {
    const fromForm = formBounds[attribute];
    if (fromForm && !state.ranges[attribute]) {
      const range = tidyRange(fromForm);
      if (range) state.ranges[attribute] = range;
    }
  }
  return { state, untidy };
}

/** What the dealer's stock holds, for turning path slugs back into filter values. */
export interface SearchVocabulary {
  makes: string[];
  /** 'Make|Model' pairs. */
  makeModels: string[];
  bodies: string[];
  dealerships: { slug: string; name: string }[];
  locations: { slug: string; name: string }[];
  /** Makes that are not in stock but are known (the static manufacturer list): still a page, just empty. */
  knownMakes: { slug: string; name: string }[];
}

function findBySlug(values: string[], slug: string): string | undefined {
  return values.find((v) => slugify(v) === slug);
}

/**
 * Path segments after the search prefix as filters; null when a segment means nothing here (a 404).
 * Order: an optional car-type segment, then a dealership or location, a make (and model), or a body.
 */
export function resolveSearchPath(segments: string[], vocabulary: SearchVocabulary): SearchState["filters"] | null {
  const parts = segments.map((s) => s.trim().toLowerCase()).filter(Boolean);
  const filters: SearchState["filters"] = {};
  if (parts.length && parts[0] in CAR_TYPE_SEGMENTS) {
    const types = CAR_TYPE_SEGMENTS[parts.shift()!];
    if (types.length) filters.car_type = [...types];
  }
  if (!parts.length) return filters;
  const [first, second, ...rest] = parts;
  if (rest.length) return null;

  if (second === undefined) {
    const dealership = vocabulary.dealerships.find((d) => d.slug === first);
    if (dealership) return { ...filters, dealership_name: [dealership.name] };
    const location = vocabulary.locations.find((l) => l.slug === first || slugify(l.name) === first);
    if (location) return { ...filters, location_name: [location.name] };
  }
  const make = findBySlug(vocabulary.makes, first) ?? vocabulary.knownMakes.find((m) => m.slug === first)?.name;
  if (make) {
    if (second === undefined) return { ...filters, make: [make] };
    const ofMake = vocabulary.makeModels.filter((mm) => mm.startsWith(`${make}|`)).map((mm) => mm.slice(make.length + 1));
    const model =
      findBySlug(ofMake, second) ??
      findBySlug(
        vocabulary.makeModels.map((mm) => mm.split("|")[1] ?? ""),
        second,
      );
    return model ? { ...filters, make: [make], model: [model] } : null;
  }
  if (second === undefined) {
    const body = findBySlug(vocabulary.bodies, first);
    if (body) return { ...filters, body: [body] };
  }
  return null;
}

/** Filters from the path and the query together (OR within an attribute). */
export function mergeFilters(a: SearchState["filters"], b: SearchState["filters"]): SearchState["filters"] {
  const out: SearchState["filters"] = { ...a };
  for (const attribute of VALUE_ATTRIBUTES) {
    const extra = b[attribute];
    if (!extra?.length) continue;
    out[attribute] = [...new Set([...(out[attribute] ?? []), ...extra])];
  }
  return out;
}

export interface BuildOptions {
  /** The vocabulary decides which values can go in the path (only ones that resolve back to themselves). */
  vocabulary?: SearchVocabulary;
  /** Keep sort and page (pagination links) or drop them (canonical URL, new filters). */
  keepSort?: boolean;
  keepPage?: boolean;
}

function sortParam(sortBy: SortKey): string {
  return sortBy;
}

/**
 * The URL of a search state: car type, a single make (and model) or body in the path where they read
 * back the same, everything else in the query, in a fixed order so equal searches have equal URLs.
 */
export function buildSearchHref(prefix: string, state: SearchState, options: BuildOptions = {}): string {
  const filters: SearchState["filters"] = {};
  for (const attribute of VALUE_ATTRIBUTES) {
    const values = state.filters[attribute]?.filter(Boolean);
    if (values?.length) filters[attribute] = [...values];
  }
  const segments: string[] = [];
  const typeSegment = carTypeSegment(filters.car_type);
  if (typeSegment) {
    segments.push(typeSegment);
    delete filters.car_type;
  }
  const v = options.vocabulary;
  if (v) {
    const make = filters.make?.length === 1 ? filters.make[0] : undefined;
    const model = filters.model?.length === 1 ? filters.model[0] : undefined;
    const body = filters.body?.length === 1 ? filters.body[0] : undefined;
    const makeInPath = make && slugify(make) && v.makes.includes(make) && findBySlug(v.makes, slugify(make)) === make;
    if (makeInPath) {
      segments.push(slugify(make));
      delete filters.make;
      const models = v.makeModels.filter((mm) => mm.startsWith(`${make}|`)).map((mm) => mm.slice(make.length + 1));
      if (model && slugify(model) && findBySlug(models, slugify(model)) === model && !filters.make_model) {
        segments.push(slugify(model));
        delete filters.model;
      }
    } else if (
      !filters.make &&
      body &&
      slugify(body) &&
      findBySlug(v.bodies, slugify(body)) === body &&
      !v.makes.some((m) => slugify(m) === slugify(body))
    ) {
      segments.push(slugify(body));
      delete filters.body;
    }
  }
  const pairs: [string, string][] = [];
  if (state.query) pairs.push(["query", state.query]);
  for (const attribute of VALUE_ATTRIBUTES) for (const value of filters[attribute] ?? []) pairs.push([attribute, value]);
  for (const attribute of RANGE_ATTRIBUTES) {
    const text = formatRange(state.ranges[attribute]);
    if (text) pairs.push([attribute, text]);
  }
  if (options.keepSort && state.sortBy !== "relevance") pairs.push(["sortBy", sortParam(state.sortBy)]);
  if (options.keepPage && state.page > 1) pairs.push(["page", String(state.page)]);
  const path = segments.length ? `${prefix}/${segments.join("/")}` : prefix;
  return path + queryString(pairs);
}

/** Canonical URL of a results page: the same search without sort and page. */
export function canonicalSearchHref(prefix: string, state: SearchState, vocabulary?: SearchVocabulary): string {
  return buildSearchHref(prefix, state, { vocabulary });
}

export function hasFilters(state: Pick<SearchState, "query" | "filters" | "ranges">): boolean {
  return (
    state.query !== "" ||
    Object.values(state.filters).some((values) => values && values.length > 0) ||
    Object.values(state.ranges).some((r) => r && (r.min !== undefined || r.max !== undefined))
  );
}
