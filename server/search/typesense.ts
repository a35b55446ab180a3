/**
 * The production search engine: Typesense through typesense-js.
 *
 * One collection per environment holds every tenant's cars; each document carries `tenant` and every
 * query filters by it. The collection is reached through an alias named TYPESENSE_COLLECTION_PREFIX;
 * a full rebuild imports into a new `<prefix>_<timestamp>` collection, moves the alias, then drops the
 * old collection, so the live one is never emptied first. Disjunctive facets and slider stats go out as
 * one multi_search: the main query plus one query per selected facet (and per ranged slider) without
 * that attribute's own filter.
 */
import { Client, Errors } from "typesense";
import type { CollectionCreateSchema } from "typesense/lib/Typesense/Collections";
import type { MultiSearchRequestSchema } from "typesense/lib/Typesense/Types";
import type { SearchResponse } from "typesense/lib/Typesense/Documents";
import {
  RANGE_ATTRIBUTES,
  VALUE_ATTRIBUTES,
  type FacetItem,
  type FacetStats,
  type RangeAttribute,
  type SearchResult,
  type ValueAttribute,
} from "~/domain/search";
import type { Vehicle } from "~/domain/vehicle";
import { emptySearchResult, filterClauses, sortFacetItems, sortOf, wantedFacets, wantedStats } from "./clauses";
import { MULTI_VALUE_ATTRIBUTES, TEXT_FIELDS, searchWords, toSearchDocument } from "./document";
import type { ScopedSearchRequest, SearchEngine, TenantStock } from "./engine";
import { buildFilterBy, scopeShowsNothing, tenantFilter, quoteFilterValue } from "./filterBy";

export interface TypesenseEngineOptions {
  host: string;
  port?: number;
  protocol?: "http" | "https";
  /** Admin key: writes and searches from the server. Never sent to a browser. */
  apiKey: string;
  /** A key allowed only `documents:search`; parent of the scoped keys handed to browsers. */
  searchOnlyApiKey?: string;
  /** The alias shoppers' searches read; collections are `<prefix>_<timestamp>`. */
  collectionPrefix: string;
  connectionTimeoutSeconds?: number;
  numRetries?: number;
  /** Documents per import request. */
  importBatchSize?: number;
}

/** Facet values asked for per facet; far above any dealer's distinct makes or models. */
export const MAX_FACET_VALUES = 1000;
const MAX_PER_PAGE = 250;
const DELETE_IDS_PER_REQUEST = 100;
const MAX_SEARCHES_PER_CALL = 50;

type Document = Record<string, unknown>;

/** The vehicles collection: every filter attribute is a facet, every range attribute a numeric facet. */
export function vehicleCollectionSchema(name: string): CollectionCreateSchema {
  const multi = new Set<string>(MULTI_VALUE_ATTRIBUTES);
  const ranges: Record<RangeAttribute, "int64" | "int32" | "float"> = {
    km: "int64",
    price: "float",
    subscription_price: "float",
    year: "int32",
    created_at_timestamp: "int64",
  };
  return {
    name,
    // Split words on these as the embedded engine does (searchWords), so 'Hi-Lux' is 'hi' and 'lux'.
    token_separators: ["-", "/", ".", "|", "_"],
    fields: [
      { name: "tenant", type: "string", facet: true },
      { name: "vehicle_id", type: "string", sort: true },
      { name: "slug", type: "string" },
      { name: "name", type: "string", optional: true },
      { name: "series", type: "string", optional: true },
      { name: "stocknum", type: "string", optional: true },
      { name: "paint", type: "string", optional: true },
      ...VALUE_ATTRIBUTES.map((attribute) => ({
        name: attribute,
        type: multi.has(attribute) ? ("string[]" as const) : ("string" as const),
        facet: true,
        optional: true,
      })),
      ...RANGE_ATTRIBUTES.map((attribute) => ({ name: attribute, type: ranges[attribute], facet: true })),
      { name: "custom_rank", type: "float" },
      { name: "photos_count", type: "int32" },
      { name: "sold_at_ms", type: "int64" },
      { name: "show_on_dealer_website", type: "bool" },
      { name: "index_generation", type: "int64" },
      // The whole vehicle for hits and the vehicle page; stored, not indexed.
      { name: "vehicle_json", type: "string", index: false, optional: true },
    ],
  };
}

/** The Typesense document: the shared search document, empty optional values left out. */
export function toTypesenseDocument(tenant: string, vehicle: Vehicle, generation: number): Document {
  const doc: Document = { id: `${tenant}:${vehicle.id}` };
  for (const [key, value] of Object.entries(toSearchDocument(tenant, vehicle))) {
    if (value === "" || (Array.isArray(value) && value.length === 0)) continue;
    doc[key] = value;
  }
  doc.index_generation = generation;
  doc.vehicle_json = JSON.stringify(vehicle);
  return doc;
}

type SearchParams = MultiSearchRequestSchema<Document, string>;

/** How one SearchRequest becomes searches of a multi_search, and how their answers become a result. */
export interface SearchPlan {
  searches: SearchParams[];
  read(results: SearchResponse<Document>[], ms: number): SearchResult;
}

export function planSearch(collection: string, tenant: string, request: ScopedSearchRequest): SearchPlan {
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(request.perPage) || 1));
  const page = Math.max(1, Math.floor(request.page) || 1);
  const selected = new Set(filterClauses(request).map((c) => c.attribute));
  const facets = wantedFacets(request);
  const stats = wantedStats(request);
  const { field, direction } = sortOf(request.sortBy);
  const base = {
    collection,
    // Only words reach Typesense: no '-' exclusions or quoted phrases from the shopper.
    q: searchWords(request.query ?? "").join(" ") || "*",
    query_by: TEXT_FIELDS.join(","),
    // Every word must match, as on the embedded engine; Typesense would otherwise drop words.
    drop_tokens_threshold: 0,
  };
  const fullFilter = buildFilterBy(tenant, request);

  const searches: SearchParams[] = [];
  const openFacets = facets.filter((f) => !selected.has(f));
  searches.push({
    ...base,
    filter_by: fullFilter,
    sort_by: `${field}:${direction},vehicle_id:asc`,
    page,
    per_page: perPage,
    include_fields: "vehicle_json",
    ...(openFacets.length ? { facet_by: openFacets.join(","), max_facet_values: MAX_FACET_VALUES } : {}),
  });
  // Where each facet's and each stat's answer will be: index into `searches`.
  const facetSource = new Map<ValueAttribute, number>(openFacets.map((f) => [f, 0]));
  for (const attribute of facets.filter((f) => selected.has(f))) {
    facetSource.set(attribute, searches.length);
    searches.push({
      ...base,
      filter_by: buildFilterBy(tenant, request, { without: attribute }),
      facet_by: attribute,
      max_facet_values: MAX_FACET_VALUES,
      per_page: 0,
    });
  }
  const statsSource = new Map<RangeAttribute, number>();
  const openStats = stats.filter((s) => !selected.has(s));
  if (openStats.length) {
    for (const attribute of openStats) statsSource.set(attribute, searches.length);
    // Stats come with numeric facets and cover every matching car, whatever max_facet_values says.
    searches.push({ ...base, filter_by: fullFilter, facet_by: openStats.join(","), max_facet_values: 1, per_page: 0 });
  }
  for (const attribute of stats.filter((s) => selected.has(s))) {
    statsSource.set(attribute, searches.length);
    searches.push({
      ...base,
      filter_by: buildFilterBy(tenant, request, { without: attribute }),
      facet_by: attribute,
      max_facet_values: 1,
      per_page: 0,
    });
  }

  return {
    searches,
    read(results, ms) {
      const main = results[0];
      const facetCounts = (index: number, attribute: string) => results[index]?.facet_counts?.find((f) => f.field_name === attribute);
      const outFacets: SearchResult["facets"] = {};
      for (const [attribute, index] of facetSource) {
        const counts = facetCounts(index, attribute)?.counts ?? [];
        const items: FacetItem[] = counts.map((c) => ({ label: String(c.value), value: String(c.value), count: c.count }));
        outFacets[attribute] = sortFacetItems(items);
      }
      // Keep the order the facets were asked for.
      const orderedFacets: SearchResult["facets"] = {};
      for (const attribute of facets) orderedFacets[attribute] = outFacets[attribute];
      const outStats: SearchResult["stats"] = {};
      for (const [attribute, index] of statsSource) {
        const s = facetCounts(index, attribute)?.stats;
        if (s && typeof s.min === "number" && typeof s.max === "number") {
          outStats[attribute] = { min: s.min, max: s.max } satisfies FacetStats;
        }
      }
      const found = main?.found ?? 0;
      return {
        hits: (main?.hits ?? []).map((hit) => JSON.parse(String(hit.document.vehicle_json)) as Vehicle),
        found,
        facets: orderedFacets,
        stats: outStats,
        page,
        pages: Math.ceil(found / perPage),
        ms,
      };
    },
  };
}

export class TypesenseSearchError extends Error {}

function isNotFound(error: unknown): boolean {
  return error instanceof Errors.ObjectNotFound || (error as { httpStatus?: number })?.httpStatus === 404;
}

export class TypesenseSearchEngine implements SearchEngine {
  readonly name = "typesense" as const;
  private readonly client: Client;
  private readonly alias: string;
  private live: Promise<string> | null = null;
  private lastGeneration = 0;
  private lastCollectionStamp = 0;

  constructor(private readonly options: TypesenseEngineOptions) {
    this.alias = options.collectionPrefix;
    this.client = new Client({
      nodes: [
        { host: options.host, port: options.port ?? (options.protocol === "https" ? 443 : 8108), protocol: options.protocol ?? "http" },
      ],
      apiKey: options.apiKey,
      connectionTimeoutSeconds: options.connectionTimeoutSeconds ?? 5,
      numRetries: options.numRetries ?? 3,
      logLevel: "warn",
    });
  }

  /** Only ever grows, so a tenant rebuild can delete what it did not re-import (older generations). */
  private nextGeneration(): number {
    this.lastGeneration = Math.max(Date.now(), this.lastGeneration + 1);
    return this.lastGeneration;
  }

  private newCollectionName(): string {
    this.lastCollectionStamp = Math.max(Date.now(), this.lastCollectionStamp + 1);
    return `${this.alias}_${this.lastCollectionStamp}`;
  }

  /** The collection the alias points at, creating both on first use. */
  private liveCollection(): Promise<string> {
    if (!this.live) {
      this.live = (async () => {
        try {
          const alias = await this.client.aliases(this.alias).retrieve();
          return alias.collection_name;
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
        const name = this.newCollectionName();
        await this.client.collections().create(vehicleCollectionSchema(name));
        await this.client.aliases().upsert(this.alias, { collection_name: name });
        return name;
      })().catch((error) => {
        this.live = null;
        throw error;
      });
    }
    return this.live;
  }

  private async importDocuments(collection: string, documents: Document[]): Promise<void> {
    const batch = this.options.importBatchSize ?? 500;
    for (let start = 0; start < documents.length; start += batch) {
      await this.client
        .collections<Document>(collection)
        .documents()
        .import(documents.slice(start, start + batch), { action: "upsert" });
    }
  }

  async upsert(tenant: string, vehicles: Vehicle[]): Promise<void> {
    if (!vehicles.length) return;
    const collection = await this.liveCollection();
    const generation = this.nextGeneration();
    await this.importDocuments(
      collection,
      vehicles.map((v) => toTypesenseDocument(tenant, v, generation)),
    );
  }

  async remove(tenant: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    const collection = await this.liveCollection();
    for (let start = 0; start < ids.length; start += DELETE_IDS_PER_REQUEST) {
      const chunk = ids.slice(start, start + DELETE_IDS_PER_REQUEST);
      await this.client
        .collections(collection)
        .documents()
        .delete({ filter_by: `${tenantFilter(tenant)} && vehicle_id:=[${chunk.map(quoteFilterValue).join(",")}]` });
    }
  }

  /**
   * One tenant's stock replaced inside the live collection: the new stock is imported first under a new
   * generation, then the tenant's documents of older generations are deleted, so shoppers never see the
   * tenant empty. (A rebuild of every tenant uses a new collection and the alias instead: rebuildAll.)
   */
  async replaceAll(tenant: string, vehicles: Vehicle[]): Promise<void> {
    const collection = await this.liveCollection();
    const generation = this.nextGeneration();
    await this.importDocuments(
      collection,
      vehicles.map((v) => toTypesenseDocument(tenant, v, generation)),
    );
    await this.client
      .collections(collection)
      .documents()
      .delete({ filter_by: `${tenantFilter(tenant)} && index_generation:<${generation}` });
  }

  async rebuildAll(stock: TenantStock[]): Promise<void> {
    const name = this.newCollectionName();
    await this.client.collections().create(vehicleCollectionSchema(name));
    try {
      const generation = this.nextGeneration();
      for (const { tenant, vehicles } of stock) {
        await this.importDocuments(
          name,
          vehicles.map((v) => toTypesenseDocument(tenant, v, generation)),
        );
      }
    } catch (error) {
      await this.client
        .collections(name)
        .delete()
        .catch(() => undefined);
      throw error;
    }
    let previous: string | null = null;
    try {
      previous = (await this.client.aliases(this.alias).retrieve()).collection_name;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    await this.client.aliases().upsert(this.alias, { collection_name: name });
    this.live = Promise.resolve(name);
    if (previous && previous !== name) {
      await this.client
        .collections(previous)
        .delete()
        .catch((error) => {
          if (!isNotFound(error)) throw error;
        });
    }
  }

  private async perform(searches: SearchParams[]): Promise<{ results: SearchResponse<Document>[]; ms: number }> {
    const started = performance.now();
    // Typesense takes up to 50 searches per multi_search by default; more go out side by side.
    const chunks: SearchParams[][] = [];
    for (let start = 0; start < searches.length; start += MAX_SEARCHES_PER_CALL) {
      chunks.push(searches.slice(start, start + MAX_SEARCHES_PER_CALL));
    }
    const responses = await Promise.all(chunks.map((chunk) => this.client.multiSearch.perform<Document[]>({ searches: chunk })));
    const results = responses.flatMap((r) => r.results as unknown as SearchResponse<Document>[]);
    for (const result of results) {
      if (result.error && result.code !== 404) {
        throw new TypesenseSearchError(`Typesense search failed (${result.code}): ${result.error}`);
      }
    }
    return { results, ms: Math.round(performance.now() - started) };
  }

  async multiSearch(tenant: string, requests: ScopedSearchRequest[]): Promise<SearchResult[]> {
    const plans = requests.map((request) => (scopeShowsNothing(request.scope) ? null : planSearch(this.alias, tenant, request)));
    const searches = plans.flatMap((plan) => plan?.searches ?? []);
    const { results, ms } = searches.length ? await this.perform(searches) : { results: [], ms: 0 };
    let offset = 0;
    return plans.map((plan, i) => {
      if (!plan) return emptySearchResult(requests[i]);
      const own = results.slice(offset, offset + plan.searches.length);
      offset += plan.searches.length;
      return plan.read(own, ms);
    });
  }

  async search(tenant: string, request: ScopedSearchRequest): Promise<SearchResult> {
    const [result] = await this.multiSearch(tenant, [request]);
    return result;
  }

  async getBySlug(tenant: string, slug: string): Promise<Vehicle | null> {
    const { results } = await this.perform([
      {
        collection: this.alias,
        q: "*",
        query_by: "slug",
        filter_by: `${tenantFilter(tenant)} && slug:=${quoteFilterValue(slug)}`,
        per_page: 1,
        include_fields: "vehicle_json",
      },
    ]);
    const hit = results[0]?.hits?.[0];
    return hit ? (JSON.parse(String(hit.document.vehicle_json)) as Vehicle) : null;
  }

  /**
   * A key a browser may use to search this tenant's cars only: a search-only parent key with the tenant
   * filter embedded (Typesense verifies the HMAC and forces the filter; no request to Typesense).
   */
  scopedSearchKey(tenant: string, options: { expiresAt?: Date } = {}): string {
    if (!this.options.searchOnlyApiKey) {
      throw new TypesenseSearchError("No search-only Typesense key is configured (TYPESENSE_SEARCH_API_KEY)");
    }
    return this.client.keys().generateScopedSearchKey(this.options.searchOnlyApiKey, {
      filter_by: tenantFilter(tenant),
      ...(options.expiresAt ? { expires_at: Math.floor(options.expiresAt.getTime() / 1000) } : {}),
    });
  }

  /** Removes the alias and its collection (test clean-up; never called by the platform). */
  async dropEverything(): Promise<void> {
    let collection: string | null = null;
    try {
      collection = (await this.client.aliases(this.alias).retrieve()).collection_name;
      await this.client.aliases(this.alias).delete();
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    if (collection)
      await this.client
        .collections(collection)
        .delete()
        .catch(() => undefined);
    this.live = null;
  }
}

export function createTypesenseSearchEngine(options: TypesenseEngineOptions): TypesenseSearchEngine {
  return new TypesenseSearchEngine(options);
}
