/**
 * The vehicle page's finance calculator (spec 001 sections 3, 4, 5 and 9): the sliders' bounds for a car
 * (the dealer's figures, then its brand's, then the car's lender's), reading the shopper's figures
 * (kept within those bounds), and the repayment: standard amortisation of the amount less the deposit
 * plus the establishment fee, with the residual left at the end, rounded up to the dollar; the total
 * is the repayments plus the fees charged beside them. A repayment of 25 or less is not shown
 * ('Enquire for Finance') and neither are the totals.
 *
 * The group-site calculator (groupStyle) is the same calculator with typed figures: Purchase Price,
 * deposit/trade-in and residual are typed (digits only), the price is not forced into its bounds but
 * answered with 'Cannot be less than {min} or more than {max}'.
 *
 * Pure and small: the page's loader and the calculator in the browser share it.
 */
import { z } from "zod";
import { PERIODS_PER_YEAR, periodicPayment, repaymentCount, type PaymentFrequency } from "./amortisation";
import { isShownRepayment } from "../financeEstimate";
import { formatMoney } from "../money";

export const FREQUENCIES = ["weekly", "fortnightly", "monthly"] as const satisfies readonly PaymentFrequency[];
export const FREQUENCY_LABELS: Record<PaymentFrequency, string> = { weekly: "Weekly", fortnightly: "Fortnightly", monthly: "Monthly" };
/** What a repayment is 'per' in a sentence. */
export const FREQUENCY_UNITS: Record<PaymentFrequency, string> = { weekly: "week", fortnightly: "fortnight", monthly: "month" };

/** Spec 001 section 9: the default amount when the dealer does not start from the car's price, or the car has none. */
export const DEFAULT_AMOUNT = 30_000;
/** On the dealer that lets the amount follow the price, cars over this price may borrow up to 1.05 x price. */
export const PRICE_FOLLOWING_THRESHOLD = 100_000;
export const PRICE_FOLLOWING_FACTOR = 1.05;

/** The shopper's figures in the page's query string (the calculator is a plain GET form without JavaScript). */
export const CALCULATOR_PARAMS = {
  amount: "amount",
  term: "term",
  /** With custom year increments the term slider moves through their positions. */
  termIndex: "termIndex",
  interest: "interest",
  deposit: "tradeIn",
  residual: "residual",
  frequency: "frequency",
} as const;

export interface CalculatorFee {
  label: string;
  amount: number;
  /** Charged once, or with every month of the loan. */
  frequency: "once" | "monthly";
}

/** The figures a dealer sets for its calculator, and that a brand (make) or a lender may override. */
export interface CalculatorFigures {
  amountMin: number;
  amountMax: number;
  amountStep: number;
  /** On cars over 100,000 the maximum becomes 1.05 x price. */
  amountMaxFollowsPrice: boolean;
  /** The amount starts at the car's price (30,000 when it has none). */
  amountDefaultFromPrice: boolean;
  amountDefault: number;
  termMin: number;
  termMax: number;
  termStep: number;
  termDefault: number;
  /** When set, the term slider moves through these year values instead of min..max by step. */
  customYearIncrements: number[];
  interestMin: number;
  interestMax: number;
  interestStep: number;
  interestDefault: number;
  /** The rate is the dealer's, not the shopper's to choose. */
  interestDisabled: boolean;
  /** Added to the amount borrowed. */
  establishmentFee: number;
  depositMax: number;
  residualMax: number;
  /** Step of the deposit/trade-in and residual figures. */
  valueStep: number;
  /** Fees listed under the calculator; those not in the loan are added to the total repayments. */
  fees: CalculatorFee[];
  /** A comparison-rate range shown under the repayment, e.g. 8.38% to 19.42%. */
  comparisonRateRange: { min: number; max: number } | null;
  /** 'up' rounds the repayment up to the dollar (the spec's rule); 'nearest' is one provider's variant. */
  rounding: "up" | "nearest";
}

export type CalculatorOverride = Partial<CalculatorFigures>;

export interface CalculatorConfig extends CalculatorFigures {
  groupStyle: boolean;
  /** Overrides for a brand's cars, keyed by make (matched without regard to case). */
  makes: Record<string, CalculatorOverride>;
  /** Overrides for cars whose finance figures come from a lender, keyed by the lender's name. */
  lenders: Record<string, CalculatorOverride>;
}

export interface Bounds {
  min: number;
  max: number;
  step: number;
}

/** The calculator as one car shows it: every bound resolved, ready for the sliders. */
export interface CalculatorSettings {
  groupStyle: boolean;
  amount: Bounds & { default: number };
  term: Bounds & { default: number; increments: number[] };
  interest: Bounds & { default: number; disabled: boolean };
  deposit: Bounds;
  residual: Bounds;
  establishmentFee: number;
  fees: CalculatorFee[];
  comparisonRateRange: { min: number; max: number } | null;
  rounding: "up" | "nearest";
}

export interface CalculatorInputs {
  /** The loan amount, or the Purchase Price on the group-site calculator, as the shopper set it. */
  amount: number;
  /** Years. */
  term: number;
  /** Percent a year. */
  interest: number;
  /** Deposit or trade-in. */
  deposit: number;
  residual: number;
  frequency: PaymentFrequency;
}

export interface CalculatorResult {
  frequency: PaymentFrequency;
  /** Repayments over the term. */
  periods: number;
  /** Rounded up; null when 25 or less (shown as 'Enquire for Finance'). */
  payment: number | null;
  /** periods x payment + fees charged beside the repayments; null with the payment. */
  totalRepayments: number | null;
  /** What is borrowed: the amount less the deposit, plus the establishment fee (0 when nothing is borrowed). */
  amountFinanced: number;
}

// --- Bounds -----------------------------------------------------------------------------------------

const round2 = (n: number) => Math.round(n * 100) / 100;

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * A slider's value: within bounds and on the slider's steps counted from its minimum (where a browser's
 * range input lands), never above the maximum.
 */
export function snapToStep(value: number, bounds: Bounds): number {
  const { min, max, step } = bounds;
  if (!(step > 0)) return round2(clamp(value, min, max));
  const steps = Math.round((clamp(value, min, max) - min) / step);
  let snapped = round2(min + steps * step);
  if (snapped > max) snapped = round2(snapped - step);
  return Math.max(min, snapped);
}

/**
 * The loan amount's start on its slider: the grid value at or below the figure, so a car's price is never
 * rounded up past it ($27,990 starts at $27,500, not $28,000).
 */
export function snapDown(value: number, bounds: Bounds): number {
  const { min, max, step } = bounds;
  const within = clamp(value, min, max);
  if (!(step > 0)) return round2(within);
  // A hair of floating-point noise below a step is still that step.
  return Math.max(min, round2(min + Math.floor((within - min) / step + 1e-9) * step));
}

/**
 * A slider's bounds moved onto the grid that passes through `value` (the dealer's configured rate): a
 * range input lands only on min + k x step, so a rate of 8.99% on a 0.5 grid from 0.5 would show and
 * compute as 9.00%. The grid keeps its step and stays within the dealer's min and max (0.99 to 14.99
 * for 8.99%); a value already on the grid, or outside the bounds, leaves them as they are.
 */
export function gridThrough(bounds: Bounds, value: number): Bounds {
  const { min, max, step } = bounds;
  if (!(step > 0) || !Number.isFinite(value) || value < min || value > max) return bounds;
  const below = Math.floor((value - min) / step + 1e-9);
  const start = round2(value - below * step);
  if (start === min) return bounds;
  return { min: start, max: reachableMax(start, max, step), step };
}

/** The highest value a slider can reach (its maximum on its step grid). */
function reachableMax(min: number, max: number, step: number): number {
  if (!(step > 0) || max <= min) return Math.max(min, max);
  return round2(min + Math.floor(round2((max - min) / step)) * step);
}

/** The dealer's figures with the brand's, then the lender's, laid over them (an override's unset fields keep the dealer's). */
export function calculatorFigures(config: CalculatorConfig, car: { make: string }, lender: string | null): CalculatorFigures {
  const make = car.make.trim().toLowerCase();
  const brand = Object.entries(config.makes).find(([name]) => name.trim().toLowerCase() === make)?.[1];
  const byLender = lender ? config.lenders[lender] : undefined;
  const figures: CalculatorFigures = { ...config };
  for (const override of [brand, byLender]) {
    if (!override) continue;
    for (const [key, value] of Object.entries(override)) {
      if (value !== undefined) (figures as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return figures;
}

/** The calculator's bounds and starting figures for one car. */
export function calculatorSettings(
  config: CalculatorConfig,
  car: { price: number; make: string },
  lender: string | null = null,
): CalculatorSettings {
  const f = calculatorFigures(config, car, lender);
  const typed = config.groupStyle;
  const price = Number.isFinite(car.price) && car.price > 0 ? car.price : 0;

  const amountMin = f.amountMin;
  const rawMax =
    f.amountMaxFollowsPrice && price > PRICE_FOLLOWING_THRESHOLD ? Math.max(f.amountMax, price * PRICE_FOLLOWING_FACTOR) : f.amountMax;
  const amountMax = typed ? rawMax : reachableMax(amountMin, rawMax, f.amountStep);
  const amountBounds = { min: amountMin, max: Math.max(amountMin, amountMax), step: f.amountStep };
  // The loan never starts above the car's price: the start is the price or less, snapped down onto the slider.
  const wanted = f.amountDefaultFromPrice && price > 0 ? price : f.amountDefault;
  const amountStart = price > 0 ? Math.min(wanted, price) : wanted;
  const amountDefault = typed ? clamp(Math.floor(amountStart), amountBounds.min, amountBounds.max) : snapDown(amountStart, amountBounds);

  const increments = [...new Set(f.customYearIncrements.filter((y) => Number.isFinite(y) && y > 0))].sort((a, b) => a - b);
  const term = increments.length
    ? {
        min: increments[0],
        max: increments[increments.length - 1],
        step: 0,
        default: nearestIncrement(increments, f.termDefault),
        increments,
      }
    : (() => {
        const bounds = { min: f.termMin, max: Math.max(f.termMin, f.termMax), step: f.termStep };
        return { ...bounds, default: snapToStep(f.termDefault, bounds), increments: [] };
      })();

  // The slider passes through the dealer's rate, so 8.99% is shown and computed as 8.99%, not 9.00%.
  const interestBounds = gridThrough(
    { min: f.interestMin, max: Math.max(f.interestMin, f.interestMax), step: f.interestStep },
    f.interestDefault,
  );
  const valueMax = (max: number) => (typed ? max : Math.min(max, amountBounds.max));
  return {
    groupStyle: typed,
    amount: { ...amountBounds, default: amountDefault },
    term,
    interest: { ...interestBounds, default: snapToStep(f.interestDefault, interestBounds), disabled: f.interestDisabled },
    deposit: { min: 0, max: valueMax(f.depositMax), step: typed ? f.valueStep : f.amountStep },
    residual: { min: 0, max: valueMax(f.residualMax), step: typed ? f.valueStep : f.amountStep },
    establishmentFee: Math.max(0, f.establishmentFee),
    fees: f.fees,
    comparisonRateRange: f.comparisonRateRange,
    rounding: f.rounding,
  };
}

export function nearestIncrement(increments: number[], years: number): number {
  return increments.reduce((best, y) => (Math.abs(y - years) < Math.abs(best - years) ? y : best), increments[0]);
}

export function defaultInputs(settings: CalculatorSettings): CalculatorInputs {
  return {
    amount: settings.amount.default,
    term: settings.term.default,
    interest: settings.interest.default,
    deposit: 0,
    residual: 0,
    frequency: "weekly",
  };
}

// --- Reading the shopper's figures ------------------------------------------------------------------

/** Typed figures keep their digits only ('$25,000' reads 25000, '-5' reads 5). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, "");
}

/** A figure as typed or sent: a number, or null when there is none to read. */
export function readFigure(text: string | null | undefined, typed: boolean): number | null {
  if (text == null) return null;
  const cleaned = typed ? digitsOnly(text).slice(0, 12) : text.trim();
  if (!cleaned) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

export interface RawFigures {
  amount?: number | null;
  term?: number | null;
  termIndex?: number | null;
  interest?: number | null;
  deposit?: number | null;
  residual?: number | null;
  frequency?: string | null;
}

/**
 * The shopper's figures within the calculator's bounds: a missing figure is the starting one; sliders
 * land on their steps; a disabled interest slider is always the dealer's rate. The group-site Purchase
 * Price is kept as typed (below zero becomes 0) so its message can say what is wrong with it.
 */
export function readInputs(settings: CalculatorSettings, raw: RawFigures): CalculatorInputs {
  const start = defaultInputs(settings);
  const { amount, term, interest, deposit, residual } = settings;
  const typed = settings.groupStyle;

  const amountIn = raw.amount ?? start.amount;
  const readAmount = typed ? Math.max(0, Math.round(amountIn)) : snapToStep(amountIn, amount);

  let years = start.term;
  if (term.increments.length) {
    if (raw.termIndex != null) years = term.increments[clamp(Math.round(raw.termIndex), 0, term.increments.length - 1)];
    else if (raw.term != null) years = nearestIncrement(term.increments, raw.term);
  } else if (raw.term != null) {
    years = snapToStep(raw.term, term);
  }

  const value = (given: number | null | undefined, bounds: Bounds) =>
    given == null ? 0 : typed ? clamp(Math.round(given), bounds.min, bounds.max) : snapToStep(given, bounds);

  return {
    amount: readAmount,
    term: years,
    interest: interest.disabled || raw.interest == null ? start.interest : snapToStep(raw.interest, interest),
    deposit: value(raw.deposit, deposit),
    residual: value(raw.residual, residual),
    frequency: isFrequency(raw.frequency) ? raw.frequency : start.frequency,
  };
}

export function isFrequency(value: unknown): value is PaymentFrequency {
  return typeof value === "string" && (FREQUENCIES as readonly string[]).includes(value);
}

/**
 * The calculator's query string, read with zod: every figure optional, anything unreadable (too long,
 * not a number) treated as not given, so a bad link shows the starting figures, never an error. Built
 * on first use, so the calculator's browser code (which never reads a query) does not carry zod.
 */
function buildQuerySchema() {
  const figure = z
    .string()
    .max(40)
    .nullish()
    .catch(null)
    .transform((text) => text ?? null);
  return z.object({
    [CALCULATOR_PARAMS.amount]: figure,
    [CALCULATOR_PARAMS.term]: figure,
    [CALCULATOR_PARAMS.termIndex]: figure,
    [CALCULATOR_PARAMS.interest]: figure,
    [CALCULATOR_PARAMS.deposit]: figure,
    [CALCULATOR_PARAMS.residual]: figure,
    [CALCULATOR_PARAMS.frequency]: z.enum(FREQUENCIES).nullish().catch(null),
  });
}
let querySchema: ReturnType<typeof buildQuerySchema> | null = null;
export function calculatorQuerySchema() {
  return (querySchema ??= buildQuerySchema());
}

/** Whether the shopper sent the calculator (any of its figures is in the query string). */
export function calculatorSubmitted(params: URLSearchParams): boolean {
  return Object.values(CALCULATOR_PARAMS).some((name) => params.has(name));
}

/** The figures in a query string (the plain GET form), within the calculator's bounds. */
export function readCalculatorQuery(settings: CalculatorSettings, params: URLSearchParams): CalculatorInputs {
  const first = Object.fromEntries(Object.values(CALCULATOR_PARAMS).map((name) => [name, params.get(name)]));
  const query = calculatorQuerySchema().parse(first);
  const typed = settings.groupStyle;
  return readInputs(settings, {
    amount: readFigure(query[CALCULATOR_PARAMS.amount], typed),
    term: readFigure(query[CALCULATOR_PARAMS.term], false),
    termIndex: readFigure(query[CALCULATOR_PARAMS.termIndex], false),
    interest: readFigure(query[CALCULATOR_PARAMS.interest], false),
    deposit: readFigure(query[CALCULATOR_PARAMS.deposit], typed),
    residual: readFigure(query[CALCULATOR_PARAMS.residual], typed),
    frequency: query[CALCULATOR_PARAMS.frequency],
  });
}

// --- The answer --------------------------------------------------------------------------------------

/** The group-site Purchase Price message, when the price is at or beyond its bounds (spec 001 section 5). */
export function purchasePriceMessage(settings: CalculatorSettings, amount: number): string | null {
  if (!settings.groupStyle) return null;
  const { min, max } = settings.amount;
  return amount <= min || amount >= max ? `Cannot be less than ${formatMoney(min)} or more than ${formatMoney(max)}` : null;
}

/** Fees charged beside the repayments over a term: the one-off fees and the monthly fees for every month. */
export function feesOverTerm(fees: CalculatorFee[], years: number): number {
  const months = repaymentCount(years, PERIODS_PER_YEAR.monthly);
  return fees.reduce((sum, fee) => sum + Math.max(0, fee.amount) * (fee.frequency === "monthly" ? months : 1), 0);
}

/** A repayment as the dealer quotes it: rounded up to the dollar (or to the nearest dollar on the variant). */
export function roundRepayment(payment: number, rounding: CalculatorSettings["rounding"]): number {
  // A hair's breadth of floating-point noise above a whole dollar is not another dollar.
  return rounding === "nearest" ? Math.round(payment) : Math.ceil(payment - 1e-9);
}

export function calculateRepayment(settings: CalculatorSettings, inputs: CalculatorInputs): CalculatorResult {
  // The group-site price may be typed beyond its bounds (the message says so); the loan uses the bounds.
  const amount = settings.groupStyle ? clamp(inputs.amount, settings.amount.min, settings.amount.max) : inputs.amount;
  const borrowed = Math.max(0, amount - inputs.deposit);
  const amountFinanced = borrowed > 0 ? borrowed + settings.establishmentFee : 0;
  const periodsPerYear = PERIODS_PER_YEAR[inputs.frequency];
  const periods = repaymentCount(inputs.term, periodsPerYear);
  const exact = periodicPayment({
    principal: amountFinanced,
    annualRatePercent: inputs.interest,
    years: inputs.term,
    periodsPerYear,
    residual: inputs.residual,
  });
  const payment = roundRepayment(exact, settings.rounding);
  // A repayment of 25 or less is replaced by 'Enquire for Finance' and the totals are left blank (spec 001 section 4).
  if (!isShownRepayment(payment)) {
    return { frequency: inputs.frequency, periods, payment: null, totalRepayments: null, amountFinanced };
  }
  return {
    frequency: inputs.frequency,
    periods,
    payment,
    totalRepayments: round2(periods * payment + feesOverTerm(settings.fees, inputs.term)),
    amountFinanced,
  };
}

// --- The calculator on a car's page --------------------------------------------------------------------

/** What the page needs to show the calculator: its bounds, the figures and their answer. */
export interface FinanceCalculatorView {
  settings: CalculatorSettings;
  inputs: CalculatorInputs;
  result: CalculatorResult;
  /** The shopper sent the plain form: the page answers at the calculator. */
  submitted: boolean;
}

/** The calculator for a car, answering the figures in the page's query string (or its starting figures). */
export function financeCalculatorView(
  config: CalculatorConfig,
  car: { price: number; make: string },
  lender: string | null,
  params: URLSearchParams,
): FinanceCalculatorView {
  const settings = calculatorSettings(config, car, lender);
  const inputs = readCalculatorQuery(settings, params);
  return { settings, inputs, result: calculateRepayment(settings, inputs), submitted: calculatorSubmitted(params) };
}
