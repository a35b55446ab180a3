import crypto from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptySearchRequest } from "~/domain/search";
import { startFakeTypesense, type FakeTypesense } from "../../tests/fakes/typesenseServer";
import { TENANT_A, TENANT_B, alphaStock, bravoStock, fixtureScope, searchVehicle } from "../../tests/fixtures/searchVehicles";
import type { ScopedSearchRequest } from "./engine";
import { MAX_FACET_VALUES, TypesenseSearchEngine, planSearch, toTypesenseDocument, vehicleCollectionSchema } from "./typesense";

const scoped = (overrides: Partial<ScopedSearchRequest> = {}): ScopedSearchRequest => ({
  ...emptySearchRequest(),
  scope: fixtureScope(),
  ...overrides,
});

describe("Typesense search plan", () => {
  it("is one main search when nothing is selected", () => {
    const { searches } = planSearch("cars", TENANT_A, scoped({ facets: ["make", "model"], sortBy: "price:asc", perPage: 21, page: 3 }));
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({
      collection: "cars",
      q: "*",
      query_by: "make,model,badge,series,name,stocknum,colour,paint,body",
      sort_by: "price:asc,vehicle_id:asc",
      page: 3,
      per_page: 21,
      facet_by: "make,model",
      max_facet_values: MAX_FACET_VALUES,
      drop_tokens_threshold: 0,
      include_fields: "vehicle_json",
    });
  });

  it("adds one facet-only search per selected facet, without that facet's own filter", () => {
    const { searches } = planSearch(
      "cars",
      TENANT_A,
      scoped({ filters: { make: ["Toyota"], body: ["ute"] }, facets: ["make", "model", "body"] }),
    );
    expect(searches.map((s) => s.facet_by)).toEqual(["model", "make", "body"]);
    expect(searches[0].filter_by).toContain("make:=[`Toyota`]");
    expect(searches[1]).toMatchObject({ per_page: 0 });
    expect(searches[1].filter_by).not.toContain("make:=");
    expect(searches[1].filter_by).toContain("body:=[`ute`]");
    expect(searches[2].filter_by).toContain("make:=[`Toyota`]");
    expect(searches[2].filter_by).not.toContain("body:=");
  });

  it("asks numeric facets for slider stats, a ranged slider without its own range", () => {
    const { searches } = planSearch("cars", TENANT_A, scoped({ ranges: { price: { min: 5000 } }, stats: ["price", "km"] }));
    expect(searches.slice(1).map((s) => [s.facet_by, s.per_page, s.max_facet_values])).toEqual([
      ["km", 0, 1],
      ["price", 0, 1],
    ]);
    expect(searches[1].filter_by).toContain("price:>=5000");
    expect(searches[2].filter_by).not.toContain("price:>=5000");
  });

  it("sends only words as the query: no exclusions or phrases from the shopper", () => {
    expect(planSearch("cars", TENANT_A, scoped({ query: '-toyota "hi lux"' })).searches[0].q).toBe("toyota hi lux");
  });

  it("reads the answers back in the shared model, facet values sorted by count then value", () => {
    const plan = planSearch("cars", TENANT_A, scoped({ perPage: 2, facets: ["make"], stats: ["price"] }));
    const vehicle = searchVehicle({ id: "x" });
    const result = plan.read(
      [
        {
          found: 5,
          out_of: 9,
          page: 1,
          search_time_ms: 1,
          request_params: {},
          hits: [{ document: { vehicle_json: JSON.stringify(vehicle) }, highlight: {}, text_match: 0 }],
          facet_counts: [
            {
              field_name: "make",
              sampled: false,
              stats: {},
              counts: [
                { value: "Mazda", count: 2, highlighted: "Mazda" },
                { value: "Ford", count: 2, highlighted: "Ford" },
                { value: "Toyota", count: 3, highlighted: "Toyota" },
              ],
            },
          ],
        },
        {
          found: 5,
          out_of: 9,
          page: 1,
          search_time_ms: 1,
          request_params: {},
          facet_counts: [{ field_name: "price", sampled: false, counts: [], stats: { min: 1000, max: 9000 } }],
        },
      ],
      7,
    );
    expect(result.hits).toEqual([vehicle]);
    expect(result.facets.make!.map((f) => f.value)).toEqual(["Toyota", "Ford", "Mazda"]);
    expect(result.stats).toEqual({ price: { min: 1000, max: 9000 } });
    expect(result).toMatchObject({ found: 5, page: 1, pages: 3, ms: 7 });
  });

  it("keeps the whole vehicle as an unindexed field and leaves empty optional values out", () => {
    const doc = toTypesenseDocument(TENANT_A, searchVehicle({ id: "v1", tag: "" }), 42);
    expect(doc).toMatchObject({ id: `${TENANT_A}:v1`, tenant: TENANT_A, vehicle_id: "v1", index_generation: 42 });
    expect(doc).not.toHaveProperty("tag");
    expect(JSON.parse(String(doc.vehicle_json)).id).toBe("v1");
    const schema = vehicleCollectionSchema("cars_1");
    expect(schema.fields.find((f) => f.name === "vehicle_json")).toMatchObject({ index: false, optional: true });
    expect(schema.fields.find((f) => f.name === "price")).toMatchObject({ type: "float", facet: true });
    expect(schema.fields.find((f) => f.name === "vehicle_id")).toMatchObject({ sort: true });
  });
});

describe("Typesense adapter against the fake server", () => {
  let server: FakeTypesense;
  let engine: TypesenseSearchEngine;

  beforeEach(async () => {
    server = await startFakeTypesense();
    engine = new TypesenseSearchEngine({
      host: server.host,
      port: server.port,
      apiKey: server.apiKey,
      searchOnlyApiKey: "search-only-key",
      collectionPrefix: "cars_test",
      numRetries: 0,
      importBatchSize: 25,
    });
  });
  afterEach(() => server.close());

  const calls = () => server.requests.map((r) => `${r.method} ${r.path}`);

  it("rebuilds into a new collection, moves the alias, and drops the old collection last", async () => {
    await engine.replaceAll(TENANT_A, alphaStock().slice(0, 3));
    const first = server.aliasTarget("cars_test")!;
    expect(first).toMatch(/^cars_test_\d+$/);
    server.requests.length = 0;

    await engine.rebuildAll([
      { tenant: TENANT_A, vehicles: alphaStock() },
      { tenant: TENANT_B, vehicles: bravoStock() },
    ]);
    const second = server.aliasTarget("cars_test")!;
    expect(second).not.toBe(first);
    const log = calls();
    const created = log.indexOf("POST /collections");
    const imports = log.map((c, i) => (c === `POST /collections/${second}/documents/import` ? i : -1)).filter((i) => i >= 0);
    const aliasMoved = log.indexOf("PUT /aliases/cars_test");
    const dropped = log.indexOf(`DELETE /collections/${first}`);
    expect(created).toBeGreaterThanOrEqual(0);
    // 46 documents of one tenant in two batches of up to 25, 22 of the other in one.
    expect(imports).toHaveLength(3);
    expect(Math.min(...imports)).toBeGreaterThan(created);
    expect(aliasMoved).toBeGreaterThan(Math.max(...imports));
    expect(dropped).toBe(log.length - 1);
    expect(server.collectionNames()).toEqual([second]);
    expect(server.requests.find((r) => r.path.endsWith("/import"))?.query.action).toBe("upsert");
    // Bravo: 20 generated, the shared-id car, one sold yesterday.
    expect((await engine.search(TENANT_B, scoped({ perPage: 60 }))).found).toBe(22);
  });

  it("replaces one tenant inside the live collection: import first, then delete older generations of that tenant", async () => {
    await engine.replaceAll(TENANT_A, alphaStock());
    await engine.replaceAll(TENANT_B, bravoStock());
    server.requests.length = 0;
    await engine.replaceAll(TENANT_A, alphaStock().slice(0, 4));
    const log = calls();
    expect(log.at(-1)).toBe(`DELETE /collections/${server.aliasTarget("cars_test")}/documents`);
    expect(log.slice(0, -1).every((c) => c.endsWith("/documents/import"))).toBe(true);
    expect(server.requests.at(-1)!.query.filter_by).toMatch(/^tenant:=`alpha-motors` && index_generation:<\d+$/);
    expect(log).not.toContain("DELETE /collections/cars_test");
    const docs = server.documents("cars_test");
    expect(docs.filter((d) => d.tenant === TENANT_A)).toHaveLength(4);
    expect(docs.filter((d) => d.tenant === TENANT_B)).toHaveLength(22);
  });

  it("sends a search with selected facets as one multi_search call, with the API key", async () => {
    await engine.replaceAll(TENANT_A, alphaStock());
    server.requests.length = 0;
    await engine.search(
      TENANT_A,
      scoped({ filters: { make: ["Toyota"], model: ["HiLux"] }, facets: ["make", "model", "body"], stats: ["price"] }),
    );
    expect(calls()).toEqual(["POST /multi_search"]);
    const body = server.requests[0].body as { searches: { facet_by?: string }[] };
    expect(body.searches.map((s) => s.facet_by)).toEqual(["body", "make", "model", "price"]);
    await engine.multiSearch(TENANT_A, [scoped(), scoped({ query: "ranger" })]);
    expect(calls()).toEqual(["POST /multi_search", "POST /multi_search"]);
    // 30 searches of two queries each: 60 searches, split under Typesense's 50 per call.
    const many = Array.from({ length: 30 }, (_, i) => scoped({ filters: { make: ["Toyota"] }, facets: ["make"], page: i + 1, perPage: 1 }));
    const results = await engine.multiSearch(TENANT_A, many);
    expect(calls().slice(2)).toEqual(["POST /multi_search", "POST /multi_search"]);
    expect(results.map((r) => r.page)).toEqual(many.map((r) => r.page));
    expect(results[29].facets.make!.length).toBeGreaterThan(1);
  });

  it("fails loudly when Typesense rejects a search", async () => {
    await engine.replaceAll(TENANT_A, alphaStock());
    const wrongKey = new TypesenseSearchEngine({
      host: server.host,
      port: server.port,
      apiKey: "wrong",
      collectionPrefix: "cars_test",
      numRetries: 0,
    });
    await expect(wrongKey.search(TENANT_A, scoped())).rejects.toThrow();
  });

  it("answers an empty search before anything was indexed", async () => {
    const result = await engine.search(TENANT_A, scoped({ facets: ["make"] }));
    expect(result).toMatchObject({ found: 0, hits: [], facets: { make: [] } });
    expect(await engine.getBySlug(TENANT_A, "anything")).toBeNull();
  });

  it("makes a scoped search key that carries the tenant filter, signed with the search-only key", () => {
    const key = engine.scopedSearchKey(TENANT_A);
    const raw = Buffer.from(key, "base64").toString("utf8");
    const digest = raw.slice(0, 44);
    expect(raw.slice(44, 48)).toBe("sear");
    const params = raw.slice(48);
    expect(JSON.parse(params)).toEqual({ filter_by: "tenant:=`alpha-motors`" });
    expect(digest).toBe(crypto.createHmac("sha256", "search-only-key").update(params).digest("base64"));
    expect(server.requests).toHaveLength(0);
    const expiring = JSON.parse(
      Buffer.from(engine.scopedSearchKey(TENANT_B, { expiresAt: new Date(2_000_000_000_000) }), "base64")
        .toString("utf8")
        .slice(48),
    );
    expect(expiring).toEqual({ filter_by: "tenant:=`bravo-cars`", expires_at: 2_000_000_000 });
  });

  it("refuses to make a browser key without a search-only key", () => {
    const adminOnly = new TypesenseSearchEngine({ host: server.host, port: server.port, apiKey: server.apiKey, collectionPrefix: "x" });
    expect(() => adminOnly.scopedSearchKey(TENANT_A)).toThrow(/search-only/);
  });
});
