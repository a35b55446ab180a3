/**
 * The search engine port (DESIGN.md section 4): Orama in process by default, Typesense in production.
 * Both answer the one query model of app/domain/search.ts and pass tests/contract/search.contract.ts.
 */
import type { SearchRequest, SearchResult, VisibilityScope } from "~/domain/search";
import type { Vehicle } from "~/domain/vehicle";

/** A request with what the tenant lets the public see already decided (by the search service). */
export interface ScopedSearchRequest extends SearchRequest {
  scope: VisibilityScope;
}

/** One tenant's whole stock, for a rebuild of every tenant at once. */
export interface TenantStock {
  tenant: string;
  vehicles: Vehicle[];
}

export interface SearchEngine {
  readonly name: "orama" | "typesense";
  /** The tenant's documents become exactly these; shoppers keep seeing the old stock until it is done. */
  replaceAll(tenant: string, vehicles: Vehicle[]): Promise<void>;
  upsert(tenant: string, vehicles: Vehicle[]): Promise<void>;
  remove(tenant: string, ids: string[]): Promise<void>;
  search(tenant: string, request: ScopedSearchRequest): Promise<SearchResult>;
  /** Several searches answered together (one round trip on Typesense). */
  multiSearch(tenant: string, requests: ScopedSearchRequest[]): Promise<SearchResult[]>;
  /** The vehicle page: any status, but only the tenant's own cars. */
  getBySlug(tenant: string, slug: string): Promise<Vehicle | null>;
  /**
   * Every tenant rebuilt at once. Typesense builds a new collection and swaps the alias; engines without
   * a cheaper way replace tenant by tenant.
   */
  rebuildAll?(stock: TenantStock[]): Promise<void>;
}
