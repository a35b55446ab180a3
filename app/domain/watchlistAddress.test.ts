import { describe, expect, it } from "vitest";
import { watchlistOutcomeFor, withoutWatchlistOutcome, withWatchlistOutcome } from "./watchlistAddress";

describe("a watchlist outcome in the page's address", () => {
  it("says whether this car was just saved or removed, and nothing about another car", () => {
    expect(watchlistOutcomeFor(new URLSearchParams("saved=car-1"), "car-1")).toBe(true);
    expect(watchlistOutcomeFor(new URLSearchParams("removed=car-1"), "car-1")).toBe(false);
    expect(watchlistOutcomeFor(new URLSearchParams("saved=car-2"), "car-1")).toBeNull();
    expect(watchlistOutcomeFor(new URLSearchParams("watchlist_error=sold"), "car-1")).toBeNull();
  });

  it("drops the outcome and keeps the rest of the query as it was written", () => {
    expect(withoutWatchlistOutcome("?make=toyota&saved=car-1&page=2")).toBe("?make=toyota&page=2");
    expect(withoutWatchlistOutcome("?removed=car-1")).toBe("");
    expect(withoutWatchlistOutcome("watchlist_error=sold&sortBy=price:desc")).toBe("?sortBy=price:desc");
    expect(withoutWatchlistOutcome("?price=5000:20000&%73aved=x&saved")).toBe("?price=5000:20000");
    expect(withoutWatchlistOutcome("?query=a%ZZ&saved=1")).toBe("?query=a%ZZ");
    expect(withoutWatchlistOutcome("")).toBe("");
  });

  it("adds an outcome after the rest of the query, in place of an older one, before the fragment", () => {
    expect(withWatchlistOutcome("/search?price=5000:20000&saved=old", "saved", "car 1")).toBe("/search?price=5000:20000&saved=car+1");
    expect(withWatchlistOutcome("/cars/x", "removed", "car-1")).toBe("/cars/x?removed=car-1");
    expect(withWatchlistOutcome("/cars/x?removed=car-1#similar", "watchlist_error", "sold")).toBe("/cars/x?watchlist_error=sold#similar");
  });
});
