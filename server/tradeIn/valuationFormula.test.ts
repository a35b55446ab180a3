import { describe, expect, it } from "vitest";
import type { AdjustmentAnswers } from "./port";
import {
  FORMULA,
  marketValueFromCatalogue,
  marketValueFromComparables,
  movedPrice,
  offerFromMarketValue,
  type CarFacts,
  type ComparablePrice,
} from "./valuationFormula";

const car: CarFacts = { year: 2022, make: "Toyota", model: "Corolla", badge: "Ascent Sport", km: 40_000 };
const best: AdjustmentAnswers = { km: 40_000, accident: "none", service: "full", keys: "two", financeOwing: "no", condition: "good" };
const asking = (price: number, year = 2022, km = 40_000): ComparablePrice => ({ price, year, km, kind: "asking" });
const now = new Date("2026-11-22T00:00:00Z");

const sum = (lines: { amount: number | null }[]) => lines.reduce((s, l) => s + (l.amount ?? 0), 0);

describe("step 1: a comparable's price moved to the shopper's car", () => {
  it("leaves a car of the same year and kilometres as it is", () => {
    expect(movedPrice(car, asking(25_000))).toBe(25_000);
  });
  it("takes 10% off for each year the comparable is newer, and adds it for each year older", () => {
    expect(movedPrice(car, asking(25_000, 2023))).toBeCloseTo(22_500);
    expect(movedPrice(car, asking(25_000, 2021))).toBeCloseTo(25_000 / 0.9);
  });
  it("takes 2% off per 10,000 km the shopper's car has travelled beyond the comparable", () => {
    expect(movedPrice(car, asking(25_000, 2022, 20_000))).toBeCloseTo(24_000);
    expect(movedPrice(car, asking(25_000, 2022, 60_000))).toBeCloseTo(26_000);
  });
  it("never moves one price by more than 35% either way", () => {
    expect(movedPrice(car, asking(25_000, 2030))).toBeCloseTo(25_000 * 0.65);
    expect(movedPrice({ ...car, km: 0 }, asking(25_000, 2010, 900_000))).toBeCloseTo(25_000 * 1.35);
  });
});

describe("step 1: market value", () => {
  it("is the median moved price, rounded to $100, and says where it came from", () => {
    const market = marketValueFromComparables(car, [
      asking(24_000),
      asking(26_000),
      asking(90_000),
      { ...asking(25_050), kind: "market" },
    ])!;
    expect(market.value).toBe(25_500);
    expect(market.basis).toBe("comparables");
    expect(market.explanation).toBe(
      "Market value of a 2022 Toyota Corolla Ascent Sport with 40,000 km, from 3 asking prices of comparable cars in our stock and 1 market average, adjusted to its year and kilometres",
    );
  });
  it("needs at least 3 believable prices", () => {
    expect(marketValueFromComparables(car, [asking(24_000), asking(26_000)])).toBeNull();
    expect(marketValueFromComparables(car, [asking(24_000), asking(26_000), asking(0), asking(Number.NaN)])).toBeNull();
  });
  it("falls back to the catalogue's new price: 85% driven away, 12% off a year, kilometres against 15,000 a year", () => {
    // Four years old with the usual 60,000 km: 40,000 x 0.85 x 0.88^4.
    const usual = marketValueFromCatalogue({ ...car, km: 60_000 }, 40_000, now)!;
    expect(usual.value).toBe(Math.round((40_000 * 0.85 * 0.88 ** 4) / 100) * 100);
    expect(usual.basis).toBe("catalogue");
    expect(usual.explanation).toContain("from its new price of $40,000 less 4 years of wear");
    const driven = marketValueFromCatalogue({ ...car, km: 110_000 }, 40_000, now)!;
    expect(driven.value).toBeLessThan(usual.value);
    expect(marketValueFromCatalogue(car, 0, now)).toBeNull();
  });
});

describe("steps 2 to 4: the offer", () => {
  const market = { value: 25_000, basis: "comparables" as const, explanation: "Market value" };

  it("is 80% of market value for a good car with full history and two keys, and its lines add up to it", () => {
    const offer = offerFromMarketValue(market, best)!;
    expect(offer.offerPrice).toBe(20_000);
    expect(sum(offer.lines)).toBe(offer.offerPrice);
    expect(offer.lines.map((l) => l.label)).toEqual([
      "Market value",
      "Trade price (80% of market value, for our inspection, reconditioning, warranty and selling costs)",
      "Good condition",
      "No accident damage",
      "Full service history",
      "2 or more keys",
    ]);
  });

  it("moves with each answer by its share of the trade price, or the cost of a key", () => {
    const offerFor = (answers: Partial<AdjustmentAnswers>) => offerFromMarketValue(market, { ...best, ...answers })!.offerPrice;
    expect(offerFor({ condition: "excellent" })).toBe(20_800);
    expect(offerFor({ condition: "fair" })).toBe(18_400);
    expect(offerFor({ condition: "poor" })).toBe(16_000);
    expect(offerFor({ accident: "repaired" })).toBe(18_000);
    expect(offerFor({ accident: "unrepaired" })).toBe(15_000);
    expect(offerFor({ service: "partial" })).toBe(19_000);
    expect(offerFor({ service: "none" })).toBe(17_600);
    expect(offerFor({ keys: "one" })).toBe(19_600);
    // Finance owing is paid out of the price, not taken off it.
    expect(offerFor({ financeOwing: "yes" })).toBe(20_000);
    expect(offerFromMarketValue(market, { ...best, financeOwing: "yes" })!.lines.at(-1)).toEqual({
      label: "Finance owing: no change to the offer; we pay your lender out of it at settlement",
      amount: null,
    });
  });

  it("adds the shares, rounds down to $100 with a line saying so, and the lines still add up", () => {
    const offer = offerFromMarketValue({ ...market, value: 23_456 }, { ...best, condition: "fair", accident: "repaired", keys: "one" })!;
    // trade 18,765; fair -1,501; repaired -1,876; one key -350 = 15,038 -> 15,000.
    expect(offer.offerPrice).toBe(15_000);
    expect(offer.lines.at(-1)).toEqual({ label: "Rounded down to the nearest $100", amount: -38 });
    expect(sum(offer.lines)).toBe(15_000);
    expect(offer.offerPrice % FORMULA.roundTo).toBe(0);
  });

  it("gives no figure under $1,000", () => {
    expect(offerFromMarketValue({ ...market, value: 1_500 }, { ...best, condition: "poor", accident: "unrepaired" })).toBeNull();
  });
});
