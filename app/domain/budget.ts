/**
 * Budget search (spec 000 sections 2, 4, 5 and 9): what a shopper can spend from a repayment and a
 * deposit, and whether the dealer has anything in that range.
 */
import { pluralLabel } from "./bodyTypes";

export type BudgetPeriod = "weekly" | "monthly";

/** Defaults: weekly 200 (monthly 600), deposit 2000, weekly period. */
export const BUDGET_DEFAULTS = { weekly: 200, monthly: 600, deposit: 2000, period: "weekly" as BudgetPeriod };
export const BUDGET_INPUT_MAX = 1_000_000;
/** The estimate spreads repayments over 5 years. */
export const BUDGET_YEARS = 5;
/** Budget search includes only cars priced above 1000. */
export const BUDGET_MIN_CAR_PRICE = 1000;

/** Non-numeric becomes 0; clamped 0 to 1,000,000. '$1,500' reads as 1500. */
export function budgetInput(raw: unknown): number {
  const n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw.replace(/[$,\s]/g, "")) : NaN;
  if (!Number.isFinite(n)) return 0;
  return Math.min(BUDGET_INPUT_MAX, Math.max(0, n));
}

/**
 * What a budget box shows as the shopper types: whole dollars, within 0 to 1,000,000, the same figure
 * the estimate uses (a typed 5,000,000 shows as 1000000). An emptied box stays empty until it is left.
 */
export function budgetBoxText(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 12);
  return digits === "" ? "" : String(budgetInput(digits));
}

export function budgetPeriod(raw: unknown): BudgetPeriod {
  return raw === "monthly" ? "monthly" : "weekly";
}

export function defaultRepayment(period: BudgetPeriod): number {
  return period === "monthly" ? BUDGET_DEFAULTS.monthly : BUDGET_DEFAULTS.weekly;
}

/** Estimate = repayment x (12 monthly, else 52) x 5 years + deposit. */
export function budgetEstimate(repayment: unknown, deposit: unknown, period: BudgetPeriod): number {
  return budgetInput(repayment) * (period === "monthly" ? 12 : 52) * BUDGET_YEARS + budgetInput(deposit);
}

/** The dealer's prices (cars above 1000 only) for one car type, from the index. */
export interface BudgetPriceRange {
  min: number;
  max: number;
}

export type BudgetOutcome = { found: false; label: string; message: string } | { found: true; label: string; budget: number };

/**
 * Below the minimum indexed price: '0 {carType}s Found' (button grey and disabled) with 'No {carType}s
 * found for this budget'. Otherwise 'View {carType}s In This Range', searching up to the budget capped
 * at the most expensive car.
 */
export function budgetOutcome(estimate: number, carType: string, prices: BudgetPriceRange | null): BudgetOutcome {
  const plural = pluralLabel(carType);
  if (!prices || estimate < prices.min) {
    return { found: false, label: `0 ${plural} Found`, message: `No ${plural} found for this budget` };
  }
  return { found: true, label: `View ${plural} In This Range`, budget: Math.round(Math.min(estimate, prices.max)) };
}

/** One tile of the budget search: a body type and the prices the dealer's stock spans for it. */
export interface BudgetCarType {
  /** Body filter value; '' is every car. */
  body: string;
  /** 'Car', 'SUV', 'Ute'... as the buttons read ('View SUVs In This Range'). */
  label: string;
  image: string | null;
  prices: BudgetPriceRange | null;
}
