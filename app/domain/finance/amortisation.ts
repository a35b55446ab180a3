/**
 * The arithmetic behind every repayment the dealer shows: standard amortisation (an annuity with an
 * optional balloon, or residual, left at the end) and the comparison rate, the one rate that folds the
 * fees into the interest so shoppers can compare loans (National Consumer Credit Protection
 * Regulations 2010, reg 100: the rate at which the repayments, fees included, are worth exactly the
 * amount lent). Pure and unrounded: callers round the way their screen must (the calculator rounds up).
 */

export type PaymentFrequency = "weekly" | "fortnightly" | "monthly";
/** Repayments a year for each frequency (spec 001 section 9: 52, 26, 12). */
export const PERIODS_PER_YEAR: Record<PaymentFrequency, number> = { weekly: 52, fortnightly: 26, monthly: 12 };

export interface Loan {
  /** What is borrowed, fees added to the loan included. */
  principal: number;
  /** Nominal annual rate in percent (8.99 means 8.99% p.a.). */
  annualRatePercent: number;
  years: number;
  periodsPerYear: number;
  /** Balloon left owing after the last repayment (0 for none). */
  residual?: number;
}

/** The number of repayments: whole periods over the term (a 2.5-year weekly loan has 130). */
export function repaymentCount(years: number, periodsPerYear: number): number {
  return Math.max(0, Math.round(years * periodsPerYear));
}

/**
 * The level repayment that brings `principal` down to `residual` after the term:
 * P = (PV - FV / (1 + r)^n) x r / (1 - (1 + r)^-n), or (PV - FV) / n at a zero rate.
 * Zero when there is nothing to repay or no term.
 */
export function periodicPayment(loan: Loan): number {
  const n = repaymentCount(loan.years, loan.periodsPerYear);
  const residual = Math.max(0, loan.residual ?? 0);
  if (!(loan.principal > 0) || n <= 0 || !Number.isFinite(loan.principal)) return 0;
  const r = Math.max(0, loan.annualRatePercent) / 100 / loan.periodsPerYear;
  if (r === 0) return Math.max(0, (loan.principal - residual) / n);
  const growth = Math.pow(1 + r, n);
  return Math.max(0, ((loan.principal - residual / growth) * r) / (1 - 1 / growth));
}

/** What a run of `count` level repayments and a final balloon are worth today at `ratePerPeriod`. */
export function presentValue(payment: number, ratePerPeriod: number, count: number, residual = 0): number {
  if (ratePerPeriod === 0) return payment * count + residual;
  const growth = Math.pow(1 + ratePerPeriod, count);
  return (payment * (1 - 1 / growth)) / ratePerPeriod + residual / growth;
}

export interface ComparisonRateInput {
  /** The credit the shopper actually receives (fees not included). */
  amountOfCredit: number;
  /** The level repayment, including any fee capitalised into the loan. */
  payment: number;
  /** A fee charged with every repayment (e.g. a monthly account fee). */
  feePerPeriod?: number;
  periodsPerYear: number;
  count: number;
  residual?: number;
}

/**
 * The comparison rate in percent a year (nominal, periods x per-period rate): the per-period rate at
 * which the repayments plus per-period fees and the balloon are worth exactly the amount of credit.
 * Found by bisection; the value is monotonic in the rate so this always converges. Null when the
 * repayments do not even return the credit (no positive rate can balance them).
 */
export function comparisonRate(input: ComparisonRateInput): number | null {
  const outgo = input.payment + (input.feePerPeriod ?? 0);
  const residual = input.residual ?? 0;
  if (!(input.amountOfCredit > 0) || input.count <= 0 || !(outgo > 0)) return null;
  const worth = (rate: number) => presentValue(outgo, rate, input.count, residual);
  if (worth(0) < input.amountOfCredit) return null;
  let low = 0;
  let high = 1;
  while (worth(high) > input.amountOfCredit && high < 1e6) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (worth(mid) > input.amountOfCredit) low = mid;
    else high = mid;
  }
  return ((low + high) / 2) * input.periodsPerYear * 100;
}
