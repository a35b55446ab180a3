import { describe, expect, it } from "vitest";
import { comparisonRate, periodicPayment, PERIODS_PER_YEAR, presentValue, repaymentCount } from "./amortisation";

describe("periodicPayment", () => {
  it("repays $30,000 over 5 years at 8% monthly at the textbook $608.29", () => {
    expect(periodicPayment({ principal: 30000, annualRatePercent: 8, years: 5, periodsPerYear: 12 })).toBeCloseTo(608.29, 2);
  });

  it("weekly: $20,000 over 3 years at 10% is $148.52 a week", () => {
    expect(periodicPayment({ principal: 20000, annualRatePercent: 10, years: 3, periodsPerYear: PERIODS_PER_YEAR.weekly })).toBeCloseTo(
      148.52,
      2,
    );
  });

  it("a balloon lowers the repayment: $30,000, 30% residual, 5 years at 8% monthly is $485.80", () => {
    expect(periodicPayment({ principal: 30000, annualRatePercent: 8, years: 5, periodsPerYear: 12, residual: 9000 })).toBeCloseTo(485.8, 2);
  });

  it("at no interest the principal less the balloon is simply shared out", () => {
    expect(periodicPayment({ principal: 12000, annualRatePercent: 0, years: 1, periodsPerYear: 12, residual: 2400 })).toBe(800);
  });

  it("is zero with nothing to repay or no term", () => {
    expect(periodicPayment({ principal: 0, annualRatePercent: 8, years: 5, periodsPerYear: 12 })).toBe(0);
    expect(periodicPayment({ principal: 1000, annualRatePercent: 8, years: 0, periodsPerYear: 12 })).toBe(0);
    expect(periodicPayment({ principal: Number.NaN, annualRatePercent: 8, years: 5, periodsPerYear: 12 })).toBe(0);
  });

  it("the repayments are worth exactly the principal at the loan's own rate", () => {
    const payment = periodicPayment({ principal: 45000, annualRatePercent: 9.5, years: 4.5, periodsPerYear: 26, residual: 5000 });
    expect(presentValue(payment, 0.095 / 26, repaymentCount(4.5, 26), 5000)).toBeCloseTo(45000, 6);
  });
});

describe("comparisonRate", () => {
  it("equals the advertised rate when there are no fees", () => {
    const payment = periodicPayment({ principal: 30000, annualRatePercent: 8, years: 5, periodsPerYear: 12 });
    expect(comparisonRate({ amountOfCredit: 30000, payment, periodsPerYear: 12, count: 60 })).toBeCloseTo(8, 6);
  });

  it("folds a capitalised establishment fee and a monthly fee into the rate", () => {
    // $30,000 benchmark, 5 years monthly at 8%: $395 establishment fee added to the loan, $8 a month.
    const payment = periodicPayment({ principal: 30395, annualRatePercent: 8, years: 5, periodsPerYear: 12 });
    const rate = comparisonRate({ amountOfCredit: 30000, payment, feePerPeriod: 8, periodsPerYear: 12, count: 60 });
    expect(rate).not.toBeNull();
    expect(rate as number).toBeCloseTo(9.1064, 3);
  });

  it("is null when the repayments never return the credit", () => {
    expect(comparisonRate({ amountOfCredit: 30000, payment: 100, periodsPerYear: 12, count: 60 })).toBeNull();
    expect(comparisonRate({ amountOfCredit: 0, payment: 100, periodsPerYear: 12, count: 60 })).toBeNull();
  });
});
