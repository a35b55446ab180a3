/**
 * Saved searches matched against changed stock (issue 27, docs/alerts.md): pure, no I/O.
 *
 * A saved search's `search` (the SearchState the results page parsed: query, filters, ranges) becomes the
 * SearchRequest the results page builds for it, and that request a predicate over the search document
 * (server/search/document.ts) that gives exactly the cars the search engine gives:
 * - the filters are the engines' own clauses (server/search/clauses.ts `filterClauses`): OR within an
 *   attribute, AND across, inclusive ranges;
 * - the dealer's visibility scope is the search service's (server/search/service.ts `visibilityScope`:
 *   what the site shows, its base filter, the sold window);
 * - the keyword query is read as the embedded engine (Orama, server/search/orama.ts) reads it: every
 *   word of `searchWords`, each cut into Orama's own tokens, must find a token of the car's searchable
 *   text that starts with one of its tokens (Orama's prefix match, tolerance 0). Typesense's keyword match
 *   (typo tolerance that depends on what else is in the collection) cannot be decided car by car, so on
 *   Typesense a keyword search's cars are confirmed by asking the engine (server/alerts/detect.ts):
 *   `keywords: "engine"` leaves the keyword out of the predicate and marks the match as to be confirmed.
 *
 * Fast: each distinct search is compiled once (identical searches of many shoppers share one), and
 * searches are filed under one of their value clauses (make and model, model, make, body...), so a car
 * is only tested against the searches that could match it.
 */
import { components } from "@orama/orama";
import { z } from "zod";
import {
  RANGE_ATTRIBUTES,
  VALUE_ATTRIBUTES,
  emptySearchRequest,
  type RangeAttribute,
  type SearchRequest,
  type ValueAttribute,
} from "~/domain/search";
import type { Vehicle } from "~/domain/vehicle";
import { filterClauses, cleanFilterValue, type FilterClause } from "../search/clauses";
import {
  allAttributeValues,
  MULTI_VALUE_ATTRIBUTES,
  searchableText,
  searchWords,
  toSearchDocument,
  type VehicleSearchDocument,
} from "../search/document";
import { visibilityScope } from "../search/service";

/** The dealer's search settings the scope is made from (a TenantConfig will do). */
export type MatchTenant = Parameters<typeof visibilityScope>[0];

/** What a saved search keeps of the results page (saved_searches.search). */
export interface SavedSearchState {
  query: string;
  filters: SearchRequest["filters"];
  ranges: SearchRequest["ranges"];
}

const MAX_QUERY = 100;
const MAX_VALUE = 80;
const MAX_VALUES = 30;

const text = (max: number) =>
  z
    .string()
    .transform((s) => s.trim().slice(0, max))
    .catch("");
const bound = z.number().finite().optional().catch(undefined);
const valueList = z
  .array(z.unknown())
  .transform((values) =>
    values
      .filter((v): v is string => typeof v === "string")
      .map((v) => v.trim().slice(0, MAX_VALUE))
      .filter(Boolean)
      .slice(0, MAX_VALUES),
  )
  .optional()
  .catch(undefined);
const rangeValue = z
  .object({ min: bound, max: bound })
  .transform((r) =>
    r.min === undefined && r.max === undefined
      ? undefined
      : { ...(r.min !== undefined ? { min: r.min } : {}), ...(r.max !== undefined ? { max: r.max } : {}) },
  )
  .optional()
  .catch(undefined);

/**
 * The stored SearchState, checked: anything that is not a known attribute with sound values is dropped
 * (a row written by an older version, or by hand, never throws here).
 */
export const savedSearchStateSchema = z
  .object({
    query: text(MAX_QUERY).optional(),
    filters: z
      .object(Object.fromEntries(VALUE_ATTRIBUTES.map((a) => [a, valueList])) as Record<ValueAttribute, typeof valueList>)
      .catch({})
      .optional(),
    ranges: z
      .object(Object.fromEntries(RANGE_ATTRIBUTES.map((a) => [a, rangeValue])) as Record<RangeAttribute, typeof rangeValue>)
      .catch({})
      .optional(),
  })
  .catch({})
  .transform((s): SavedSearchState => ({
    query: s.query ?? "",
    filters: Object.fromEntries(
      Object.entries(s.filters ?? {}).filter(([, v]) => Array.isArray(v) && v.length),
    ) as SavedSearchState["filters"],
    ranges: Object.fromEntries(Object.entries(s.ranges ?? {}).filter(([, v]) => v !== undefined)) as SavedSearchState["ranges"],
  }));

/**
 * The stored search, checked. A row already in the schema's own form (what the save-search form writes)
 * is taken as it is without running the schema, which is slow for 10,000 searches at once; anything else
 * goes through `savedSearchStateSchema`, which gives that form.
 */
export function parseSavedSearchState(value: unknown): SavedSearchState {
  if (isTidyState(value)) return { query: value.query ?? "", filters: value.filters ?? {}, ranges: value.ranges ?? {} };
  return savedSearchStateSchema.parse(value);
}

const VALUE_SET = new Set<string>(VALUE_ATTRIBUTES);
const RANGE_SET = new Set<string>(RANGE_ATTRIBUTES);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const tidyText = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.length <= max && value === value.trim();
const finiteNumber = (value: unknown) => typeof value === "number" && Number.isFinite(value);

/** Exactly what the schema would give back unchanged (its query, filters and ranges; other keys are ignored). */
function isTidyState(value: unknown): value is Partial<SavedSearchState> {
  if (!isRecord(value)) return false;
  if (value.query !== undefined && !tidyText(value.query, MAX_QUERY)) return false;
  if (value.filters !== undefined) {
    if (!isRecord(value.filters)) return false;
    for (const [attribute, list] of Object.entries(value.filters)) {
      if (!VALUE_SET.has(attribute) || !Array.isArray(list) || list.length === 0 || list.length > MAX_VALUES) return false;
      for (const item of list) if (!tidyText(item, MAX_VALUE) || item === "") return false;
    }
  }
  if (value.ranges !== undefined) {
    if (!isRecord(value.ranges)) return false;
    for (const [attribute, range] of Object.entries(value.ranges)) {
      if (!RANGE_SET.has(attribute) || !isRecord(range)) return false;
      const keys = Object.keys(range);
      if (!keys.length || keys.some((k) => (k !== "min" && k !== "max") || !finiteNumber(range[k]))) return false;
    }
  }
  return true;
}

/**
 * The request the results page sends for this search (app/routes/search/search.server.ts): its query,
 * filters and ranges, in the default order (a saved search keeps no sort, so the price-ascending variant
 * that leaves out price 0 never applies); page, size, facets and stats do not change which cars match.
 */
export function savedSearchRequest(state: SavedSearchState): SearchRequest {
  return emptySearchRequest({ query: state.query, filters: state.filters, ranges: state.ranges });
}

// ---- the keyword query, as Orama reads it ------------------------------------------------------

/** Orama's default tokenizer, as `create()` in server/search/orama.ts makes it (English, no stemming, no stop words). */
const oramaTokenizer = components.tokenizer.createTokenizer({ language: "english" });
const oramaTokens = (value: string): string[] => oramaTokenizer.tokenize(value, "english", undefined, false) as string[];

/** One word of the query: the car matches when a token of its text starts with any of these (none: never). */
type KeywordWord = string[];

export function keywordWords(query: string): KeywordWord[] {
  return [...new Set(searchWords(query))].map((word) => oramaTokens(word));
}

function keywordMatches(words: KeywordWord[], carTokens: readonly string[]): boolean {
  for (const tokens of words) {
    let found = false;
    for (let i = 0; i < tokens.length && !found; i++) {
      const token = tokens[i];
      for (let j = 0; j < carTokens.length; j++) {
        if (carTokens[j].startsWith(token)) {
          found = true;
          break;
        }
      }
    }
    if (!found) return false;
  }
  return true;
}

// ---- a car, read once ---------------------------------------------------------------------------

/** A changed car as the matcher reads it: its search document, filter values and text tokens, made once. */
export interface MatchCar {
  vehicle: Vehicle;
  doc: VehicleSearchDocument;
  values: Record<ValueAttribute, string[]>;
  /** Single-valued attributes' values by their place in VALUE_ATTRIBUTES (read by number: fast). */
  single: string[];
  /** Range attributes' values by their place in RANGE_ATTRIBUTES. */
  numbers: Float64Array;
  readonly tokens: string[];
}

const VALUE_INDEX = new Map(VALUE_ATTRIBUTES.map((a, i) => [a, i]));
const RANGE_INDEX = new Map(RANGE_ATTRIBUTES.map((a, i) => [a, i]));

export function matchCar(tenant: string, vehicle: Vehicle): MatchCar {
  const doc = toSearchDocument(tenant, vehicle);
  let tokens: string[] | undefined;
  return {
    vehicle,
    doc,
    values: allAttributeValues(doc),
    single: VALUE_ATTRIBUTES.map((a) => (MULTI_VALUE_ATTRIBUTES.includes(a) ? "" : (doc[a] as string))),
    numbers: Float64Array.from(RANGE_ATTRIBUTES, (a) => doc[a]),
    // Cut into words only when a keyword search asks.
    get tokens() {
      return (tokens ??= oramaTokens(searchableText(doc)));
    },
  };
}

// ---- predicates ----------------------------------------------------------------------------------

export type CarTest = (car: MatchCar) => boolean;

/** The search service's visibility scope as a test (the same rule as the Orama engine's). */
export function visibilityTest(tenant: MatchTenant, now: Date): CarTest {
  const scope = visibilityScope(tenant, now);
  const statuses = new Set(scope.statuses.map(cleanFilterValue));
  const carTypes = new Set(scope.carTypes.map(cleanFilterValue));
  const excluded = new Set(scope.excludedStockNumbers.map(cleanFilterValue).filter(Boolean));
  const showSold = scope.showRecentlySold !== false;
  const soldSince = Math.floor(scope.soldSince);
  const minPhotos = Math.floor(scope.minPhotos);
  return ({ doc }) =>
    doc.show_on_dealer_website &&
    (statuses.has(doc.status) || (showSold && doc.status === "sold" && doc.sold_at_ms >= soldSince)) &&
    (carTypes.size === 0 || carTypes.has(doc.car_type)) &&
    doc.photos_count >= minPhotos &&
    !excluded.has(doc.stocknum);
}

/**
 * The clauses as one test (OR within an attribute, AND across, inclusive ranges), read straight off the
 * search document: a single-valued attribute is compared as it is (an empty value never equals a selected
 * one, which is never empty), a multi-valued one value by value.
 */
function clausesTest(clauses: readonly FilterClause[]): (car: MatchCar) => boolean {
  const values: { attribute: ValueAttribute; index: number; multi: boolean; one: string | null; set: Set<string> }[] = [];
  const ranges: { index: number; min: number; max: number }[] = [];
  for (const clause of clauses) {
    if (clause.kind === "values") {
      values.push({
        attribute: clause.attribute,
        index: VALUE_INDEX.get(clause.attribute)!,
        multi: MULTI_VALUE_ATTRIBUTES.includes(clause.attribute),
        one: clause.values.length === 1 ? clause.values[0] : null,
        set: new Set(clause.values),
      });
    } else ranges.push({ index: RANGE_INDEX.get(clause.attribute)!, min: clause.min ?? -Infinity, max: clause.max ?? Infinity });
  }
  return (car) => {
    for (let i = 0; i < values.length; i++) {
      const check = values[i];
      if (check.multi) {
        const own = car.values[check.attribute];
        let found = false;
        for (let j = 0; j < own.length && !found; j++) found = check.set.has(own[j]);
        if (!found) return false;
      } else {
        const own = car.single[check.index];
        if (check.one !== null ? own !== check.one : !check.set.has(own)) return false;
      }
    }
    for (let i = 0; i < ranges.length; i++) {
      const value = car.numbers[ranges[i].index];
      if (value < ranges[i].min || value > ranges[i].max) return false;
    }
    return true;
  };
}

export type KeywordMode = "pure" | "engine";

/** A saved search, compiled once. */
export interface CompiledSearch {
  /** Identical searches (same query, filters and ranges) have the same key. */
  key: string;
  request: SearchRequest;
  clauses: FilterClause[];
  /** The filters (and, with keywords "pure", the keyword query); the visibility scope is tested apart. */
  test: CarTest;
  /** The search has a keyword query the engine must confirm (keywords "engine"). */
  confirmKeywords: boolean;
}

/** A stable key for a request's query, clauses: the same cars for the same key. */
export function searchKey(request: Pick<SearchRequest, "query" | "filters" | "ranges">, clauses = filterClauses(request)): string {
  let key = searchWords(request.query ?? "").join(" ");
  for (const c of clauses) {
    key +=
      c.kind === "values"
        ? `\u0000${c.attribute}=${JSON.stringify([...c.values].sort())}`
        : `\u0000${c.attribute}:${c.min ?? ""}:${c.max ?? ""}`;
  }
  return key;
}

export function compileSearch(state: SavedSearchState, keywords: KeywordMode = "pure"): CompiledSearch {
  const request = savedSearchRequest(state);
  const clauses = filterClauses(request);
  const words = keywordWords(request.query);
  return {
    key: searchKey(request, clauses),
    request,
    clauses,
    test: withKeywords(clausesTest(clauses), words, keywords),
    confirmKeywords: keywords === "engine" && words.length > 0,
  };
}

function withKeywords(filters: CarTest, words: KeywordWord[], keywords: KeywordMode): CarTest {
  if (keywords !== "pure" || !words.length) return filters;
  return (car) => filters(car) && keywordMatches(words, car.tokens);
}

/**
 * The whole rule for one search, as the results page answers it at `now`: the dealer's scope and the
 * search's filters and keywords (Orama's reading). What the unit tests hold against the engine.
 */
export function searchPredicate(tenant: MatchTenant, state: SavedSearchState, now: Date): CarTest {
  const visible = visibilityTest(tenant, now);
  const { test } = compileSearch(state, "pure");
  return (car) => visible(car) && test(car);
}

// ---- many searches against many cars ----------------------------------------------------------

/** Value attributes a search is filed under, most selective first: one clause on any of these files it. */
const INDEX_ATTRIBUTES: readonly ValueAttribute[] = ["make_model", "model", "make", "body", "car_type", "status", "price_range"];

/** Searches sharing one compiled form, with what each caller attached to them (saved search rows). */
export interface SearchGroup<T> {
  search: CompiledSearch;
  members: T[];
  /** The search's test without the clause it is filed under (which a car found under that clause meets). */
  rest: CarTest;
}

/**
 * Many saved searches, compiled once, grouped when identical and filed by one of their value clauses:
 * `matching(car)` tests only the groups filed under one of the car's values (and those with no such
 * clause), and gives the ones it matches.
 */
export class SearchMatcher<T> {
  readonly groups: SearchGroup<T>[] = [];
  private readonly byKey = new Map<string, SearchGroup<T>>();
  private readonly filed = new Map<ValueAttribute, Map<string, SearchGroup<T>[]>>();
  private readonly unfiled: SearchGroup<T>[] = [];

  constructor(
    entries: Iterable<{ state: SavedSearchState; member: T }>,
    private readonly keywords: KeywordMode = "pure",
  ) {
    const compiledByState = new Map<string, CompiledSearch>();
    for (const { state, member } of entries) {
      const stateKey = JSON.stringify(state);
      let search = compiledByState.get(stateKey);
      if (!search) {
        search = compileSearch(state, keywords);
        compiledByState.set(stateKey, search);
      }
      let group = this.byKey.get(search.key);
      if (!group) {
        group = { search, members: [], rest: search.test };
        this.byKey.set(search.key, group);
        this.groups.push(group);
        this.file(group);
      }
      group.members.push(member);
    }
  }

  private file(group: SearchGroup<T>) {
    for (const attribute of INDEX_ATTRIBUTES) {
      const clause = group.search.clauses.find((c) => c.kind === "values" && c.attribute === attribute);
      if (clause?.kind !== "values") continue;
      group.rest = withKeywords(
        clausesTest(group.search.clauses.filter((c) => c !== clause)),
        keywordWords(group.search.request.query),
        this.keywords,
      );
      let byValue = this.filed.get(attribute);
      if (!byValue) this.filed.set(attribute, (byValue = new Map()));
      for (const value of clause.values) {
        const list = byValue.get(value);
        if (list) list.push(group);
        else byValue.set(value, [group]);
      }
      return;
    }
    this.unfiled.push(group);
  }

  /** The groups whose filters (and pure keywords) this car meets; the visibility scope is the caller's. */
  matching(car: MatchCar): SearchGroup<T>[] {
    const out: SearchGroup<T>[] = [];
    for (const group of this.unfiled) if (group.search.test(car)) out.push(group);
    for (const [attribute, byValue] of this.filed) {
      const values = car.values[attribute];
      if (values.length === 1) {
        const list = byValue.get(values[0]);
        if (list) for (let i = 0; i < list.length; i++) if (list[i].rest(car)) out.push(list[i]);
      } else if (values.length > 1) {
        for (const group of new Set(values.flatMap((value) => byValue.get(value) ?? []))) if (group.rest(car)) out.push(group);
      }
    }
    return out;
  }
}
