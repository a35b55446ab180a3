/**
 * When a car's lender figures may be shown, and the finance disclaimer that goes with them (spec 001
 * section 4). A lender's figures are shown only when they carry an interest rate and a comparison
 * rate, and never for the dealer's excluded manufacturers or dealerships. Beyond that each lender
 * follows one of two rules, named per lender in the dealer's configuration:
 *
 * - 'recentCar': the car was built within the last 12 years (or the lender's own limit), is priced
 *   over 500 and has a comparison rate;
 * - 'standard' (every lender not named): the car is priced over 500, saleable, and the lender gives a
 *   weekly payment.
 */
import { CALCULATED_QUOTE, financeEstimate, monthlyFromWeekly, type FinanceEstimate } from "../financeEstimate";
import { isAvailable, type FinanceLender, type Vehicle } from "../vehicle";

export const LENDER_DISPLAY_RULES = ["standard", "recentCar"] as const;
export type LenderDisplayRule = (typeof LENDER_DISPLAY_RULES)[number];

/** Lender figures are not shown on cars priced at 500 or less. */
export const MIN_LENDER_PRICE = 500;
export const DEFAULT_MAX_VEHICLE_AGE_YEARS = 12;
/** The finance disclaimer is cut to this many characters until the shopper asks for more. */
export const DISCLAIMER_PREVIEW_LENGTH = 197;

export interface LenderRule {
  displayRule?: LenderDisplayRule;
  /** For 'recentCar': how many years back the car may have been built. */
  maxVehicleAgeYears?: number;
}

export interface LenderDisplayConfig {
  excludedManufacturers: string[];
  /** Dealership slugs (or names). */
  excludedDealerships: string[];
  /** The rule each lender follows, by the lender's name; unnamed lenders follow 'standard'. */
  lenders: Record<string, LenderRule>;
}

export type LenderCar = Pick<Vehicle, "year" | "make" | "status" | "dealership_slug" | "dealership_name" | "finance_lenders">;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether the dealer shows lender figures for this car at all (its manufacturer and dealership not excluded). */
export function lendersAllowedFor(car: LenderCar, config: LenderDisplayConfig): boolean {
  if (config.excludedManufacturers.some((make) => same(make, car.make))) return false;
  return !config.excludedDealerships.some(
    (dealership) => same(dealership, car.dealership_slug) || (car.dealership_name ? same(dealership, car.dealership_name) : false),
  );
}

/** Whether one lender's figures may be shown for a car at `price` (its selling price). */
export function showsLender(
  car: LenderCar,
  price: number,
  name: string,
  lender: FinanceLender,
  config: LenderDisplayConfig,
  now: Date,
): boolean {
  if (!lendersAllowedFor(car, config)) return false;
  if (lender.interestRate == null || lender.comparisonRate == null) return false;
  if (!(price > MIN_LENDER_PRICE)) return false;
  const rule = config.lenders[name];
  if (rule?.displayRule === "recentCar") {
    const maxAge = rule.maxVehicleAgeYears ?? DEFAULT_MAX_VEHICLE_AGE_YEARS;
    return car.year > 0 && now.getFullYear() - car.year <= maxAge;
  }
  return isAvailable(car) && typeof lender.paymentWeek === "number" && lender.paymentWeek > 0;
}

export interface ShownLender {
  name: string;
  lender: FinanceLender;
}

/** The car's lenders whose figures may be shown, in the order the car lists them. */
export function displayableLenders(car: LenderCar, price: number, config: LenderDisplayConfig, now: Date): ShownLender[] {
  return Object.entries(car.finance_lenders ?? {})
    .filter(([name, lender]) => showsLender(car, price, name, lender, config, now))
    .map(([name, lender]) => ({ name, lender }));
}

/**
 * The lender the page shows: the lowest weekly payment among those that may be shown, then the lowest
 * interest rate, then the name (stored lender data does not keep its order, so ties are settled here).
 */
export function shownLender(car: LenderCar, price: number, config: LenderDisplayConfig, now: Date): ShownLender | null {
  const weekly = (l: ShownLender) =>
    typeof l.lender.paymentWeek === "number" && l.lender.paymentWeek > 0 ? l.lender.paymentWeek : Infinity;
  const before = (a: ShownLender, b: ShownLender) =>
    weekly(a) - weekly(b) || (a.lender.interestRate ?? Infinity) - (b.lender.interestRate ?? Infinity) || (a.name < b.name ? -1 : 1);
  return displayableLenders(car, price, config, now).reduce<ShownLender | null>(
    (best, l) => (best === null || before(l, best) < 0 ? l : best),
    null,
  );
}

/** The finance disclaimer: the lender's own when its figures are shown and it has one, else the dealer's normal text. */
export function financeDisclaimer(lender: FinanceLender | null, normal: string): { text: string; provider: boolean } {
  const own = lender?.disclaimer?.trim();
  return own ? { text: own, provider: true } : { text: normal, provider: false };
}

/** The disclaimer as shown collapsed: its first 197 characters, or all of it when it is no longer. */
export function disclaimerPreview(text: string): { preview: string; truncated: boolean } {
  if (text.length <= DISCLAIMER_PREVIEW_LENGTH) return { preview: text, truncated: false };
  return { preview: `${text.slice(0, DISCLAIMER_PREVIEW_LENGTH).trimEnd()}...`, truncated: true };
}

/**
 * Whether the sidebar's estimate must be the calculated quote (spec 001 section 4): the dealer has
 * calculated quotes on, the car has no quote of its own (nor lender figures that may be shown) and a
 * positive price.
 */
export function wantsCalculatedQuote(
  car: Pick<Vehicle, "youxQuote">,
  price: number,
  shown: ShownLender | null,
  calculatedQuote: boolean,
): boolean {
  const quoted = (car.youxQuote?.weeklyRepaymentAmount ?? 0) > 0;
  const lenderWeekly = (shown?.lender.paymentWeek ?? 0) > 0;
  return calculatedQuote && !quoted && !lenderWeekly && price > 0;
}

/** The calculated quote's question: credit GREAT, 5 years, 10% deposit (the rest of the price is borrowed). */
export function calculatedQuoteRequest(car: Pick<Vehicle, "year" | "vin" | "nvic">, price: number) {
  return {
    selfAssessedCreditScore: "GREAT" as const,
    purchasePrice: Math.round(price * (1 - CALCULATED_QUOTE.depositShare)),
    loanTerm: CALCULATED_QUOTE.termYears,
    year: car.year > 0 ? car.year : null,
    vin: car.vin,
    nvic: car.nvic,
    whoIsHelping: "",
  };
}

/**
 * The estimate beside the price: the car's quote, else the lender the page shows, else the calculated
 * quote. `calculated` is the broker's answer to `calculatedQuoteRequest` (null when it failed or was
 * not asked: the sidebar then stays silent); left out, the quote is worked out here on the dealer's rate.
 */
export function displayedEstimate(
  car: Pick<Vehicle, "youxQuote">,
  price: number,
  shown: ShownLender | null,
  options: {
    calculatedQuote: boolean;
    standardRate: number;
    calculated?: { weeklyRepaymentAmount: number; advertisedRate: number; comparisonRate: number } | null;
  },
): FinanceEstimate | null {
  const own = financeEstimate({ youxQuote: car.youxQuote, finance_lenders: shown ? { [shown.name]: shown.lender } : null }, price, {
    calculatedQuote: options.calculated === undefined && options.calculatedQuote,
    standardRate: options.standardRate,
  });
  if (own || !options.calculated || !wantsCalculatedQuote(car, price, shown, options.calculatedQuote)) return own;
  // Shown in whole dollars, rounded up as every repayment the dealer quotes.
  const weekly = Math.ceil(options.calculated.weeklyRepaymentAmount - 1e-9);
  if (!(weekly > 0)) return null;
  return {
    weekly,
    monthly: monthlyFromWeekly(weekly),
    source: "calculated",
    advertisedRate: options.calculated.advertisedRate,
    comparisonRate: options.calculated.comparisonRate,
  };
}
