/**
 * A request's filters as clauses both engines read the same way: OR within one attribute's values,
 * AND across attributes, inclusive ranges. Facets are disjunctive, so each clause is kept separate:
 * a facet's counts (or a range's stats) are computed with every clause except its own.
 */
import {
  RANGE_ATTRIBUTES,
  VALUE_ATTRIBUTES,
  type FacetItem,
  type RangeAttribute,
  type SearchRequest,
  type SearchResult,
  type ValueAttribute,
} from "~/domain/search";

export interface ValueClause {
  kind: "values";
  attribute: ValueAttribute;
  values: string[];
}

export interface RangeClause {
  kind: "range";
  attribute: RangeAttribute;
  min?: number;
  max?: number;
}

export type FilterClause = ValueClause | RangeClause;

/**
 * A filter value as both engines compare it. Typesense quotes values in backticks and has no escape for
 * a backtick inside one, so backticks are dropped; Orama drops them too so both answer alike.
 */
export function cleanFilterValue(value: unknown): string {
  return typeof value === "string" ? value.replace(/`/g, "").trim() : "";
}

const finite = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);

/** The request's clauses in a fixed attribute order; empty selections and open ranges are no clause. */
export function filterClauses(request: Pick<SearchRequest, "filters" | "ranges">): FilterClause[] {
  const clauses: FilterClause[] = [];
  for (const attribute of VALUE_ATTRIBUTES) {
    const selected = request.filters?.[attribute];
    if (!Array.isArray(selected)) continue;
    const values = [...new Set(selected.map(cleanFilterValue).filter(Boolean))];
    if (values.length) clauses.push({ kind: "values", attribute, values });
  }
  for (const attribute of RANGE_ATTRIBUTES) {
    const range = request.ranges?.[attribute];
    if (!range) continue;
    const min = finite(range.min) ? range.min : undefined;
    const max = finite(range.max) ? range.max : undefined;
    if (min !== undefined || max !== undefined) clauses.push({ kind: "range", attribute, min, max });
  }
  return clauses;
}

/** Facet values sorted as the contract says: count descending, then value ascending (code-unit order). */
export function sortFacetItems(items: FacetItem[]): FacetItem[] {
  return items.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** Known facet and stats attributes only, each once, in the order asked. */
export function wantedFacets(request: Pick<SearchRequest, "facets">): ValueAttribute[] {
  const known = new Set<string>(VALUE_ATTRIBUTES);
  return [...new Set((request.facets ?? []).filter((f) => known.has(f)))];
}

export function wantedStats(request: Pick<SearchRequest, "stats">): RangeAttribute[] {
  const known = new Set<string>(RANGE_ATTRIBUTES);
  return [...new Set((request.stats ?? []).filter((s) => known.has(s)))];
}

/** The sort's fields; every sort ends on the vehicle id so equal cars come back in the same order. */
export const SORT_FIELDS: Record<SearchRequest["sortBy"], { field: "custom_rank" | RangeAttribute; direction: "asc" | "desc" }> = {
  relevance: { field: "custom_rank", direction: "desc" },
  "price:asc": { field: "price", direction: "asc" },
  "price:desc": { field: "price", direction: "desc" },
  "year:desc": { field: "year", direction: "desc" },
  "year:asc": { field: "year", direction: "asc" },
  "km:asc": { field: "km", direction: "asc" },
  "created_at_timestamp:desc": { field: "created_at_timestamp", direction: "desc" },
};

export function sortOf(sortBy: string) {
  return SORT_FIELDS[sortBy as SearchRequest["sortBy"]] ?? SORT_FIELDS.relevance;
}

/** No cars: every facet asked for is present and empty, as both engines answer an empty search. */
export function emptySearchResult(request: Pick<SearchRequest, "page" | "facets">, ms = 0): SearchResult {
  const facets: SearchResult["facets"] = {};
  for (const attribute of wantedFacets(request)) facets[attribute] = [];
  return { hits: [], found: 0, facets, stats: {}, page: Math.max(1, Math.floor(request.page) || 1), pages: 0, ms };
}
