/**
 * The embedded broker's quote (docs/decisions/0015): the advertised rate from the dealer's rate table
 * by credit history and the car's age, a weekly repayment by standard amortisation on the price with
 * the establishment fee added to the loan, and the comparison rate on the benchmark loan Australian
 * lenders must quote it on ($30,000 secured over 5 years, monthly repayments, every fee included).
 * Pure: the dealer's settings and the year come in, figures go out.
 */
import { comparisonRate, PERIODS_PER_YEAR, periodicPayment, repaymentCount } from "~/domain/finance/amortisation";
import type { CreditScore } from "~/domain/finance/financeForm";
import type { FinanceFees, FinanceRates } from "../tenants/schema";
import type { Quote } from "./port";

export type AgeBand = "new" | "used" | "older";

/** The benchmark of the comparison rate for a secured loan (National Consumer Credit Protection Regulations, reg 100). */
export const COMPARISON_BENCHMARK = { amountOfCredit: 30_000, years: 5, periodsPerYear: PERIODS_PER_YEAR.monthly } as const;

/** Which band of the rate table a car falls in; with no car (no year) the used rate applies. */
export function ageBand(rates: Pick<FinanceRates, "newMaxAge" | "usedMaxAge">, year: number | null, thisYear: number): AgeBand {
  if (year === null) return "used";
  const age = thisYear - year;
  if (age <= rates.newMaxAge) return "new";
  return age <= rates.usedMaxAge ? "used" : "older";
}

export function advertisedRate(rates: FinanceRates, credit: CreditScore, year: number | null, thisYear: number): number {
  return rates[credit][ageBand(rates, year, thisYear)];
}

/** Cents, rounded up: a repayment is never shown lower than it is. */
const upToCents = (n: number) => Math.ceil(Math.round(n * 1e6) / 1e4) / 100;
const toHundredths = (n: number) => Math.round(n * 100) / 100;

/** The comparison rate for this advertised rate and these fees, on the benchmark loan. */
export function benchmarkComparisonRate(ratePercent: number, fees: FinanceFees): number {
  const { amountOfCredit, years, periodsPerYear } = COMPARISON_BENCHMARK;
  const payment = periodicPayment({
    principal: amountOfCredit + fees.establishmentFee,
    annualRatePercent: ratePercent,
    years,
    periodsPerYear,
  });
  const rate = comparisonRate({
    amountOfCredit,
    payment,
    feePerPeriod: fees.monthlyAccountFee,
    periodsPerYear,
    count: repaymentCount(years, periodsPerYear),
  });
  // Repayments always return more than the credit when the rate and fees are not negative.
  return toHundredths(rate ?? ratePercent);
}

export interface QuoteInput {
  selfAssessedCreditScore: CreditScore;
  purchasePrice: number;
  loanTerm: number;
  year: number | null;
}

export function quoteFor(settings: { rates: FinanceRates; fees: FinanceFees }, input: QuoteInput, thisYear: number): Quote {
  const rate = advertisedRate(settings.rates, input.selfAssessedCreditScore, input.year, thisYear);
  const weekly = periodicPayment({
    principal: input.purchasePrice + settings.fees.establishmentFee,
    annualRatePercent: rate,
    years: input.loanTerm,
    periodsPerYear: PERIODS_PER_YEAR.weekly,
  });
  return { weeklyRepaymentAmount: upToCents(weekly), advertisedRate: rate, comparisonRate: benchmarkComparisonRate(rate, settings.fees) };
}
