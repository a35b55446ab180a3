import { describe, expect, it } from "vitest";
import type { SearchState } from "./searchLinks";
import type { SearchResult } from "./search";
import { facetPanel, searchChips, searchPagination } from "./searchPage";
import { emptySearchState } from "./searchUrl";

const state = (change: Partial<SearchState>): SearchState => ({ ...emptySearchState(), ...change });

describe("searchChips", () => {
  it("shows the keyword, each filter value and each range, each linking to the search without it", () => {
    const chips = searchChips(
      "/search",
      state({ query: "tow bar", filters: { make: ["Toyota"], model: ["HiLux"] }, ranges: { price: { min: 20000, max: 40000 } } }),
      undefined,
    );
    expect(chips.map((c) => [c.key, c.label, c.title])).toEqual([
      ["query", "“tow bar”", "Keyword"],
      ["make:Toyota", "Toyota", "Make"],
      ["model:HiLux", "HiLux", "Model"],
      ["price", "Price: $20,000 to $40,000", "Range"],
    ]);
    // Removing the make removes its models too: a model means nothing without its make.
    const withoutMake = chips.find((c) => c.key === "make:Toyota")!.href;
    expect(withoutMake).not.toMatch(/toyota|hilux/i);
    expect(chips.find((c) => c.key === "query")!.href).not.toContain("tow");
  });
});

describe("searchPagination", () => {
  it("links the first and last page and two either side of this one", () => {
    expect(searchPagination("/search", state({ page: 6 }), 6, 20, undefined).map((l) => l.page)).toEqual([1, 4, 5, 6, 7, 8, 20]);
    expect(searchPagination("/search", state({ page: 1 }), 1, 3, undefined).map((l) => l.page)).toEqual([1, 2, 3]);
  });

  it("has no links for a single page", () => {
    expect(searchPagination("/search", state({}), 1, 1, undefined)).toEqual([]);
  });
});

describe("facetPanel's ranges", () => {
  const settings = { makesShown: 8, modelsPerMake: 10, customBodies: false, certifiedOnly: false, facets: [] };
  const nothing: SearchResult = { hits: [], found: 0, facets: {}, stats: {}, page: 1, pages: 0, ms: 1 };
  const yearOf = (panel: ReturnType<typeof facetPanel>) => panel.ranges.find((r) => r.attribute === "year");

  it("with no results, shows the dealer's own bounds, not 0 to 100,000", () => {
    const panel = facetPanel(settings, state({ ranges: { year: { min: 2090 } } }), nothing, undefined, {
      year: { min: 2008, max: 2025 },
      price: { min: 12990, max: 89990 },
    });
    expect(yearOf(panel)?.bounds).toEqual({ min: 2008, max: 2025 });
    expect(yearOf(panel)?.value).toEqual({ min: 2090 });
    expect(panel.ranges.find((r) => r.attribute === "price")?.bounds).toEqual({ min: 12000, max: 90000 });
  });

  it("with no data at all, shows no range, and a range in force still travels with the form", () => {
    const panel = facetPanel(settings, state({ ranges: { year: { min: 2090 } } }), nothing, undefined, {});
    expect(panel.ranges).toEqual([]);
    expect(panel.hidden).toContainEqual(["year", "2090:"]);
  });
});
