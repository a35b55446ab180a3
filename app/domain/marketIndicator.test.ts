import { describe, expect, it } from "vitest";
import { marketIndicator } from "./marketIndicator";

describe("market-price indicator", () => {
  it("shows when the car is at least 500 below the state average", () => {
    expect(marketIndicator(30000, { state_average_market_price: 30500, average_market_price: 40000 }, "NSW")).toEqual({
      saving: 500,
      average: 30500,
      scope: "state",
      state: "NSW",
    });
  });
  it("hides at 499 below or less", () => {
    expect(marketIndicator(30001, { state_average_market_price: 30500, average_market_price: null }, "NSW")).toBeNull();
    expect(marketIndicator(31000, { state_average_market_price: 30500, average_market_price: null }, "NSW")).toBeNull();
  });
  it("uses the national average when there is no state value", () => {
    expect(marketIndicator(30000, { state_average_market_price: null, average_market_price: 32000 }, "QLD")).toMatchObject({
      scope: "national",
      saving: 2000,
    });
    expect(marketIndicator(30000, { state_average_market_price: 0, average_market_price: 32000 }, "QLD")?.scope).toBe("national");
  });
  it("the state value wins even when the national one would show", () => {
    expect(marketIndicator(30000, { state_average_market_price: 30100, average_market_price: 50000 }, "VIC")).toBeNull();
  });
  it("needs market data and a real price", () => {
    expect(marketIndicator(30000, null, "NSW")).toBeNull();
    expect(marketIndicator(0, { state_average_market_price: 30500, average_market_price: null }, "NSW")).toBeNull();
  });
});
