/**
 * The search service: what routes call. It decides what a tenant lets the public see (the visibility
 * scope), clamps paging, applies the tenant's search variants, and shapes facets, so routes never know
 * which engine answered and never build a filter themselves.
 */
import { SORT_OPTIONS, type FacetItem, type SearchRequest, type SearchResult, type SortKey, type VisibilityScope } from "~/domain/search";
import { AVAILABLE_STATUSES, type Vehicle } from "~/domain/vehicle";
import type { Queryable } from "../db/database";
import { listVehicles } from "../db/vehicles";
import type { TenantConfig } from "../tenants/schema";
import type { ScopedSearchRequest, SearchEngine } from "./engine";

/** Spec 000 section 9: sold cars appear in search for a recent window, default 3 days. */
export const DEFAULT_SOLD_WINDOW_DAYS = 3;
export const DEFAULT_PAGE_SIZE = 21;
export const MAX_PAGE_SIZE = 60;
/** Spec 000 section 7: facet counts above 1999 are replaced by a stock or summed count. */
export const FACET_COUNT_CEILING = 1999;

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const SORT_KEYS = new Set<string>(SORT_OPTIONS.map((o) => o.value));

type SearchSettings = Pick<TenantConfig, "slug"> & {
  search: Pick<TenantConfig["search"], "baseFilter" | "soldWindowDays" | "pageSize" | "excludeZeroPriceOnPriceAsc" | "certifiedOnly">;
};

/**
 * Default search filter (spec 000 section 9): in_stock or coming_soon, or sold within the sold window,
 * and shown on the dealer website; then the tenant's base filter. A base filter naming statuses narrows
 * the always-visible ones, and keeps sold cars out unless it names 'sold'.
 */
export function visibilityScope(tenant: SearchSettings, now: Date): VisibilityScope {
  const base = tenant.search.baseFilter;
  const available = AVAILABLE_STATUSES.map(String);
  const statuses = base.statuses.length ? available.filter((s) => base.statuses.includes(s)) : available;
  const windowDays = tenant.search.soldWindowDays ?? DEFAULT_SOLD_WINDOW_DAYS;
  return {
    statuses,
    // To the minute: every search within a minute is then the same search, which an engine's own cache
    // (Typesense's, the embedded engine's) can answer; a sold car shows at most a minute longer.
    soldSince: Math.floor((now.getTime() - windowDays * DAY_MS) / MINUTE_MS) * MINUTE_MS,
    showRecentlySold: base.statuses.length === 0 || base.statuses.includes("sold"),
    carTypes: [...base.carTypes],
    minPhotos: base.minPhotos,
    excludedStockNumbers: [...base.excludedStockNumbers],
  };
}

/**
 * The request an engine receives: scope added, page and page size clamped (a page size of 0 or less
 * means the tenant's), unknown sort replaced by the default, and the tenant's price-ascending variant
 * (spec 000 section 5: price-ascending sort can exclude price 0 on some sites).
 */
export function scopedRequest(tenant: SearchSettings, request: SearchRequest, now: Date): ScopedSearchRequest {
  const pageSize = tenant.search.pageSize ?? DEFAULT_PAGE_SIZE;
  const asked = Math.floor(request.perPage);
  const perPage = Number.isFinite(asked) && asked > 0 ? Math.min(asked, MAX_PAGE_SIZE) : pageSize;
  const page = Math.max(1, Math.floor(request.page) || 1);
  const sortBy: SortKey = SORT_KEYS.has(request.sortBy) ? request.sortBy : "relevance";
  const excludeZeroPrice = request.excludeZeroPrice === true || (sortBy === "price:asc" && tenant.search.excludeZeroPriceOnPriceAsc);
  return {
    ...request,
    query: typeof request.query === "string" ? request.query : "",
    page,
    perPage,
    sortBy,
    filters: request.filters ?? {},
    ranges: request.ranges ?? {},
    facets: request.facets ?? [],
    stats: request.stats ?? [],
    excludeZeroPrice,
    scope: visibilityScope(tenant, now),
  };
}

/**
 * Facet counts above 1999 are replaced by a stock or summed count (spec 000 section 7): the engine's
 * count is not trusted past that, so the shopper sees the number of cars found instead.
 */
export function capFacetCounts(facets: SearchResult["facets"], found: number): SearchResult["facets"] {
  const capped: SearchResult["facets"] = {};
  for (const [attribute, items] of Object.entries(facets) as [keyof SearchResult["facets"], FacetItem[]][]) {
    capped[attribute] = items.map((item) => (item.count > FACET_COUNT_CEILING ? { ...item, count: found } : item));
  }
  return capped;
}

/** The certified facet hides the 'false' value when a certified-only setting is on (spec 000 section 5). */
export function hideUncertified(facets: SearchResult["facets"]): SearchResult["facets"] {
  if (!facets.certified) return facets;
  return { ...facets, certified: facets.certified.filter((item) => item.value !== "false") };
}

export function shapeResult(tenant: SearchSettings, result: SearchResult): SearchResult {
  const facets = tenant.search.certifiedOnly ? hideUncertified(result.facets) : result.facets;
  return { ...result, facets: capFacetCounts(facets, result.found) };
}

export interface SearchService {
  readonly engineName: SearchEngine["name"];
  search(tenant: TenantConfig, request: SearchRequest, now?: Date): Promise<SearchResult>;
  multiSearch(tenant: TenantConfig, requests: SearchRequest[], now?: Date): Promise<SearchResult[]>;
  /** The vehicle page: any status, only the tenant's own car (another tenant's slug is null). */
  getBySlug(tenant: TenantConfig, slug: string): Promise<Vehicle | null>;
  /** Rebuilds one tenant from the database; returns how many cars were indexed. */
  reindexTenant(db: Queryable, tenant: TenantConfig | string): Promise<number>;
  /** Rebuilds every tenant at once (a new Typesense collection behind the alias). */
  reindexAll(db: Queryable, tenants: (TenantConfig | string)[]): Promise<number>;
  /** Cars changed in the database (new, edited, sold) go to the index. */
  applyChanges(tenant: TenantConfig | string, vehicles: Vehicle[]): Promise<void>;
  removeVehicles(tenant: TenantConfig | string, ids: string[]): Promise<void>;
}

export interface SearchServiceOptions {
  /** Clock for searches without an explicit `now` (tests pin it). */
  clock?: () => Date;
}

const slugOf = (tenant: TenantConfig | string) => (typeof tenant === "string" ? tenant : tenant.slug);

export function createSearchService(engine: SearchEngine, options: SearchServiceOptions = {}): SearchService {
  const clock = options.clock ?? (() => new Date());
  return {
    engineName: engine.name,

    async search(tenant, request, now = clock()) {
      const result = await engine.search(tenant.slug, scopedRequest(tenant, request, now));
      return shapeResult(tenant, result);
    },

    async multiSearch(tenant, requests, now = clock()) {
      if (!requests.length) return [];
      const results = await engine.multiSearch(
        tenant.slug,
        requests.map((r) => scopedRequest(tenant, r, now)),
      );
      return results.map((r) => shapeResult(tenant, r));
    },

    getBySlug(tenant, slug) {
      return engine.getBySlug(tenant.slug, slug);
    },

    async reindexTenant(db, tenant) {
      const vehicles = await listVehicles(db, slugOf(tenant));
      await engine.replaceAll(slugOf(tenant), vehicles);
      return vehicles.length;
    },

    async reindexAll(db, tenants) {
      const stock = [];
      for (const tenant of tenants) stock.push({ tenant: slugOf(tenant), vehicles: await listVehicles(db, slugOf(tenant)) });
      if (engine.rebuildAll) await engine.rebuildAll(stock);
      else for (const { tenant, vehicles } of stock) await engine.replaceAll(tenant, vehicles);
      return stock.reduce((n, s) => n + s.vehicles.length, 0);
    },

    applyChanges(tenant, vehicles) {
      return engine.upsert(slugOf(tenant), vehicles);
    },

    removeVehicles(tenant, ids) {
      return engine.remove(slugOf(tenant), ids);
    },
  };
}
