import { describe, expect, it } from "vitest";
import { dealLabel, gaugeBand, gaugePercent, shownPriceComparison } from "./priceComparison";

const ok = {
  fill: 0.7,
  listing_price: 30000,
  market_range_min: 28000,
  market_range_max: 36000,
  confidence: 0.8,
  description: "Below market",
};

describe("price comparison", () => {
  it("shows a complete, confident comparison", () => {
    expect(shownPriceComparison(ok)).toEqual(ok);
  });
  it("hides when any field is missing", () => {
    for (const key of Object.keys(ok)) {
      const { [key as keyof typeof ok]: _gone, ...rest } = ok;
      expect(shownPriceComparison(rest)).toBeNull();
    }
    expect(shownPriceComparison({ ...ok, fill: null })).toBeNull();
    expect(shownPriceComparison({ ...ok, description: "" })).toBeNull();
    expect(shownPriceComparison(null)).toBeNull();
    expect(shownPriceComparison("nope")).toBeNull();
  });
  it("hides at confidence 0.2 or lower", () => {
    expect(shownPriceComparison({ ...ok, confidence: 0.2 })).toBeNull();
    expect(shownPriceComparison({ ...ok, confidence: 0.21 })).not.toBeNull();
  });
  it("hides when the market maximum is below the listing price", () => {
    expect(shownPriceComparison({ ...ok, market_range_max: 29999 })).toBeNull();
    expect(shownPriceComparison({ ...ok, market_range_max: 30000 })).not.toBeNull();
  });
  it("colours by band: under 0.3, 0.3 to under 0.6, from 0.6", () => {
    expect(gaugeBand(0.29)).toBe("low");
    expect(gaugeBand(0.3)).toBe("medium");
    expect(gaugeBand(0.59)).toBe("medium");
    expect(gaugeBand(0.6)).toBe("high");
  });
  it("labels 'Good Deal' below 0.65, else 'Great Deal'", () => {
    expect(dealLabel(0.64)).toBe("Good Deal");
    expect(dealLabel(0.65)).toBe("Great Deal");
  });
  it("draws the gauge at least 20 percent full", () => {
    expect(gaugePercent(0.05)).toBe(20);
    expect(gaugePercent(0.5)).toBe(50);
    expect(gaugePercent(1.4)).toBe(100);
  });
});
