import { describe, expect, it } from "vitest";
import { watchlistErrorMessage, watchlistToast } from "./watchlist";

describe("watchlist words (spec 000 sections 4 and 8)", () => {
  it("says the spec's toasts with the car's name", () => {
    expect(watchlistToast(true, "2022 Toyota HiLux")).toEqual({
      title: "Car Saved In Watchlist",
      message: "2022 Toyota HiLux is now available in your watchlist",
    });
    expect(watchlistToast(false, "2022 Toyota HiLux")).toEqual({
      title: "Car Removed",
      message: "2022 Toyota HiLux is no longer in your watchlist",
    });
  });

  it("turns a known error code into its message, and anything else into nothing", () => {
    expect(watchlistErrorMessage("sold")).toMatch(/sold/);
    expect(watchlistErrorMessage("toString")).toBeNull();
    expect(watchlistErrorMessage("<b>")).toBeNull();
    expect(watchlistErrorMessage(null)).toBeNull();
  });
});
