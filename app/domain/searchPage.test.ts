import { describe, expect, it } from "vitest";
import type { SearchState } from "./searchLinks";
import { searchChips, searchPagination } from "./searchPage";
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
