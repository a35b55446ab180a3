import { describe, expect, it } from "vitest";
import { BUDGET_DEFAULTS, budgetBoxText, budgetEstimate, budgetInput, budgetOutcome, budgetPeriod, defaultRepayment } from "./budget";

describe("budget search", () => {
  it("shows in a budget box the clamped whole dollars the estimate uses", () => {
    expect(budgetBoxText("5000000")).toBe("1000000");
    expect(budgetBoxText("$1,500")).toBe("1500");
    expect(budgetBoxText("-250")).toBe("250");
    expect(budgetBoxText("abc")).toBe("");
    expect(budgetBoxText("")).toBe("");
    expect(budgetBoxText("9".repeat(40))).toBe("1000000");
    expect(budgetEstimate(budgetBoxText("5000000"), 0, "weekly")).toBe(budgetEstimate(1_000_000, 0, "weekly"));
  });

  it("estimate = repayment x 52 (weekly) or 12 (monthly) x 5 years + deposit", () => {
    expect(budgetEstimate(200, 2000, "weekly")).toBe(54_000);
    expect(budgetEstimate(600, 2000, "monthly")).toBe(38_000);
  });

  it("has the spec's defaults", () => {
    expect(BUDGET_DEFAULTS).toEqual({ weekly: 200, monthly: 600, deposit: 2000, period: "weekly" });
    expect(defaultRepayment("monthly")).toBe(600);
    expect(budgetPeriod("fortnightly")).toBe("weekly");
  });

  it("treats non-numeric input as 0 and clamps to 0..1,000,000", () => {
    expect(budgetInput("abc")).toBe(0);
    expect(budgetInput("")).toBe(0);
    expect(budgetInput(undefined)).toBe(0);
    expect(budgetInput("-50")).toBe(0);
    expect(budgetInput("5000000")).toBe(1_000_000);
    expect(budgetInput("$1,500")).toBe(1500);
    expect(budgetEstimate("x", "y", "weekly")).toBe(0);
  });

  it("below the cheapest car: '0 {carType}s Found' and the no-results message", () => {
    expect(budgetOutcome(4000, "SUV", { min: 9000, max: 80_000 })).toEqual({
      found: false,
      label: "0 SUVs Found",
      message: "No SUVs found for this budget",
    });
    expect(budgetOutcome(99_999, "Car", null)).toMatchObject({ found: false, label: "0 Cars Found" });
  });

  it("otherwise 'View {carType}s In This Range', capped at the most expensive car", () => {
    expect(budgetOutcome(54_000, "Car", { min: 9000, max: 80_000 })).toEqual({
      found: true,
      label: "View Cars In This Range",
      budget: 54_000,
    });
    expect(budgetOutcome(500_000, "Ute", { min: 9000, max: 80_000 })).toEqual({
      found: true,
      label: "View Utes In This Range",
      budget: 80_000,
    });
    expect(budgetOutcome(9000, "Bus", { min: 9000, max: 80_000 })).toMatchObject({ found: true, label: "View Buses In This Range" });
  });
});
