/**
 * The one place that builds Typesense `filter_by` strings (STYLE.md: one place builds search filter
 * strings). Every string value is quoted in backticks, so `&&`, `||`, commas and parentheses in a value
 * stay inside it; Typesense has no escape for a backtick inside backticks, so backticks are dropped.
 */
import type { VisibilityScope } from "~/domain/search";
import { cleanFilterValue, filterClauses, type FilterClause } from "./clauses";
import type { ScopedSearchRequest } from "./engine";

export function quoteFilterValue(value: string): string {
  return "`" + cleanFilterValue(value) + "`";
}

function quoteList(values: string[]): string {
  return "[" + values.map(quoteFilterValue).join(",") + "]";
}

function formatNumber(n: number): string {
  // Typesense does not read exponents; whole numbers and plain decimals only.
  return Number.isInteger(n) ? n.toFixed(0) : n.toFixed(6).replace(/\.?0+$/, "");
}

export function clauseFilter(clause: FilterClause): string {
  if (clause.kind === "values") return `${clause.attribute}:=${quoteList(clause.values)}`;
  const { attribute, min, max } = clause;
  if (min !== undefined && max !== undefined) return `${attribute}:[${formatNumber(min)}..${formatNumber(max)}]`;
  if (min !== undefined) return `${attribute}:>=${formatNumber(min)}`;
  return `${attribute}:<=${formatNumber(max!)}`;
}

/** True when the scope lets nothing through (Typesense has no literal for "no document"). */
export function scopeShowsNothing(scope: VisibilityScope): boolean {
  return scope.statuses.length === 0 && scope.showRecentlySold === false;
}

/**
 * What the public may see: the tenant's own cars shown on the website, in an always-visible status or
 * sold since `soldSince`, then the tenant's base filter.
 */
export function scopeFilter(tenant: string, scope: VisibilityScope): string {
  const statusParts: string[] = [];
  if (scope.statuses.length) statusParts.push(`status:=${quoteList(scope.statuses)}`);
  if (scope.showRecentlySold !== false) {
    statusParts.push(`(status:=${quoteFilterValue("sold")} && sold_at_ms:>=${formatNumber(Math.floor(scope.soldSince))})`);
  }
  const parts = [`tenant:=${quoteFilterValue(tenant)}`, "show_on_dealer_website:=true"];
  if (statusParts.length) parts.push(statusParts.length > 1 ? `(${statusParts.join(" || ")})` : statusParts[0]);
  if (scope.carTypes.length) parts.push(`car_type:=${quoteList(scope.carTypes)}`);
  if (scope.minPhotos > 0) parts.push(`photos_count:>=${formatNumber(Math.floor(scope.minPhotos))}`);
  const excluded = scope.excludedStockNumbers.map(cleanFilterValue).filter(Boolean);
  if (excluded.length) parts.push(`stocknum:!=${quoteList(excluded)}`);
  return parts.join(" && ");
}

export interface FilterOptions {
  /** Leave this attribute's own clause out (disjunctive facet counts and slider stats). */
  without?: FilterClause["attribute"];
}

/** The full `filter_by` for a scoped request: scope, price-zero exclusion, then every clause. */
export function buildFilterBy(tenant: string, request: ScopedSearchRequest, options: FilterOptions = {}): string {
  const parts = [scopeFilter(tenant, request.scope)];
  if (request.excludeZeroPrice) parts.push("price:>0");
  for (const clause of filterClauses(request)) {
    if (clause.attribute !== options.without) parts.push(clauseFilter(clause));
  }
  return parts.join(" && ");
}

/** The tenant filter alone (the vehicle page, deletions, scoped browser keys). */
export function tenantFilter(tenant: string): string {
  return `tenant:=${quoteFilterValue(tenant)}`;
}
