/**
 * The matcher gives the same cars as the results page for the same address: for results URLs (path
 * segments for car type, make, model, body and dealership; query filters, ranges, keywords), the
 * predicate over a dealer's demo stock finds exactly the ids the embedded engine (Orama) pages through,
 * read the way the results loader reads the URL.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MANUFACTURERS } from "~/domain/manufacturers";
import { emptySearchRequest, type ValueAttribute } from "~/domain/search";
import { mergeFilters, parseSearchQuery, resolveSearchPath, type SearchVocabulary } from "~/domain/searchUrl";
import type { Vehicle } from "~/domain/vehicle";
import { generateDemoStock } from "../demo/demoStock";
import { OramaSearchEngine } from "../search/orama";
import { createSearchService, type SearchService } from "../search/service";
import type { TenantConfig } from "../tenants/schema";
import { testGroupTenant } from "../../tests/support/testTenant";
import { testVehicle } from "../../tests/support/testVehicle";
import {
  compileSearch,
  keywordWords,
  matchCar,
  parseSavedSearchState,
  savedSearchRequest,
  savedSearchStateSchema,
  searchKey,
  searchPredicate,
  SearchMatcher,
  type SavedSearchState,
} from "./match";

const NOW = new Date("2026-11-20T02:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

const dealer: TenantConfig = testGroupTenant(
  "harbour-auto-group",
  [
    { id: "d-toy", slug: "harbour-toyota", locations: [{ id: "l-toy", city: "Penrith", manufacturers: ["Toyota"] }] },
    { id: "d-hyu", slug: "harbour-hyundai", locations: [{ id: "l-hyu", city: "Parramatta", manufacturers: ["Hyundai"] }] },
    { id: "d-used", slug: "harbour-used", locations: [{ id: "l-used", city: "Castle Hill" }] },
  ],
  { name: "Harbour Auto Group", template: "group", search: { soldWindowDays: 3 } },
);

/** Cars the generator may not make: odd words, a hidden car, sold inside and outside the window, no photos. */
function oddCars(): Vehicle[] {
  return [
    testVehicle({ id: "odd-1", slug: "odd-1", make: "Škoda", model: "Octavia", badge: "RS-245", colour: "Søren Blue", stocknum: "SK-001" }),
    testVehicle({ id: "odd-2", slug: "odd-2", make: "Toyota", model: "HiLux", badge: "SR5 (4x4)", show_on_dealer_website: false }),
    testVehicle({
      id: "odd-3",
      slug: "odd-3",
      make: "Toyota",
      model: "HiLux",
      status: "sold",
      sold_at: new Date(NOW.getTime() - DAY).toISOString(),
    }),
    testVehicle({
      id: "odd-4",
      slug: "odd-4",
      make: "Toyota",
      model: "HiLux",
      status: "sold",
      sold_at: new Date(NOW.getTime() - 9 * DAY).toISOString(),
    }),
    testVehicle({ id: "odd-5", slug: "odd-5", make: "Toyota", model: "Corolla", status: "coming_soon", price: 0 }),
  ];
}

let stock: Vehicle[];
let search: SearchService;
let vocabulary: SearchVocabulary;

beforeAll(async () => {
  stock = [...generateDemoStock(dealer, { now: NOW, count: 400 }), ...oddCars()];
  const engine = new OramaSearchEngine();
  await engine.replaceAll(dealer.slug, stock);
  search = createSearchService(engine, { clock: () => NOW });
  // As the results loader reads path segments (app/routes/search/search.server.ts loadVocabulary).
  const facets = await search.search(dealer, emptySearchRequest({ perPage: 1, facets: ["make", "make_model", "body"] }), NOW);
  const values = (a: ValueAttribute) => (facets.facets[a] ?? []).map((f) => f.value);
  vocabulary = {
    makes: values("make"),
    makeModels: values("make_model"),
    bodies: values("body"),
    dealerships: dealer.dealerships.map((d) => ({ slug: d.slug, name: d.name })),
    locations: dealer.locations.filter((l) => l.visible).map((l) => ({ slug: l.slug, name: l.name })),
    knownMakes: MANUFACTURERS.map((m) => ({ slug: m.slug, name: m.name })),
  };
});

/** A results URL read as the loader reads it: the query, then the path's segments merged in. */
function stateOf(href: string): SavedSearchState {
  const url = new URL(href, "https://dealer.example");
  const segments = url.pathname
    .replace(/^\/search\/?/, "")
    .split("/")
    .filter(Boolean);
  const { state } = parseSearchQuery(url.searchParams);
  const fromPath = segments.length ? resolveSearchPath(segments, vocabulary) : {};
  if (!fromPath) throw new Error(`${href} is not a results page here`);
  return { query: state.query, filters: mergeFilters(fromPath, state.filters), ranges: state.ranges };
}

/** Every id the engine gives for the request, page by page, as the results page would list them. */
async function engineIds(state: SavedSearchState): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const result = await search.search(dealer, { ...savedSearchRequest(state), page, perPage: 60 }, NOW);
    ids.push(...result.hits.map((v) => v.id));
    if (page >= result.pages) return ids.sort();
  }
}

const URLS = [
  "/search",
  "/search/used-cars",
  "/search/new-and-demo-cars",
  "/search/toyota",
  "/search/toyota/hilux",
  "/search/used-cars/toyota",
  "/search/hyundai/tucson?year=2020:",
  "/search/suv",
  "/search/ute?price=20000:45000",
  "/search/harbour-used",
  "/search?make=Toyota&make=Hyundai&body=suv",
  "/search?price=:30000&km=:60000",
  "/search?year=2019:2022&fuel=Diesel",
  "/search?transmission=Automatic&colour=White",
  "/search?status=sold",
  "/search?status=coming_soon",
  "/search?car_type=demo&car_type=new",
  "/search?price_range=10000-20000&price_range=20000-30000",
  "/search?query=hilux",
  "/search?query=toyota%20sr5",
  "/search?query=hil",
  "/search?query=SR5%20(4x4)",
  "/search?query=skoda",
  "/search?query=s%C3%B8ren",
  "/search?query=rs-245",
  "/search?query=white&body=suv",
  "/search?query=zzznothing",
  "/search/toyota?query=automatic&price=1:",
  "/search?make=Nosuchmake",
  "/search?filtered_features=Reversing%20Camera&filtered_features=360-Degree%20Camera&body=suv",
  "/search/toyota?filtered_features=360-Degree%20Camera",
  "/search?model=Corolla&model=HiLux&year=:2024",
];

describe("the matcher gives the results page's cars", () => {
  it.each(URLS)("%s", async (href) => {
    const state = stateOf(href);
    const test = searchPredicate(dealer, state, NOW);
    const matched = stock
      .map((v) => matchCar(dealer.slug, v))
      .filter(test)
      .map((c) => c.vehicle.id)
      .sort();
    expect(matched).toEqual(await engineIds(state));
  });

  it("the URLs above are not trivial: most find some cars, some find none, none finds all", async () => {
    const counts = await Promise.all(URLS.map(async (href) => (await engineIds(stateOf(href))).length));
    const all = (await engineIds(stateOf("/search"))).length;
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(URLS.length * 0.7);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThan(0);
    expect(counts.filter((n) => n > 0 && n < all).length).toBeGreaterThan(URLS.length / 2);
  });
});

describe("stored searches", () => {
  it("keeps known attributes with sound values and drops the rest, never throwing", () => {
    expect(parseSavedSearchState(null)).toEqual({ query: "", filters: {}, ranges: {} });
    expect(parseSavedSearchState("x")).toEqual({ query: "", filters: {}, ranges: {} });
    expect(
      parseSavedSearchState({
        query: "  hilux ",
        filters: { make: ["Toyota", 3, " "], colour: "White", nonsense: ["x"], body: [] },
        ranges: { price: { min: 1000, max: "lots" }, km: { min: null }, weight: { min: 1 } },
        page: 4,
      }),
    ).toEqual({ query: "hilux", filters: { make: ["Toyota"] }, ranges: { price: { min: 1000 } } });
  });

  it("a tidy stored search is taken as the schema would give it; an untidy one is tidied", () => {
    const tidy = {
      query: "hilux",
      filters: { make: ["Toyota"], model: ["HiLux"] },
      ranges: { price: { max: 40000 }, year: { min: 2019, max: 2022 } },
    };
    expect(parseSavedSearchState(tidy)).toEqual(tidy);
    expect(parseSavedSearchState(tidy)).toEqual(savedSearchStateSchema.parse(tidy));
    for (const untidy of [
      { ...tidy, query: " hilux" },
      { ...tidy, filters: { make: ["Toyota "] } },
      { ...tidy, filters: { make: [] } },
      { ...tidy, filters: { nonsense: ["x"] } },
      { ...tidy, ranges: { price: {} } },
      { ...tidy, ranges: { price: { max: Infinity } } },
      { ...tidy, ranges: { price: { max: 1, step: 2 } } },
      { ...tidy, filters: { make: Array.from({ length: 31 }, (_, i) => `M${i}`) } },
    ]) {
      expect(parseSavedSearchState(untidy)).toEqual(savedSearchStateSchema.parse(untidy));
    }
    expect(parseSavedSearchState({ filters: { make: ["Toyota "] } }).filters).toEqual({ make: ["Toyota"] });
  });

  it("identical searches share one key whatever the order of their values; others do not", () => {
    const a = compileSearch({ query: "Hilux", filters: { make: ["Toyota", "Ford"] }, ranges: {} });
    const b = compileSearch({ query: "hilux", filters: { make: ["Ford", "Toyota"], model: [] }, ranges: {} });
    const c = compileSearch({ query: "hilux", filters: { make: ["Ford"] }, ranges: {} });
    expect(a.key).toBe(b.key);
    expect(a.key).not.toBe(c.key);
    expect(searchKey({ query: "", filters: {}, ranges: { price: {} } })).toBe(searchKey({ query: "", filters: {}, ranges: {} }));
  });

  it("a word Orama cannot read matches nothing; prefixes match", () => {
    expect(keywordWords("hil ø")).toEqual([["hil"], []]);
    const car = matchCar("t", testVehicle({ id: "k1", make: "Toyota", model: "HiLux" }));
    expect(compileSearch({ query: "hil toy", filters: {}, ranges: {} }).test(car)).toBe(true);
    expect(compileSearch({ query: "ilux", filters: {}, ranges: {} }).test(car)).toBe(false);
    expect(compileSearch({ query: "ø", filters: {}, ranges: {} }).test(car)).toBe(false);
  });

  it("on Typesense a keyword search's matches are left for the engine to confirm", () => {
    const car = matchCar("t", testVehicle({ id: "k2", make: "Toyota", model: "HiLux" }));
    const engine = compileSearch({ query: "hilxu", filters: { make: ["Toyota"] }, ranges: {} }, "engine");
    expect(engine.confirmKeywords).toBe(true);
    expect(engine.test(car)).toBe(true);
    expect(compileSearch({ query: "", filters: { make: ["Toyota"] }, ranges: {} }, "engine").confirmKeywords).toBe(false);
  });
});

describe("many searches at once", () => {
  it("gives each car exactly the groups a search-by-search test gives, identical searches grouped", () => {
    const states = URLS.map(stateOf);
    const entries = states.flatMap((state, i) => [0, 1, 2].map((copy) => ({ state, member: `${i}-${copy}` })));
    const matcher = new SearchMatcher(entries);
    expect(matcher.groups.length).toBeLessThanOrEqual(URLS.length);
    expect(matcher.groups.flatMap((g) => g.members)).toHaveLength(URLS.length * 3);
    for (const vehicle of stock) {
      const car = matchCar(dealer.slug, vehicle);
      const viaMatcher = matcher
        .matching(car)
        .flatMap((g) => g.members)
        .sort();
      const oneByOne = entries
        .filter((e) => compileSearch(e.state).test(car))
        .map((e) => e.member)
        .sort();
      expect(viaMatcher).toEqual(oneByOne);
    }
  });
});
