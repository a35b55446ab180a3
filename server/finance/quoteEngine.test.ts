import { describe, expect, it } from "vitest";
import { periodicPayment } from "~/domain/finance/amortisation";
import { financeFeesSchema, financeRatesSchema } from "../tenants/schema";
import { advertisedRate, ageBand, benchmarkComparisonRate, quoteFor } from "./quoteEngine";

const rates = financeRatesSchema.parse({});
const fees = financeFeesSchema.parse({});

describe("the rate table (docs/decisions/0015)", () => {
  it("has the Australian defaults: GREAT new 7.99% up to POOR older 16.99%, $395 establishment, $8 a month", () => {
    expect(rates.GREAT.new).toBe(7.99);
    expect(rates.POOR.older).toBe(16.99);
    expect(fees).toEqual({ establishmentFee: 395, monthlyAccountFee: 8 });
  });

  it("bands a car by its age this year: up to 2 years new, up to 7 used, older after; no car is used", () => {
    expect(ageBand(rates, 2026, 2025)).toBe("new");
    expect(ageBand(rates, 2023, 2025)).toBe("new");
    expect(ageBand(rates, 2022, 2025)).toBe("used");
    expect(ageBand(rates, 2018, 2025)).toBe("used");
    expect(ageBand(rates, 2017, 2025)).toBe("older");
    expect(ageBand(rates, null, 2025)).toBe("used");
    expect(advertisedRate(rates, "DECENT", 2010, 2025)).toBe(13.49);
  });

  it("refuses a table whose used band ends before the new one", () => {
    expect(financeRatesSchema.safeParse({ newMaxAge: 5, usedMaxAge: 3 }).success).toBe(false);
  });
});

describe("the comparison rate on the benchmark ($30,000 secured over 5 years, monthly, fees included)", () => {
  it("worked example: 7.99% with $395 establishment and $8 a month is 9.10%", () => {
    // $30,395 over 60 months at 7.99%: $616.16 a month, plus the $8 fee: $624.16.
    const monthly = periodicPayment({ principal: 30_395, annualRatePercent: 7.99, years: 5, periodsPerYear: 12 });
    expect(monthly).toBeCloseTo(616.16, 2);
    expect(benchmarkComparisonRate(7.99, fees)).toBe(9.1);
  });

  it("is the advertised rate when there are no fees, and rises with each fee", () => {
    expect(benchmarkComparisonRate(8.99, { establishmentFee: 0, monthlyAccountFee: 0 })).toBe(8.99);
    const withEstablishment = benchmarkComparisonRate(8.99, { establishmentFee: 395, monthlyAccountFee: 0 });
    expect(withEstablishment).toBeGreaterThan(8.99);
    expect(benchmarkComparisonRate(8.99, fees)).toBeGreaterThan(withEstablishment);
  });
});

describe("the quote", () => {
  it("amortises the price plus the establishment fee weekly and rounds the repayment up to the cent", () => {
    const quote = quoteFor({ rates, fees }, { selfAssessedCreditScore: "GREAT", purchasePrice: 30_000, loanTerm: 5, year: 2025 }, 2025);
    // $30,395 over 260 weeks at 7.99%: $141.89... a week.
    expect(quote).toEqual({ weeklyRepaymentAmount: 141.9, advertisedRate: 7.99, comparisonRate: 9.1 });
  });

  it("charges a poorer history and an older car more, and a longer term less each week", () => {
    const base = { selfAssessedCreditScore: "GREAT" as const, purchasePrice: 20_000, loanTerm: 5, year: 2024 };
    const great = quoteFor({ rates, fees }, base, 2025);
    const poor = quoteFor({ rates, fees }, { ...base, selfAssessedCreditScore: "POOR" }, 2025);
    const older = quoteFor({ rates, fees }, { ...base, year: 2012 }, 2025);
    const longer = quoteFor({ rates, fees }, { ...base, loanTerm: 7 }, 2025);
    expect(poor.weeklyRepaymentAmount).toBeGreaterThan(great.weeklyRepaymentAmount);
    expect(older.advertisedRate).toBe(10.99);
    expect(longer.weeklyRepaymentAmount).toBeLessThan(great.weeklyRepaymentAmount);
  });
});
