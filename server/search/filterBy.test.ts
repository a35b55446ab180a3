import { describe, expect, it } from "vitest";
import { emptySearchRequest, type SearchRequest, type VisibilityScope } from "~/domain/search";
import { matchesFilter, parseFilter, type FilterNode, type Schema } from "../../tests/fakes/typesenseFilter";
import type { ScopedSearchRequest } from "./engine";
import { buildFilterBy, clauseFilter, quoteFilterValue, scopeFilter, scopeShowsNothing } from "./filterBy";

const scope = (overrides: Partial<VisibilityScope> = {}): VisibilityScope => ({
  statuses: ["in_stock", "coming_soon"],
  soldSince: 1_700_000_000_000,
  carTypes: [],
  minPhotos: 0,
  excludedStockNumbers: [],
  ...overrides,
});
const scoped = (overrides: Partial<SearchRequest> = {}, s: Partial<VisibilityScope> = {}): ScopedSearchRequest => ({
  ...emptySearchRequest(),
  ...overrides,
  scope: scope(s),
});
const SCOPE =
  "tenant:=`alpha` && show_on_dealer_website:=true && (status:=[`in_stock`,`coming_soon`] || (status:=`sold` && sold_at_ms:>=1700000000000))";

/** Counts the comparisons in a parsed filter: how many clauses Typesense would actually apply. */
function comparisons(node: FilterNode): number {
  return node.kind === "compare" ? 1 : comparisons(node.left) + comparisons(node.right);
}

describe("Typesense filter_by", () => {
  it("quotes every string value in backticks", () => {
    expect(quoteFilterValue("Toyota")).toBe("`Toyota`");
    expect(quoteFilterValue("Blue (Pearl), Metallic && more || less")).toBe("`Blue (Pearl), Metallic && more || less`");
  });

  it("ORs values within one attribute", () => {
    expect(clauseFilter({ kind: "values", attribute: "make", values: ["Toyota", "Mazda"] })).toBe("make:=[`Toyota`,`Mazda`]");
  });

  it("ANDs attributes after the scope, in a fixed order", () => {
    const filter = buildFilterBy("alpha", scoped({ filters: { model: ["HiLux"], make: ["Toyota", "Ford"] } }));
    expect(filter).toBe(`${SCOPE} && make:=[\`Toyota\`,\`Ford\`] && model:=[\`HiLux\`]`);
  });

  it("writes inclusive ranges, open-ended ranges and decimals without exponents", () => {
    expect(clauseFilter({ kind: "range", attribute: "price", min: 10000, max: 20000 })).toBe("price:[10000..20000]");
    expect(clauseFilter({ kind: "range", attribute: "year", min: 2018 })).toBe("year:>=2018");
    expect(clauseFilter({ kind: "range", attribute: "km", max: 50000 })).toBe("km:<=50000");
    expect(clauseFilter({ kind: "range", attribute: "price", min: 0.5, max: 1e7 })).toBe("price:[0.5..10000000]");
  });

  it("shows in-stock and coming-soon cars, or cars sold since the window opened", () => {
    expect(scopeFilter("alpha", scope())).toBe(SCOPE);
  });

  it("adds the tenant base filter: car types, photos and excluded stock numbers", () => {
    const filter = scopeFilter("alpha", scope({ carTypes: ["new", "demo"], minPhotos: 2, excludedStockNumbers: ["A1", "B`2"] }));
    expect(filter).toBe(`${SCOPE} && car_type:=[\`new\`,\`demo\`] && photos_count:>=2 && stocknum:!=[\`A1\`,\`B2\`]`);
  });

  it("leaves sold cars out when the base filter says so", () => {
    expect(scopeFilter("alpha", scope({ showRecentlySold: false }))).toBe(
      "tenant:=`alpha` && show_on_dealer_website:=true && status:=[`in_stock`,`coming_soon`]",
    );
    expect(scopeShowsNothing(scope({ statuses: [], showRecentlySold: false }))).toBe(true);
    expect(scopeShowsNothing(scope({ statuses: [] }))).toBe(false);
  });

  it("drops one attribute's own clause for its disjunctive facet", () => {
    const request = scoped({ filters: { make: ["Toyota"], body: ["ute"] }, ranges: { price: { min: 1 } } });
    expect(buildFilterBy("alpha", request, { without: "make" })).toBe(`${SCOPE} && body:=[\`ute\`] && price:>=1`);
    expect(buildFilterBy("alpha", request, { without: "price" })).toBe(`${SCOPE} && make:=[\`Toyota\`] && body:=[\`ute\`]`);
  });

  it("excludes price 0 when asked", () => {
    expect(buildFilterBy("alpha", scoped({ excludeZeroPrice: true }))).toBe(`${SCOPE} && price:>0`);
  });

  it("skips empty selections and open ranges", () => {
    const filter = buildFilterBy("alpha", scoped({ filters: { make: [], model: [""] }, ranges: { price: {} } }));
    expect(filter).toBe(SCOPE);
  });

  it("keeps a value with a backtick inside its quotes: no clause can be injected", () => {
    const hostile = "Toyota` || tenant:=`bravo";
    const filter = buildFilterBy("alpha", scoped({ filters: { make: [hostile] } }));
    expect(filter).toBe(`${SCOPE} && make:=[\`Toyota || tenant:=bravo\`]`);
    const tree = parseFilter(filter);
    // tenant, website, status OR (status AND sold), make: nothing more.
    expect(comparisons(tree)).toBe(6);
    const schema: Schema = new Map(["tenant", "status", "make"].map((f) => [f, { type: "string" as const, index: true }] as const));
    schema.set("show_on_dealer_website", { type: "bool", index: true });
    schema.set("sold_at_ms", { type: "int64", index: true });
    const bravoCar = { tenant: "bravo", show_on_dealer_website: true, status: "in_stock", make: "Toyota", sold_at_ms: 0 };
    expect(matchesFilter(tree, bravoCar, schema)).toBe(false);
    expect(matchesFilter(tree, { ...bravoCar, tenant: "alpha" }, schema)).toBe(false);
  });

  it("produces strings the Typesense grammar reads back", () => {
    const filter = buildFilterBy(
      "alpha",
      scoped(
        {
          filters: { make: ["Toyota"], colour: ["Blue (Pearl), Metallic"], categories: ["Family", "4x4 && Off-road"] },
          ranges: { price: { min: 1000, max: 2000 }, km: { max: 10 } },
          excludeZeroPrice: true,
        },
        { carTypes: ["used"], minPhotos: 1, excludedStockNumbers: ["X"] },
      ),
    );
    expect(() => parseFilter(filter)).not.toThrow();
  });
});
