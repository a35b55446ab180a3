import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import type { SearchRequest } from "~/domain/search";
import { comparableRequest, embeddedMarketPrice, marketFromComparables } from "./embedded";
import { fakeSearch } from "./fakeSearch";
import { marketPriceContract, tenant } from "./market.contract";

marketPriceContract("embedded (comparable stock)", (stock) => embeddedMarketPrice(fakeSearch(stock)));

const car = testVehicle({ id: "me", make: "Toyota", model: "HiLux", year: 2022, km: 40000, price: 50000, offer_price: 0 });
const priced = (prices: number[]) => prices.map((price, i) => ({ id: `c${i}`, price, offer_price: 0 }));

describe("embedded market price", () => {
  it("searches in-stock cars of the same make and model within two years and a similar distance", async () => {
    const seen: SearchRequest[] = [];
    await embeddedMarketPrice(fakeSearch([], seen)).compare(tenant, car);
    // Same grade first, then the whole model when the grade alone is not a market.
    expect(seen[0].filters).toEqual({ status: ["in_stock"], make: ["Toyota"], model: ["HiLux"], badge: ["SR5"] });
    expect(seen[1].filters).toEqual({ status: ["in_stock"], make: ["Toyota"], model: ["HiLux"] });
    expect(seen[1].ranges.year).toEqual({ min: 2020, max: 2024 });
    expect(seen[1].ranges.km).toEqual({ min: 20000, max: 60000 });
    expect(comparableRequest({ ...car, km: 10 }).ranges.km).toEqual({ min: 0, max: 20010 });
  });

  it("compares with the same grade when there are enough of it in stock", async () => {
    const stock = [
      ...[48000, 50000, 52000].map((price, i) =>
        testVehicle({ id: `sr5-${i}`, make: "Toyota", model: "HiLux", badge: "SR5", year: 2022, km: 40000, price, offer_price: 0 }),
      ),
      ...[30000, 31000, 32000].map((price, i) =>
        testVehicle({ id: `wr-${i}`, make: "Toyota", model: "HiLux", badge: "Workmate", year: 2022, km: 40000, price, offer_price: 0 }),
      ),
    ];
    const result = await embeddedMarketPrice(fakeSearch(stock)).compare(tenant, car);
    expect(result?.market_range_min).toBeGreaterThanOrEqual(48000);
  });

  it("uses the middle 80% of prices as the range and places the car in it", () => {
    const result = marketFromComparables(car, priced([40000, 45000, 50000, 55000, 60000]));
    expect(result).toMatchObject({ listing_price: 50000, market_range_min: 42000, market_range_max: 58000, fill: 0.5 });
    expect(result?.description).toBe("Priced in line with the average of 5 comparable Toyota HiLuxs in our stock.");
  });

  it("says how far below or above the average the car is", () => {
    expect(marketFromComparables({ ...car, price: 45000 }, priced([48000, 50000, 52000]))?.description).toMatch(/^Priced \$5,000 below/);
    expect(marketFromComparables({ ...car, price: 55000 }, priced([48000, 50000, 52000]))?.description).toMatch(/^Priced \$5,000 above/);
  });

  it("needs three comparables, not counting the car itself or cars without a price", () => {
    expect(marketFromComparables(car, priced([48000, 52000]))).toBeNull();
    expect(marketFromComparables(car, [{ id: "me", price: 50000, offer_price: 0 }, ...priced([48000, 52000, 0])])).toBeNull();
    expect(marketFromComparables({ ...car, price: 0 }, priced([48000, 50000, 52000]))).toBeNull();
  });

  it("is more confident with more comparables", () => {
    const few = marketFromComparables(car, priced([49000, 50000, 51000]))!;
    const many = marketFromComparables(car, priced(Array.from({ length: 12 }, (_, i) => 49000 + i * 200)))!;
    expect(many.confidence).toBeGreaterThan(few.confidence);
    expect(many.confidence).toBeLessThanOrEqual(1);
  });

  it("puts a car cheaper than the whole range at the full end", () => {
    expect(marketFromComparables({ ...car, price: 30000 }, priced([48000, 50000, 52000]))?.fill).toBe(1);
    expect(marketFromComparables({ ...car, price: 70000 }, priced([48000, 50000, 52000]))?.fill).toBe(0);
  });
});

describe("loading the comparison for the page", () => {
  it("hides the block (null) and carries on when the adapter fails or has no data", async () => {
    const { loadPriceComparison } = await import("./index");
    const failing = { name: "http" as const, compare: () => Promise.reject(new Error("down")) };
    const empty = { name: "http" as const, compare: () => Promise.resolve(null) };
    expect(await loadPriceComparison(failing, tenant, car)).toBeNull();
    expect(await loadPriceComparison(empty, tenant, car)).toBeNull();
  });
});
