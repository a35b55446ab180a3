import { beforeAll, describe, expect, it } from "vitest";
import { emptySearchRequest } from "~/domain/search";
import { FIXTURE_NOW, TENANT_A, TENANT_B, alphaStock, bravoStock, searchTenant, searchVehicle } from "../../tests/fixtures/searchVehicles";
import type { ScopedSearchRequest, SearchEngine } from "./engine";
import { OramaSearchEngine } from "./orama";
import { capFacetCounts, createSearchService, hideUncertified, scopedRequest, visibilityScope, type SearchService } from "./service";

const DAY = 24 * 60 * 60 * 1000;

describe("visibility scope", () => {
  it("defaults to in stock or coming soon, or sold within 3 days", () => {
    const scope = visibilityScope(searchTenant(TENANT_A), FIXTURE_NOW);
    expect(scope).toEqual({
      statuses: ["in_stock", "coming_soon"],
      soldSince: FIXTURE_NOW.getTime() - 3 * DAY,
      showRecentlySold: true,
      carTypes: [],
      minPhotos: 0,
      excludedStockNumbers: [],
    });
  });

  it("follows the tenant's sold window and base filter", () => {
    const tenant = searchTenant(TENANT_A, {
      soldWindowDays: 7,
      baseFilter: { statuses: ["in_stock"], carTypes: ["new", "demo"], minPhotos: 2, excludedStockNumbers: ["X1"] },
    });
    expect(visibilityScope(tenant, FIXTURE_NOW)).toEqual({
      statuses: ["in_stock"],
      soldSince: FIXTURE_NOW.getTime() - 7 * DAY,
      // 'status=in_stock AND (new OR demo)': the base filter keeps sold cars out.
      showRecentlySold: false,
      carTypes: ["new", "demo"],
      minPhotos: 2,
      excludedStockNumbers: ["X1"],
    });
    const withSold = visibilityScope(searchTenant(TENANT_A, { baseFilter: { statuses: ["in_stock", "sold"] } }), FIXTURE_NOW);
    expect(withSold.showRecentlySold).toBe(true);
    expect(withSold.statuses).toEqual(["in_stock"]);
  });
});

describe("scoped request", () => {
  const tenant = searchTenant(TENANT_A, { pageSize: 24 });

  it("clamps page and page size: the tenant's size by default, 60 at most, page 1 at least", () => {
    const r = (perPage: number, page: number) => scopedRequest(tenant, emptySearchRequest({ perPage, page }), FIXTURE_NOW);
    expect(r(0, 1).perPage).toBe(24);
    expect(r(Number.NaN, 1).perPage).toBe(24);
    expect(r(500, 1).perPage).toBe(60);
    expect(r(12, 1).perPage).toBe(12);
    expect(r(12, -3).page).toBe(1);
    expect(r(12, Number.NaN).page).toBe(1);
    expect(r(12, 2.7).page).toBe(2);
  });

  it("uses the default sort for an unknown sort", () => {
    const request = { ...emptySearchRequest(), sortBy: "price:sideways" } as unknown as Parameters<typeof scopedRequest>[1];
    expect(scopedRequest(tenant, request, FIXTURE_NOW).sortBy).toBe("relevance");
  });

  it("leaves out price 0 on price ascending only where the tenant says so", () => {
    const flagged = searchTenant(TENANT_A, { excludeZeroPriceOnPriceAsc: true });
    expect(scopedRequest(flagged, emptySearchRequest({ sortBy: "price:asc" }), FIXTURE_NOW).excludeZeroPrice).toBe(true);
    expect(scopedRequest(flagged, emptySearchRequest({ sortBy: "price:desc" }), FIXTURE_NOW).excludeZeroPrice).toBe(false);
    expect(scopedRequest(tenant, emptySearchRequest({ sortBy: "price:asc" }), FIXTURE_NOW).excludeZeroPrice).toBe(false);
  });
});

describe("facet shaping", () => {
  it("replaces counts above 1999 by the number of cars found", () => {
    const facets = {
      make: [
        { label: "Toyota", value: "Toyota", count: 2000 },
        { label: "Ford", value: "Ford", count: 1999 },
      ],
    };
    expect(capFacetCounts(facets, 2500).make!.map((f) => f.count)).toEqual([2500, 1999]);
  });

  it("hides the certified 'false' value for certified-only sites", () => {
    const facets = {
      certified: [
        { label: "false", value: "false", count: 3 },
        { label: "true", value: "true", count: 2 },
      ],
    };
    expect(hideUncertified(facets).certified!.map((f) => f.value)).toEqual(["true"]);
  });
});

describe("search service", () => {
  let engine: OramaSearchEngine;
  let service: SearchService;
  const alpha = searchTenant(TENANT_A);
  const bravo = searchTenant(TENANT_B);

  beforeAll(async () => {
    engine = new OramaSearchEngine();
    await engine.replaceAll(TENANT_A, alphaStock());
    await engine.replaceAll(TENANT_B, bravoStock());
    service = createSearchService(engine, { clock: () => FIXTURE_NOW });
  });

  it("scopes searches to what the tenant shows, at the given moment", async () => {
    const now = await service.search(alpha, emptySearchRequest({ query: "corolla" }));
    expect(now.hits.map((v) => v.id)).toContain("a-sold-recent");
    const later = await service.search(alpha, emptySearchRequest({ query: "corolla" }), new Date(FIXTURE_NOW.getTime() + 3 * DAY));
    expect(later.hits.map((v) => v.id)).not.toContain("a-sold-recent");
    const newOnly = await service.search(
      searchTenant(TENANT_A, { baseFilter: { carTypes: ["new"] } }),
      emptySearchRequest({ perPage: 60 }),
    );
    expect(newOnly.hits.every((v) => v.car_type === "new")).toBe(true);
  });

  it("pages with the tenant's page size", async () => {
    const result = await service.search(searchTenant(TENANT_A, { pageSize: 9 }), emptySearchRequest({ perPage: 0 }));
    expect(result.hits).toHaveLength(9);
    expect(result.pages).toBe(Math.ceil(result.found / 9));
  });

  it("hides 'false' in the certified facet on certified-only sites", async () => {
    const request = emptySearchRequest({ facets: ["certified"] });
    expect((await service.search(alpha, request)).facets.certified!.map((f) => f.value)).toContain("false");
    const certifiedOnly = searchTenant(TENANT_A, { certifiedOnly: true });
    expect((await service.search(certifiedOnly, request)).facets.certified!.map((f) => f.value)).toEqual(["true"]);
  });

  it("applies the facet count ceiling to what the engine answers", async () => {
    const big: SearchEngine = Object.assign(Object.create(engine) as OramaSearchEngine, {
      search: async () => ({
        hits: [],
        found: 4321,
        facets: { make: [{ label: "Toyota", value: "Toyota", count: 3000 }] },
        stats: {},
        page: 1,
        pages: 206,
        ms: 1,
      }),
    });
    const result = await createSearchService(big).search(alpha, emptySearchRequest({ facets: ["make"] }));
    expect(result.facets.make![0].count).toBe(4321);
  });

  it("finds a vehicle page by slug for its own tenant only", async () => {
    expect((await service.getBySlug(alpha, "shared-slug"))?.make).toBe("Kia");
    const bravoSlug = bravoStock()[0].slug;
    expect(await service.getBySlug(alpha, bravoSlug)).toBeNull();
    expect((await service.getBySlug(bravo, bravoSlug))?.id).toBe("b-0000");
  });

  it("answers several searches together, each scoped and shaped", async () => {
    let seen: ScopedSearchRequest[] = [];
    const spy: SearchEngine = Object.assign(Object.create(engine) as OramaSearchEngine, {
      multiSearch: async (tenant: string, requests: ScopedSearchRequest[]) => {
        seen = requests;
        return engine.multiSearch(tenant, requests);
      },
    });
    const results = await createSearchService(spy, { clock: () => FIXTURE_NOW }).multiSearch(alpha, [
      emptySearchRequest({ filters: { make: ["Ford"] } }),
      emptySearchRequest({ query: "hilux" }),
    ]);
    expect(seen.map((r) => r.scope.soldSince)).toEqual([FIXTURE_NOW.getTime() - 3 * DAY, FIXTURE_NOW.getTime() - 3 * DAY]);
    expect(results[0].hits.every((v) => v.make === "Ford")).toBe(true);
    expect(results[1].hits.every((v) => v.model === "HiLux")).toBe(true);
  });

  it("applies changes for a tenant", async () => {
    await service.applyChanges(alpha, [searchVehicle({ id: "a-extra", make: "Toyota", model: "Prado", price: 77000 })]);
    expect((await service.search(alpha, emptySearchRequest({ query: "prado" }))).found).toBe(1);
    await service.removeVehicles(TENANT_A, ["a-extra"]);
    expect((await service.search(alpha, emptySearchRequest({ query: "prado" }))).found).toBe(0);
  });
});
