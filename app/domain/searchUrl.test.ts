import { describe, expect, it } from "vitest";
import { budgetSearchHref, compactSearchParams, priceRangeSearchHref, slugify } from "./searchLinks";
import {
  MAX_PAGE,
  MAX_VALUES_PER_FILTER,
  buildSearchHref,
  canonicalSearchHref,
  emptySearchState,
  hasFilters,
  mergeFilters,
  parseSearchQuery,
  resolveSearchPath,
  type SearchVocabulary,
} from "./searchUrl";
import { RANGE_ATTRIBUTES, SORT_OPTIONS, VALUE_ATTRIBUTES } from "./search";

const parse = (query: string) => parseSearchQuery(new URLSearchParams(query));

const vocabulary: SearchVocabulary = {
  makes: ["Toyota", "Mercedes-Benz", "GWM", "Haval"],
  makeModels: ["Toyota|HiLux", "Toyota|Corolla Cross", "Toyota|Corolla", "GWM|Ute Cannon", "Haval|Jolion", "Mercedes-Benz|C-Class"],
  bodies: ["SUV", "Ute", "Cab Chassis", "People Mover"],
  dealerships: [{ slug: "summit-toyota", name: "Summit Toyota Parramatta" }],
  locations: [{ slug: "southport-sales", name: "Coastal GWM Haval Sales" }],
  knownMakes: [{ slug: "ferrari", name: "Ferrari" }],
};

describe("parseSearchQuery", () => {
  it("reads query, page, sort, repeated filter values and min:max ranges", () => {
    const { state, untidy } = parse("query=hilux+sr5&page=3&sortBy=price:asc&make=Toyota&make=Ford&fuel=Diesel&price=5000:20000&km=:50000");
    expect(untidy).toBe(false);
    expect(state).toEqual({
      query: "hilux sr5",
      page: 3,
      sortBy: "price:asc",
      filters: { make: ["Toyota", "Ford"], fuel: ["Diesel"] },
      ranges: { price: { min: 5000, max: 20000 }, km: { max: 50000 } },
    });
  });

  it("accepts the spec's range[price]=:budget and index-prefixed sort", () => {
    const { state } = parse("range[price]=:30000&sortBy=Car_production:price:desc");
    expect(state.ranges.price).toEqual({ max: 30000 });
    expect(state.sortBy).toBe("price:desc");
  });

  it("accepts every sort option and falls back to the default order for anything else", () => {
    for (const option of SORT_OPTIONS) expect(parse(`sortBy=${option.value}`).state.sortBy).toBe(option.value);
    for (const bad of ["price", "price:sideways", "x:y:z", "", "Car_production", "__proto__"])
      expect(parse(`sortBy=${bad}`).state.sortBy).toBe("relevance");
  });

  it("clamps or drops bad numbers instead of failing", () => {
    expect(parse("page=0").state.page).toBe(1);
    expect(parse("page=-4").state.page).toBe(1);
    expect(parse("page=abc").state.page).toBe(1);
    expect(parse("page=1e9").state.page).toBe(1);
    expect(parse("page=99999999").state.page).toBe(MAX_PAGE);
    expect(parse("price=abc:20000").state.ranges.price).toEqual({ max: 20000 });
    expect(parse("price=20000:5000").state.ranges.price).toEqual({ min: 5000, max: 5000 });
    expect(parse("price=-5:Infinity").state.ranges.price).toEqual({ min: 0 });
    expect(parse("price=1:2:3").state.ranges.price).toBeUndefined();
    expect(parse("year=$2,015:").state.ranges.year).toEqual({ min: 2015 });
  });

  it("ignores unknown parameters and keeps the first query, page and sort", () => {
    const { state } = parse("utm_source=x&colour=Red&query=a&query=b&page=2&page=5&nonsense[make]=1");
    expect(state).toEqual({ ...emptySearchState(), query: "a", page: 2, filters: { colour: ["Red"] } });
  });

  it("limits text: long queries cut, control characters stripped, values deduplicated and capped", () => {
    const { state } = parse(`query=${"x".repeat(500)}&make=%00Toy%1Fota&make=Toyota&model=${"m".repeat(300)}`);
    expect(state.query).toHaveLength(100);
    expect(state.filters.make).toEqual(["Toyota"]);
    expect(state.filters.model?.[0]).toHaveLength(80);
    const many = Array.from({ length: 100 }, (_, i) => `colour=c${i}`).join("&");
    expect(parse(many).state.filters.colour).toHaveLength(MAX_VALUES_PER_FILTER);
  });

  it("folds the no-JavaScript form's min and max fields into a range and asks for a tidy URL", () => {
    const parsed = parse("query=&make=Toyota&price_min=5000&price_max=&km_min=&km_max=&year_min=2018&year_max=2015");
    expect(parsed.untidy).toBe(true);
    expect(parsed.state.ranges).toEqual({ price: { min: 5000 }, year: { min: 2015, max: 2015 } });
    expect(parsed.state.filters).toEqual({ make: ["Toyota"] });
  });

  it("reads refinementList[make][0] style filters", () => {
    expect(parse("refinementList[make][0]=Toyota&refinementList[make][1]=Kia").state.filters.make).toEqual(["Toyota", "Kia"]);
  });

  it("never throws, whatever the query string (fuzz)", () => {
    const pieces = [
      ...VALUE_ATTRIBUTES,
      ...RANGE_ATTRIBUTES,
      ...RANGE_ATTRIBUTES.map((a) => `range[${a}]`),
      ...RANGE_ATTRIBUTES.map((a) => `${a}_min`),
      "query",
      "page",
      "sortBy",
      "constructor",
      "__proto__",
      "toString",
      "range[",
      "refinementList[make][",
      "%",
      "%E0%A4%A",
      "",
    ];
    const values = [
      "",
      ":",
      "::",
      "1:2",
      "-1",
      "NaN",
      "1e400",
      "0x10",
      "%00",
      "'\"<script>",
      "`",
      "a&b",
      "Toyota",
      "💥",
      "9".repeat(400),
      "%ZZ",
      "=",
      "[]",
    ];
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    for (let i = 0; i < 3000; i++) {
      const parts = Array.from({ length: 1 + Math.floor(next() * 8) }, () => `${pick(pieces)}=${pick(values)}`);
      const raw = parts.join(next() < 0.1 ? ";" : "&");
      const { state } = parseSearchQuery(new URLSearchParams(raw));
      expect(state.page).toBeGreaterThanOrEqual(1);
      expect(SORT_OPTIONS.some((o) => o.value === state.sortBy)).toBe(true);
      for (const range of Object.values(state.ranges)) {
        if (range?.min !== undefined) expect(Number.isFinite(range.min)).toBe(true);
        if (range?.min !== undefined && range.max !== undefined) expect(range.min).toBeLessThanOrEqual(range.max);
      }
      for (const [attribute, list] of Object.entries(state.filters)) {
        expect(VALUE_ATTRIBUTES).toContain(attribute);
        expect(list?.every((v) => typeof v === "string" && v.length > 0)).toBe(true);
      }
      // What we build from any parsed state parses back to the same state.
      const href = buildSearchHref("/search", state, { keepPage: true, keepSort: true });
      const again = parseSearchQuery(new URL(href, "http://x").searchParams);
      expect(again.state).toEqual(state);
      expect(again.untidy).toBe(false);
    }
  });
});

describe("resolveSearchPath", () => {
  it("reads car-type segments", () => {
    expect(resolveSearchPath(["used-cars"], vocabulary)).toEqual({ car_type: ["used"] });
    expect(resolveSearchPath(["demo-cars"], vocabulary)).toEqual({ car_type: ["demo"] });
    expect(resolveSearchPath(["new-and-demo-cars"], vocabulary)).toEqual({ car_type: ["new", "demo"] });
    expect(resolveSearchPath(["new-used-and-demo-cars", ""], vocabulary)).toEqual({});
    expect(resolveSearchPath([], vocabulary)).toEqual({});
  });

  it("reads a make, a make and model, and a body, as the stock spells them", () => {
    expect(resolveSearchPath(["toyota"], vocabulary)).toEqual({ make: ["Toyota"] });
    expect(resolveSearchPath(["Mercedes-Benz"], vocabulary)).toEqual({ make: ["Mercedes-Benz"] });
    expect(resolveSearchPath(["toyota", "corolla-cross"], vocabulary)).toEqual({ make: ["Toyota"], model: ["Corolla Cross"] });
    expect(resolveSearchPath(["gwm", "ute-cannon"], vocabulary)).toEqual({ make: ["GWM"], model: ["Ute Cannon"] });
    expect(resolveSearchPath(["suv"], vocabulary)).toEqual({ body: ["SUV"] });
    expect(resolveSearchPath(["people-mover"], vocabulary)).toEqual({ body: ["People Mover"] });
    expect(resolveSearchPath(["used-cars", "toyota", "hilux"], vocabulary)).toEqual({
      car_type: ["used"],
      make: ["Toyota"],
      model: ["HiLux"],
    });
  });

  it("reads the dealer's dealership and location slugs (see more from this dealer)", () => {
    expect(resolveSearchPath(["summit-toyota"], vocabulary)).toEqual({ dealership_name: ["Summit Toyota Parramatta"] });
    expect(resolveSearchPath(["southport-sales"], vocabulary)).toEqual({ location_name: ["Coastal GWM Haval Sales"] });
  });

  it("a known make without stock is still a page (empty results), not a 404", () => {
    expect(resolveSearchPath(["ferrari"], vocabulary)).toEqual({ make: ["Ferrari"] });
  });

  it("anything else is not a page", () => {
    expect(resolveSearchPath(["no-such-make"], vocabulary)).toBeNull();
    expect(resolveSearchPath(["toyota", "no-such-model"], vocabulary)).toBeNull();
    expect(resolveSearchPath(["toyota", "hilux", "extra"], vocabulary)).toBeNull();
    expect(resolveSearchPath(["suv", "toyota"], vocabulary)).toBeNull();
    expect(resolveSearchPath(["used-cars", "used-cars"], vocabulary)).toBeNull();
  });
});

describe("buildSearchHref", () => {
  const state = (over: Partial<ReturnType<typeof emptySearchState>>) => ({ ...emptySearchState(), ...over });

  it("puts car type, one make and model, or one body in the path when they read back the same", () => {
    expect(
      buildSearchHref("/search", state({ filters: { car_type: ["used"], make: ["Toyota"], model: ["Corolla Cross"] } }), { vocabulary }),
    ).toBe("/search/used-cars/toyota/corolla-cross");
    expect(buildSearchHref("/used-car", state({ filters: { body: ["SUV"] } }), { vocabulary })).toBe("/used-car/suv");
    expect(buildSearchHref("/search", state({ filters: { make: ["Toyota", "GWM"] } }), { vocabulary })).toBe(
      "/search?make=Toyota&make=GWM",
    );
    expect(buildSearchHref("/search", state({ filters: { make: ["Unknown"] } }), { vocabulary })).toBe("/search?make=Unknown");
    expect(buildSearchHref("/search", state({ filters: { make: ["Toyota"] } }))).toBe("/search?make=Toyota");
  });

  it("every path it builds resolves back to the same filters", () => {
    const cases = [
      { car_type: ["new", "demo"], make: ["GWM"], model: ["Ute Cannon"] },
      { make: ["Mercedes-Benz"], model: ["C-Class"] },
      { body: ["Cab Chassis"] },
      { car_type: ["used"] },
    ];
    for (const filters of cases) {
      const url = new URL(buildSearchHref("/search", state({ filters }), { vocabulary }), "http://x");
      const fromPath = resolveSearchPath(url.pathname.split("/").slice(2), vocabulary);
      expect(mergeFilters(fromPath ?? {}, parseSearchQuery(url.searchParams).state.filters)).toEqual(filters);
    }
  });

  it("keeps sort and page only when asked; the canonical URL drops both", () => {
    const s = state({ query: "ute", sortBy: "price:desc", page: 3, ranges: { price: { min: 1000 } }, filters: { fuel: ["Diesel"] } });
    expect(buildSearchHref("/search", s, { keepSort: true, keepPage: true })).toBe(
      "/search?query=ute&fuel=Diesel&price=1000:&sortBy=price:desc&page=3",
    );
    expect(canonicalSearchHref("/search", s)).toBe("/search?query=ute&fuel=Diesel&price=1000:");
  });

  it("encodes what must be encoded", () => {
    expect(buildSearchHref("/search", state({ query: "a&b=c #1", filters: { badge: ["SR5+"] } }))).toBe(
      "/search?query=a%26b%3Dc%20%231&badge=SR5%2B",
    );
  });
});

describe("browser-side link helpers", () => {
  it("slugifies like the path parser expects", () => {
    expect(slugify("Mercedes-Benz")).toBe("mercedes-benz");
    expect(slugify("Lynk & Co")).toBe("lynk-co");
    expect(slugify(" Škoda ")).toBe("skoda");
  });

  it("tidies the filter form: empties dropped, min and max folded, page dropped", () => {
    const form: [string, string][] = [
      ["query", ""],
      ["make", "Toyota"],
      ["price_min", "5000"],
      ["price_max", ""],
      ["km_min", ""],
      ["km_max", ""],
      ["year_min", "2015"],
      ["year_max", "2020"],
      ["page", "4"],
      ["sortBy", "price:asc"],
    ];
    expect(compactSearchParams(form)).toEqual([
      ["make", "Toyota"],
      ["price", "5000:"],
      ["year", "2015:2020"],
      ["sortBy", "price:asc"],
    ]);
    // and the server reads the result without asking for a redirect
    const params = new URLSearchParams(compactSearchParams(form));
    expect(parseSearchQuery(params).untidy).toBe(false);
  });

  it("builds the budget and price-range links the spec names, brackets percent-encoded for the HTML checker", () => {
    expect(budgetSearchHref("/search", 54000)).toBe("/search?range%5Bprice%5D=:54000");
    expect(budgetSearchHref("/used-car", 12000.4, "SUV")).toBe("/used-car?body=SUV&range%5Bprice%5D=:12000");
    expect(priceRangeSearchHref("/search", 5000, 250000)).toBe("/search?range%5Bprice%5D=5000:250000&sortBy=Car_production:price:desc");
  });

  it("links carry only characters valid in a URL query (no raw [ ] | or spaces)", () => {
    const hrefs = [
      budgetSearchHref("/search", 54000, "People Mover"),
      priceRangeSearchHref("/used-car", 0, 99999),
      buildSearchHref("/search", { ...emptySearchState(), query: "hilux [sr5] | 4x4", filters: { make_model: ["Toyota|HiLux"] } }),
    ];
    for (const href of hrefs) expect(href.split("?")[1]).toMatch(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]+$/);
  });

  it("reads the budget range the same with encoded and raw brackets, and from the link it builds", () => {
    const raw = parse("range[price]=:54000&body=SUV").state;
    expect(parse("range%5Bprice%5D=:54000&body=SUV").state).toEqual(raw);
    expect(parse("range%5bprice%5d=:54000&body=SUV").state).toEqual(raw);
    expect(raw.ranges.price).toEqual({ max: 54000 });
    const link = new URL(budgetSearchHref("/search", 54000, "SUV"), "http://dealer.example");
    expect(parseSearchQuery(link.searchParams).state).toEqual(raw);
    const rangeLink = new URL(priceRangeSearchHref("/search", 5000, 25000), "http://dealer.example");
    expect(parseSearchQuery(rangeLink.searchParams).state.ranges.price).toEqual({ min: 5000, max: 25000 });
  });

  it("knows when a search has filters", () => {
    expect(hasFilters(emptySearchState())).toBe(false);
    expect(hasFilters({ ...emptySearchState(), ranges: { km: { max: 1 } } })).toBe(true);
  });
});
