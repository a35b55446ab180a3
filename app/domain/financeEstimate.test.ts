import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import { financeEstimate, financeHref, isShownRepayment, monthlyFromWeekly, tradeInHref, weeklyRepayment } from "./financeEstimate";

const opts = { calculatedQuote: false, standardRate: 10 };

describe("finance estimate", () => {
  it("monthly is weekly x 4.33", () => {
    expect(monthlyFromWeekly(100)).toBe(433);
    expect(monthlyFromWeekly(123.45)).toBeCloseTo(534.54, 2);
  });
  it("takes the car's quote first", () => {
    const car = testVehicle({ youxQuote: { weeklyRepaymentAmount: 150, advertisedRate: 8.99, comparisonRate: 9.5 } });
    expect(financeEstimate(car, 30000, opts)).toEqual({
      weekly: 150,
      monthly: 649.5,
      source: "quote",
      advertisedRate: 8.99,
      comparisonRate: 9.5,
    });
  });
  it("otherwise the cheapest lender with rates and a weekly payment", () => {
    const car = testVehicle({
      finance_lenders: {
        a: { interestRate: 9, comparisonRate: 9.9, paymentWeek: 180 },
        b: { interestRate: 8, comparisonRate: 8.9, paymentWeek: 170 },
        c: { interestRate: null, comparisonRate: 7, paymentWeek: 100 },
      },
    });
    expect(financeEstimate(car, 30000, opts)).toMatchObject({ weekly: 170, source: "lender", advertisedRate: 8 });
  });
  it("calculates an estimate only when the dealer turns it on and the car has none", () => {
    const car = testVehicle({ youxQuote: null, finance_lenders: null });
    expect(financeEstimate(car, 30000, opts)).toBeNull();
    const calculated = financeEstimate(car, 30000, { calculatedQuote: true, standardRate: 10 });
    expect(calculated?.source).toBe("calculated");
    // 27,000 over 5 years at 10%: about $132.5 a week, rounded up.
    expect(calculated?.weekly).toBe(Math.ceil(weeklyRepayment(27000, 10, 5)));
    expect(calculated?.weekly).toBeGreaterThan(130);
    expect(calculated?.weekly).toBeLessThan(135);
    expect(financeEstimate(car, 0, { calculatedQuote: true, standardRate: 10 })).toBeNull();
  });
  it("amortises with no interest evenly", () => {
    expect(weeklyRepayment(5200, 0, 1)).toBe(100);
  });
  it("repayments of 25 or less are not shown", () => {
    expect(isShownRepayment(25)).toBe(false);
    expect(isShownRepayment(25.5)).toBe(true);
  });
  it("Get Finance goes to personalised finance with an NVIC, else the finance page with the car", () => {
    expect(financeHref(testVehicle({ id: "c9", nvic: "0B6X22" }), 30000, "/finance")).toBe("/personalised/finance?car_id=c9");
    const href = financeHref(
      testVehicle({ id: "c9", nvic: "", vin: "VIN1", car_type: "used", dealership_slug: "alpha" }),
      30000,
      "/finance",
    );
    expect(href).toBe("/finance?car_id=c9&car_type=used&vehiclePriceBudget=30000&vin=VIN1&preferredDealership=alpha#finance-form");
    expect(tradeInHref({ id: "c 9" })).toBe("/cars/trade-in?car_id=c%209");
  });
  it("a dealer's finance path with its own query keeps it, the car's details joining it (one '?', the form anchor last)", () => {
    const car = testVehicle({ id: "c9", nvic: "", vin: "", car_type: "new", dealership_slug: "" });
    expect(financeHref(car, 25000, "/finance?lender=acme")).toBe(
      "/finance?lender=acme&car_id=c9&car_type=new&vehiclePriceBudget=25000#finance-form",
    );
    expect(financeHref(car, 0, "/apply-for-finance?src=card#top")).toBe("/apply-for-finance?src=card&car_id=c9&car_type=new#finance-form");
    // The car's own details win over the same names in the dealer's path.
    expect(financeHref(car, 0, "/finance?car_type=used&x=1")).toBe("/finance?car_type=new&x=1&car_id=c9#finance-form");
    expect(financeHref(car, 0, "/finance?")).toBe("/finance?car_id=c9&car_type=new#finance-form");
  });
});
