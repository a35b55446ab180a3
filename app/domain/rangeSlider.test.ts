import { describe, expect, it, vi } from "vitest";
import {
  DEFAULT_SLIDER_BOUNDS,
  PRICE_RANGE_PAGE,
  RANGE_ERRORS,
  rangeStats,
  priceRangePageStart,
  priceRangePageThumbs,
  refineRange,
  sliderBounds,
  sliderScale,
  sliderStep,
  snapValue,
  thumbPositions,
} from "./rangeSlider";

describe("range slider", () => {
  it("runs 0 to 100,000 when the index gives no range", () => {
    expect(sliderBounds("price", undefined)).toEqual({ min: 0, max: 100000 });
    expect(sliderBounds("km", { min: NaN, max: 5 })).toEqual(DEFAULT_SLIDER_BOUNDS);
    expect(sliderBounds("price", { min: 9, max: 2 })).toEqual(DEFAULT_SLIDER_BOUNDS);
  });

  it("snaps price and km bounds outward to 1000; year stays in whole years", () => {
    expect(sliderBounds("price", { min: 12_499, max: 87_501 })).toEqual({ min: 12_000, max: 88_000 });
    expect(sliderBounds("km", { min: 5, max: 5 })).toEqual({ min: 0, max: 1000 });
    expect(sliderBounds("year", { min: 2012, max: 2025 })).toEqual({ min: 2012, max: 2025 });
  });

  it("puts the top end on a step, so the maximum thumb can always reach it", () => {
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 5000; i++) {
      const low = Math.floor(next() * 500_000);
      const stats = { min: low, max: low + Math.floor(next() * 2_000_000) };
      for (const attribute of ["price", "km", "year"] as const) {
        const { bounds, step } = sliderScale(attribute, stats);
        expect((bounds.max - bounds.min) % step).toBe(0);
        expect(bounds.max).toBeGreaterThanOrEqual(stats.max);
        expect(bounds.min).toBeLessThanOrEqual(stats.min);
      }
    }
    expect(sliderScale("km", { min: 0, max: 249_600 })).toEqual({ bounds: { min: 0, max: 252_000 }, step: 3000 });
  });

  it("steps a hundredth of the range, never finer than 1000 for price and km or 1 for year", () => {
    expect(sliderStep("price", { min: 0, max: 300_000 })).toBe(3000);
    expect(sliderStep("price", { min: 0, max: 50_000 })).toBe(1000);
    expect(sliderStep("year", { min: 2000, max: 2025 })).toBe(1);
    expect(sliderStep("year", { min: 1800, max: 2100 })).toBe(3);
  });

  it("snaps price and km to the nearest 1000", () => {
    expect(snapValue("price", 12_499)).toBe(12_000);
    expect(snapValue("km", 12_500)).toBe(13_000);
    expect(snapValue("year", 2015.4)).toBe(2015);
  });

  it("ignores values outside the range and only logs the spec's messages", () => {
    const log = vi.fn();
    const bounds = { min: 10_000, max: 90_000 };
    expect(refineRange("price", bounds, { min: 5000, max: 95_000 }, "min", log)).toEqual({});
    expect(log.mock.calls).toEqual([[RANGE_ERRORS.belowMinimum], [RANGE_ERRORS.aboveMaximum]]);
    expect(RANGE_ERRORS).toEqual({
      belowMinimum: "Cannot refine below the range minimum",
      aboveMaximum: "Cannot refine above the range maximum",
    });
  });

  it("never lets the minimum pass the maximum: the moved thumb stops at the other", () => {
    const bounds = { min: 0, max: 100_000 };
    expect(refineRange("price", bounds, { min: 60_000, max: 40_000 }, "min", vi.fn())).toEqual({ min: 40_000, max: 40_000 });
    expect(refineRange("price", bounds, { min: 60_000, max: 40_000 }, "max", vi.fn())).toEqual({ min: 60_000, max: 60_000 });
  });

  it("stores nothing for an end left at its bound, and snaps what it stores", () => {
    const bounds = { min: 0, max: 100_000 };
    expect(refineRange("price", bounds, { min: 0, max: 100_000 }, "min", vi.fn())).toEqual({});
    expect(refineRange("km", bounds, { min: 20_400, max: 100_000 }, "min", vi.fn())).toEqual({ min: 20_000 });
    expect(refineRange("year", { min: 2010, max: 2025 }, { max: 2019.6 }, "max", vi.fn())).toEqual({ max: 2020 });
  });

  it("places thumbs for a stored range inside the bounds", () => {
    expect(thumbPositions({ min: 0, max: 100 }, { min: -5, max: 500 })).toEqual({ min: 0, max: 100 });
    expect(thumbPositions({ min: 0, max: 100 }, { min: 70, max: 30 })).toEqual({ min: 30, max: 30 });
    expect(thumbPositions({ min: 0, max: 100 }, undefined)).toEqual({ min: 0, max: 100 });
  });
});

describe("price-range page slider", () => {
  it("starts at 5,000 to 250,000 within the index's range, step 500", () => {
    expect(PRICE_RANGE_PAGE.step).toBe(500);
    expect(priceRangePageStart({ min: 1200, max: 400_000 })).toEqual({ bounds: { min: 1000, max: 400_000 }, min: 5000, max: 250_000 });
    expect(priceRangePageStart({ min: 8000, max: 90_250 })).toEqual({ bounds: { min: 8000, max: 90_500 }, min: 8000, max: 90_500 });
  });

  it("falls back to 0 to 100,000 when the index gives no range", () => {
    expect(priceRangePageStart(null)).toEqual({ bounds: { min: 0, max: 100_000 }, min: 5000, max: 100_000 });
  });

  it("keeps the minimum at least 1 below the maximum", () => {
    const bounds = { min: 0, max: 100_000 };
    expect(priceRangePageThumbs(bounds, 50_000, 50_000, "min")).toEqual({ min: 49_999, max: 50_000 });
    expect(priceRangePageThumbs(bounds, 60_000, 50_000, "max")).toEqual({ min: 60_000, max: 60_001 });
    expect(priceRangePageThumbs(bounds, 100_000, 100_000, "max")).toEqual({ min: 99_999, max: 100_000 });
  });
});

describe("rangeStats (issue 26: no 'Year 0 – 100000+' when nothing matches)", () => {
  it("draws a range from this search's stats, else the dealer's whole stock's, else not at all", () => {
    expect(rangeStats({ min: 2015, max: 2024 }, { min: 2005, max: 2025 })).toEqual({ min: 2015, max: 2024 });
    expect(rangeStats(undefined, { min: 2005, max: 2025 })).toEqual({ min: 2005, max: 2025 });
    expect(rangeStats({ min: Infinity, max: -Infinity }, { min: 2005, max: 2025 })).toEqual({ min: 2005, max: 2025 });
    expect(rangeStats(undefined, undefined)).toBeNull();
    expect(rangeStats(null, { min: NaN, max: 3 })).toBeNull();
  });
});
