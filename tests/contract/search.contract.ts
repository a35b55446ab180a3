/**
 * The search engine contract: every SearchEngine (Orama, Typesense through the fake server, Typesense
 * live when TYPESENSE_HOST is set) must give these answers for the fixture stock. Expectations come
 * from plain filters over the fixture arrays written out here, plus a few hand-counted numbers, so a
 * shared mistake in the engines' code cannot make both engines agree on a wrong answer.
 */
import { colourFamily } from "~/domain/colourFamily";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SORT_OPTIONS, emptySearchRequest, type FacetItem, type SearchRequest, type SortKey, type VisibilityScope } from "~/domain/search";
import type { Vehicle } from "~/domain/vehicle";
import type { ScopedSearchRequest, SearchEngine } from "../../server/search/engine";
import { FIXTURE_NOW, TENANT_A, TENANT_B, alphaStock, bravoStock, fixtureScope, searchVehicle } from "../fixtures/searchVehicles";

export interface EngineUnderTest {
  engine: SearchEngine;
  cleanup?: () => Promise<void>;
}

const DAY = 24 * 60 * 60 * 1000;

function request(overrides: Partial<SearchRequest> = {}, scope: Partial<VisibilityScope> = {}): ScopedSearchRequest {
  return { ...emptySearchRequest({ perPage: 60 }), ...overrides, scope: fixtureScope(scope) };
}

/** The default visibility written out plainly (spec 000 section 9). */
function visible(v: Vehicle, scope: VisibilityScope = fixtureScope()): boolean {
  const soldRecently = v.status === "sold" && v.sold_at !== "" && Date.parse(v.sold_at) >= scope.soldSince;
  return (
    v.show_on_dealer_website &&
    (scope.statuses.includes(v.status) || (scope.showRecentlySold !== false && soldRecently)) &&
    (scope.carTypes.length === 0 || scope.carTypes.includes(v.car_type)) &&
    v.photos_count >= scope.minPhotos &&
    !scope.excludedStockNumbers.includes(v.stocknum)
  );
}

const ids = (vehicles: Vehicle[]) => vehicles.map((v) => v.id);
const byId = (a: Vehicle, b: Vehicle) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function sortedReference(vehicles: Vehicle[], sortBy: SortKey): Vehicle[] {
  const key: Record<SortKey, [(v: Vehicle) => number, 1 | -1]> = {
    relevance: [(v) => v.custom_rank, -1],
    "price:asc": [(v) => v.price, 1],
    "price:desc": [(v) => v.price, -1],
    "year:desc": [(v) => v.year, -1],
    "year:asc": [(v) => v.year, 1],
    "km:asc": [(v) => v.km, 1],
    "created_at_timestamp:desc": [(v) => Math.floor(Date.parse(v.created_at) / 1000), -1],
  };
  const [value, sign] = key[sortBy];
  return [...vehicles].sort((a, b) => sign * (value(a) - value(b)) || byId(a, b));
}

/** Facet items written out plainly: count descending, then value ascending. */
function referenceFacet(vehicles: Vehicle[], valuesOf: (v: Vehicle) => string[]): FacetItem[] {
  const tally = new Map<string, number>();
  for (const v of vehicles) for (const value of new Set(valuesOf(v))) tally.set(value, (tally.get(value) ?? 0) + 1);
  return [...tally]
    .map(([value, count]) => ({ label: value, value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
}

/** Whole-word text match over the searchable fields. */
function textMatches(v: Vehicle, query: string): boolean {
  const split = (s: string) =>
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  const carWords = new Set(split([v.make, v.model, v.badge, v.series, v.name, v.stocknum, v.colour, v.simple_body].join(" ")));
  return split(query).every((w) => carWords.has(w));
}

export function describeSearchEngineContract(name: string, makeEngine: () => Promise<EngineUnderTest>) {
  const alpha = alphaStock();
  const bravo = bravoStock();
  const alphaVisible = alpha.filter((v) => visible(v));

  describe(`search engine contract: ${name}`, () => {
    let subject: EngineUnderTest;
    const search = (overrides: Partial<SearchRequest> = {}, scope: Partial<VisibilityScope> = {}, tenant = TENANT_A) =>
      subject.engine.search(tenant, request(overrides, scope));

    beforeAll(async () => {
      subject = await makeEngine();
      await subject.engine.replaceAll(TENANT_A, alpha);
      await subject.engine.replaceAll(TENANT_B, bravo);
    });
    afterAll(async () => {
      await subject?.cleanup?.();
    });

    it("keeps tenants apart: a tenant never sees another tenant's cars", async () => {
      const a = await search();
      const alphaIds = new Set(ids(alpha));
      expect(a.hits.length).toBe(a.found);
      expect(a.hits.every((v) => alphaIds.has(v.id) && v.dealership_name !== "Bravo Cars")).toBe(true);
      // The id both tenants use answers with each tenant's own car.
      expect(a.hits.find((v) => v.id === "shared-id")?.make).toBe("Kia");
      const b = await search({}, {}, TENANT_B);
      expect(b.hits.find((v) => v.id === "shared-id")?.make).toBe("Subaru");
      expect((await search({ query: "Subaru" })).found).toBe(0);
      expect((await search({ query: "Subaru" }, {}, TENANT_B)).found).toBeGreaterThan(0);
      expect((await search({}, {}, "no-such-tenant")).found).toBe(0);
    });

    it("shows available cars and cars sold within the window, hides the rest", async () => {
      const result = await search();
      // 40 generated cars less the hidden one, the shared-id car, two sold within 3 days.
      expect(result.found).toBe(42);
      expect(ids(result.hits).sort()).toEqual(ids(alphaVisible).sort());
      const shown = new Set(ids(result.hits));
      expect(shown.has("a-sold-recent")).toBe(true);
      expect(shown.has("a-sold-edge")).toBe(true);
      for (const hidden of ["a-sold-old", "a-sold-undated", "a-archived", "a-0011"]) expect(shown.has(hidden)).toBe(false);
      expect(result.hits.find((v) => v.id === "a-sold-recent")?.status).toBe("sold");
    });

    it("leaves a sold car out once the window has passed", async () => {
      const later = FIXTURE_NOW.getTime() + 3 * DAY;
      const result = await search({}, { soldSince: later - 3 * DAY + DAY * 2 });
      expect(ids(result.hits)).not.toContain("a-sold-recent");
      expect(ids(result.hits)).not.toContain("a-sold-edge");
      const noSold = await search({}, { showRecentlySold: false });
      expect(noSold.hits.some((v) => v.status === "sold")).toBe(false);
      expect(noSold.found).toBe(40);
    });

    it("applies the tenant base filter: car types, photos, excluded stock numbers", async () => {
      const scope = { carTypes: ["new", "demo"], minPhotos: 2, excludedStockNumbers: ["A1001", "A1004"] };
      const result = await search({}, scope);
      const expected = alpha.filter((v) => visible(v, fixtureScope(scope)));
      expect(expected.length).toBeGreaterThan(5);
      expect(result.found).toBe(expected.length);
      expect(ids(result.hits).sort()).toEqual(ids(expected).sort());
      expect(result.hits.every((v) => v.car_type !== "used" && v.photos_count >= 2)).toBe(true);
      expect(ids(result.hits)).not.toContain("a-0001");
      expect(ids(result.hits)).not.toContain("a-0004");
    });

    it("matches free text against make, model, badge, stock number, colour and body", async () => {
      for (const query of ["HiLux", "toyota hilux", "Ranger", "A1005", "Wildtrak", "ute", "jet black", "Sunroof"]) {
        const expected = alphaVisible.filter((v) => textMatches(v, query));
        const result = await search({ query });
        expect(ids(result.hits).sort(), query).toEqual(ids(expected).sort());
      }
      expect((await search({ query: "A1005" })).found).toBe(1);
      // Every word must match: no Toyota is a Ranger.
      expect((await search({ query: "toyota ranger" })).found).toBe(0);
      expect((await search({ query: "   " })).found).toBe(42);
    });

    it("ORs values within an attribute and ANDs across attributes", async () => {
      const result = await search({ filters: { make: ["Toyota", "Ford"], body: ["ute"] } });
      const expected = alphaVisible.filter((v) => ["Toyota", "Ford"].includes(v.make) && v.simple_body === "ute");
      expect(expected.length).toBeGreaterThan(3);
      expect(ids(result.hits).sort()).toEqual(ids(expected).sort());

      const features = await search({ filters: { filtered_features: ["Sunroof"], categories: ["Family"] } });
      const withFeatures = alphaVisible.filter((v) => v.standardEquipment.includes("Sunroof") && v.categories.includes("Family"));
      expect(withFeatures.length).toBeGreaterThan(0);
      expect(ids(features.hits).sort()).toEqual(ids(withFeatures).sort());

      // Values holding commas, brackets and hyphens are matched whole.
      const pearl = await search({ filters: { badge: ["Maxx Sport (AWD), Pearl-Edition"], model: ["CX-5", "HiLux"] } });
      const pearlExpected = alphaVisible.filter(
        (v) => v.badge === "Maxx Sport (AWD), Pearl-Edition" && ["CX-5", "HiLux"].includes(v.model),
      );
      expect(pearlExpected.length).toBeGreaterThan(0);
      expect(ids(pearl.hits).sort()).toEqual(ids(pearlExpected).sort());

      // Colour filters by family: 'Blue' finds 'Blue (Pearl), Metallic'.
      const blue = await search({ filters: { colour: ["Blue"] } });
      const blueExpected = alphaVisible.filter((v) => colourFamily(v.colour) === "Blue");
      expect(blueExpected.length).toBeGreaterThan(0);
      expect(ids(blue.hits).sort()).toEqual(ids(blueExpected).sort());

      const derived = await search({
        filters: { make_model: ["Toyota|HiLux"], certified: ["false"], seats: ["5"], price_range: ["20000-30000", "60000-70000"] },
      });
      const derivedExpected = alphaVisible.filter(
        (v) =>
          v.make === "Toyota" &&
          v.model === "HiLux" &&
          !v.certified &&
          v.seats === 5 &&
          ((v.price >= 20000 && v.price < 30000) || (v.price >= 60000 && v.price < 70000)),
      );
      expect(ids(derived.hits).sort()).toEqual(ids(derivedExpected).sort());
    });

    it("keeps a filter value with a backtick inside its quotes", async () => {
      const result = await search({ filters: { make: ["Toyota` || tenant:=`bravo-cars"] } });
      expect(result.found).toBe(0);
      const spaced = await search({ filters: { make: ["Toy`ota"] } });
      expect(spaced.found).toBe(alphaVisible.filter((v) => v.make === "Toyota").length);
    });

    it("filters ranges inclusively", async () => {
      const prices = alphaVisible
        .map((v) => v.price)
        .filter((p) => p > 0)
        .sort((a, b) => a - b);
      const [min, max] = [prices[3], prices[prices.length - 4]];
      const priced = await search({ ranges: { price: { min, max } } });
      const pricedExpected = alphaVisible.filter((v) => v.price >= min && v.price <= max);
      expect(ids(priced.hits).sort()).toEqual(ids(pricedExpected).sort());
      expect(priced.hits.some((v) => v.price === min)).toBe(true);
      expect(priced.hits.some((v) => v.price === max)).toBe(true);
      const result = await search({ ranges: { price: { min, max }, year: { min: 2018 } } });
      const expected = pricedExpected.filter((v) => v.year >= 2018);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(result.hits).sort()).toEqual(ids(expected).sort());
      const kms = await search({ ranges: { km: { max: 50000 } } });
      expect(ids(kms.hits).sort()).toEqual(ids(alphaVisible.filter((v) => v.km <= 50000)).sort());
    });

    it("sorts every sort order identically, ties broken by id", async () => {
      for (const { value } of SORT_OPTIONS) {
        const result = await search({ sortBy: value });
        expect(ids(result.hits), value).toEqual(ids(sortedReference(alphaVisible, value)));
      }
    });

    it("pages results: found, page, pages", async () => {
      const reference = sortedReference(alphaVisible, "price:desc");
      const second = await search({ sortBy: "price:desc", perPage: 7, page: 2 });
      expect(second.found).toBe(42);
      expect(second.page).toBe(2);
      expect(second.pages).toBe(6);
      expect(ids(second.hits)).toEqual(ids(reference.slice(7, 14)));
      const last = await search({ sortBy: "price:desc", perPage: 10, page: 5 });
      expect(ids(last.hits)).toEqual(ids(reference.slice(40)));
      const beyond = await search({ perPage: 10, page: 9 });
      expect(beyond.hits).toEqual([]);
      expect(beyond.found).toBe(42);
      expect(typeof beyond.ms).toBe("number");
    });

    it("counts facets disjunctively: a facet ignores its own selection, respects the others", async () => {
      const result = await search({ filters: { make: ["Toyota"] }, facets: ["make", "model", "body", "filtered_features"] });
      expect(result.facets.make).toEqual(referenceFacet(alphaVisible, (v) => [v.make]));
      expect(result.facets.make?.map((f) => f.value)).toContain("Ford");
      const toyotas = alphaVisible.filter((v) => v.make === "Toyota");
      expect(result.facets.model).toEqual(referenceFacet(toyotas, (v) => [v.model]));
      expect(result.facets.model?.map((f) => f.value)).not.toContain("Ranger");
      expect(result.facets.body).toEqual(referenceFacet(toyotas, (v) => [v.simple_body]));
      expect(result.facets.filtered_features).toEqual(referenceFacet(toyotas, (v) => v.standardEquipment));

      // Two selections: each facet drops only its own.
      const both = await search({ filters: { make: ["Toyota", "Mazda"], body: ["suv"] }, facets: ["make", "body"] });
      expect(both.facets.make).toEqual(
        referenceFacet(
          alphaVisible.filter((v) => v.simple_body === "suv"),
          (v) => [v.make],
        ),
      );
      expect(both.facets.body).toEqual(
        referenceFacet(
          alphaVisible.filter((v) => ["Toyota", "Mazda"].includes(v.make)),
          (v) => [v.simple_body],
        ),
      );
    });

    it("returns every facet value (more than ten) and derived facets", async () => {
      const result = await search({ facets: ["model", "price_range", "certified", "seats", "location_name", "transmission"] });
      expect(result.facets.model).toEqual(referenceFacet(alphaVisible, (v) => [v.model]));
      expect(result.facets.model!.length).toBeGreaterThan(10);
      expect(result.facets.certified).toEqual(referenceFacet(alphaVisible, (v) => [v.certified ? "true" : "false"]));
      expect(result.facets.seats).toEqual(referenceFacet(alphaVisible, (v) => [String(v.seats)]));
      expect(result.facets.location_name).toEqual(
        referenceFacet(
          alphaVisible.filter((v) => v.location),
          (v) => [v.location!.name],
        ),
      );
      expect(result.facets.transmission).toEqual(referenceFacet(alphaVisible, (v) => [v.simple_transmission]));
      const buckets = result.facets.price_range!.map((f) => f.value);
      expect(buckets).toContain("20000-30000");
      expect(buckets).not.toContain("0-10000");
      const empty = await search({ query: "nothingmatchesthis", facets: ["make"], stats: ["price"] });
      expect(empty.facets).toEqual({ make: [] });
      expect(empty.stats).toEqual({});
    });

    it("reports slider stats ignoring the attribute's own range", async () => {
      const result = await search({ ranges: { price: { min: 20000, max: 60000 } }, stats: ["price", "km", "year"] });
      const prices = alphaVisible.map((v) => v.price);
      expect(result.stats.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
      const inRange = alphaVisible.filter((v) => v.price >= 20000 && v.price <= 60000);
      expect(result.stats.km).toEqual({ min: Math.min(...inRange.map((v) => v.km)), max: Math.max(...inRange.map((v) => v.km)) });
      expect(result.stats.year).toEqual({ min: Math.min(...inRange.map((v) => v.year)), max: Math.max(...inRange.map((v) => v.year)) });
    });

    it("leaves out price 0 when asked (price ascending on some sites)", async () => {
      const result = await search({ sortBy: "price:asc", excludeZeroPrice: true, stats: ["price"] });
      const priced = alphaVisible.filter((v) => v.price > 0);
      expect(alphaVisible.length - priced.length).toBeGreaterThan(1);
      expect(result.found).toBe(priced.length);
      expect(ids(result.hits)).toEqual(ids(sortedReference(priced, "price:asc")));
      expect(result.stats.price?.min).toBeGreaterThan(0);
    });

    it("answers several searches at once like one by one", async () => {
      const requests = [
        request({ filters: { make: ["Ford"] }, facets: ["model"] }),
        request({ query: "hilux", sortBy: "price:asc", perPage: 3 }),
      ];
      const together = await subject.engine.multiSearch(TENANT_A, requests);
      const apart = await Promise.all(requests.map((r) => subject.engine.search(TENANT_A, r)));
      expect(together.map((r) => [ids(r.hits), r.found, r.facets])).toEqual(apart.map((r) => [ids(r.hits), r.found, r.facets]));
    });

    it("finds a vehicle page by slug: own tenant, any status; another tenant's slug is null", async () => {
      expect((await subject.engine.getBySlug(TENANT_A, "shared-slug"))?.make).toBe("Kia");
      expect((await subject.engine.getBySlug(TENANT_B, "shared-slug"))?.make).toBe("Subaru");
      const soldLongAgo = alpha.find((v) => v.id === "a-sold-old")!;
      expect((await subject.engine.getBySlug(TENANT_A, soldLongAgo.slug))?.id).toBe("a-sold-old");
      const bravoOnly = bravo.find((v) => v.id === "b-0000")!;
      expect(await subject.engine.getBySlug(TENANT_A, bravoOnly.slug)).toBeNull();
      expect(await subject.engine.getBySlug(TENANT_A, "no-such-car")).toBeNull();
    });
  });

  describe(`search engine contract: ${name} (changes)`, () => {
    let subject: EngineUnderTest;
    beforeAll(async () => {
      subject = await makeEngine();
      await subject.engine.replaceAll(TENANT_A, alpha);
      await subject.engine.replaceAll(TENANT_B, bravo);
    });
    afterAll(async () => {
      await subject?.cleanup?.();
    });

    it("upserts new and changed cars", async () => {
      const changed = { ...alpha.find((v) => v.id === "a-0001")!, price: 12345, colour: "Lime" };
      const added = searchVehicle({ id: "a-new", make: "Toyota", model: "Supra", simple_body: "coupe", price: 89990 });
      await subject.engine.upsert(TENANT_A, [changed, added]);
      const result = await subject.engine.search(TENANT_A, request({ query: "lime" }));
      expect(ids(result.hits)).toEqual(["a-0001"]);
      expect(result.hits[0].price).toBe(12345);
      expect((await subject.engine.search(TENANT_A, request({ query: "supra" }))).found).toBe(1);
      expect((await subject.engine.search(TENANT_A, request())).found).toBe(43);
      expect((await subject.engine.getBySlug(TENANT_A, added.slug))?.id).toBe("a-new");
    });

    it("shows a car sold just now as sold, and hides it after the window", async () => {
      const car = alpha.find((v) => v.id === "a-0002")!;
      await subject.engine.upsert(TENANT_A, [{ ...car, status: "sold", sold_at: FIXTURE_NOW.toISOString() }]);
      const now = await subject.engine.search(TENANT_A, request({ query: "A1002" }));
      expect(now.hits.map((v) => v.status)).toEqual(["sold"]);
      const later = await subject.engine.search(TENANT_A, request({ query: "A1002" }, { soldSince: FIXTURE_NOW.getTime() + DAY }));
      expect(later.found).toBe(0);
    });

    it("removes cars of one tenant only", async () => {
      await subject.engine.remove(TENANT_A, ["shared-id", "a-0003"]);
      expect(await subject.engine.getBySlug(TENANT_A, "shared-slug")).toBeNull();
      expect((await subject.engine.getBySlug(TENANT_B, "shared-slug"))?.make).toBe("Subaru");
      const result = await subject.engine.search(TENANT_A, request());
      expect(ids(result.hits)).not.toContain("a-0003");
      expect((await subject.engine.search(TENANT_B, request())).hits.map((v) => v.id)).toContain("shared-id");
    });

    it("replaces a tenant's whole stock without touching the other tenant", async () => {
      const kept = alpha.slice(0, 5);
      await subject.engine.replaceAll(TENANT_A, kept);
      const result = await subject.engine.search(TENANT_A, request());
      expect(ids(result.hits).sort()).toEqual(ids(kept.filter((v) => visible(v))).sort());
      expect((await subject.engine.search(TENANT_B, request())).found).toBe(bravo.filter((v) => visible(v)).length);
      expect(await subject.engine.getBySlug(TENANT_A, alpha[20].slug)).toBeNull();
    });
  });
}
