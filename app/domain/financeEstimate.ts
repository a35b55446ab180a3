/**
 * The finance estimate beside the price and in the sticky header (spec 001 sections 4 and 9): a weekly
 * repayment from the car's finance quote or lender data, shown with its monthly equivalent
 * (weekly x 4.33). Where the dealer turns on calculated quotes and the car has none, an estimate is
 * worked out on the quote's assumptions: 5-year term, 10% deposit, the dealer's standard rate.
 */
import { PERIODS_PER_YEAR, periodicPayment } from "./finance/amortisation";
import type { Vehicle } from "./vehicle";

export const WEEKS_PER_MONTH = 4.33;
/** A repayment of 25 or less is not shown; the shopper is asked to enquire instead. */
export const MIN_SHOWN_REPAYMENT = 25;
export const ENQUIRE_FOR_FINANCE = "Enquire for Finance";
export const CALCULATED_QUOTE = { termYears: 5, depositShare: 0.1 } as const;

export function monthlyFromWeekly(weekly: number): number {
  return Math.round(weekly * WEEKS_PER_MONTH * 100) / 100;
}

export interface FinanceEstimate {
  weekly: number;
  monthly: number;
  source: "quote" | "lender" | "calculated";
  /** Annual percentages, when the lender or quote gave them. */
  advertisedRate: number | null;
  comparisonRate: number | null;
}

/** Standard amortisation: the weekly payment that repays `principal` over `years` at `annualRate` percent. */
export function weeklyRepayment(principal: number, annualRate: number, years: number): number {
  return periodicPayment({ principal, annualRatePercent: annualRate, years, periodsPerYear: PERIODS_PER_YEAR.weekly });
}

export function financeEstimate(
  v: Pick<Vehicle, "youxQuote" | "finance_lenders">,
  price: number,
  options: { calculatedQuote: boolean; standardRate: number },
): FinanceEstimate | null {
  const quote = v.youxQuote;
  if (quote && quote.weeklyRepaymentAmount > 0) {
    return build(quote.weeklyRepaymentAmount, "quote", quote.advertisedRate, quote.comparisonRate);
  }
  const lenders = Object.values(v.finance_lenders ?? {}).filter(
    (l) => typeof l.paymentWeek === "number" && l.paymentWeek > 0 && l.interestRate !== null && l.comparisonRate !== null,
  );
  if (lenders.length) {
    const cheapest = lenders.reduce((a, b) => ((b.paymentWeek ?? Infinity) < (a.paymentWeek ?? Infinity) ? b : a));
    return build(cheapest.paymentWeek as number, "lender", cheapest.interestRate, cheapest.comparisonRate);
  }
  if (options.calculatedQuote && price > 0) {
    const principal = price * (1 - CALCULATED_QUOTE.depositShare);
    const weekly = weeklyRepayment(principal, options.standardRate, CALCULATED_QUOTE.termYears);
    return build(Math.ceil(weekly), "calculated", options.standardRate, null);
  }
  return null;
}

function build(
  weekly: number,
  source: FinanceEstimate["source"],
  advertisedRate: number | null,
  comparisonRate: number | null,
): FinanceEstimate {
  return { weekly, monthly: monthlyFromWeekly(weekly), source, advertisedRate, comparisonRate };
}

/** A repayment too small to be real is replaced by 'Enquire for Finance'. */
export function isShownRepayment(weekly: number): boolean {
  return weekly > MIN_SHOWN_REPAYMENT;
}

/**
 * Where 'Get Finance' goes for a car (spec 001 section 2): the personalised finance route when the car
 * has an NVIC code, otherwise the dealer's finance page with the car's details and the form anchor.
 */
export function financeHref(
  v: Pick<Vehicle, "id" | "nvic" | "car_type" | "vin" | "dealership_slug">,
  price: number,
  financePath: string,
): string {
  if (v.nvic.trim()) return `/personalised/finance?car_id=${encodeURIComponent(v.id)}`;
  // The dealer's finance path may carry its own query (or a fragment): the car's details join its query.
  const hashAt = financePath.indexOf("#");
  const withoutHash = hashAt >= 0 ? financePath.slice(0, hashAt) : financePath;
  const queryAt = withoutHash.indexOf("?");
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const params = new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : "");
  params.set("car_id", v.id);
  params.set("car_type", v.car_type);
  if (price > 0) params.set("vehiclePriceBudget", String(Math.round(price)));
  if (v.vin) params.set("vin", v.vin);
  if (v.dealership_slug) params.set("preferredDealership", v.dealership_slug);
  return `${path}?${params.toString()}#finance-form`;
}

/** Trade-in valuation for this car (spec 000 section 2 routes). */
export function tradeInHref(v: Pick<Vehicle, "id">): string {
  return `/cars/trade-in?car_id=${encodeURIComponent(v.id)}`;
}
