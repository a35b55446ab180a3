/**
 * How the embedded valuation turns market prices and the shopper's answers into an offer. Pure, and
 * meant to be read by the dealer and explained to the shopper line by line:
 *
 * 1. Market value. Each comparable price (a car of the same make and model near the same year in the
 *    dealer's stock, its asking price and, where the stock has one, its market average) is moved to the
 *    shopper's car: 10% a year newer or older, 2% per 10,000 km more or fewer, at most 35% either way.
 *    The market value is the median of those prices (at least 3 of them). Without enough, the
 *    catalogue's new price stands in: 85% of it once driven away, then 12% off each year of age, and 2%
 *    per 10,000 km above or below 15,000 km a year.
 * 2. Trade price: 80% of the market value. The rest covers the dealer's inspection, reconditioning,
 *    warranty and selling costs (spec 001's FAQ, "how the estimate is calculated").
 * 3. The answers, each a share of the trade price (condition, accident and service history) or a fixed
 *    sum (a missing second key). Finance owing does not change the price: it is paid out of it.
 * 4. The offer is that sum rounded down to the nearest $100; under $1,000 there is no online figure.
 *
 * The lines' amounts add up to the offer exactly.
 */
import { formatMoney, formatNumber } from "~/domain/money";
import type { AdjustmentAnswers, OfferLine } from "./port";

export const FORMULA = {
  /** A comparable one year newer is worth this share more than the shopper's car (and one older, less). */
  perYear: 0.1,
  /** Each 10,000 km the shopper's car has travelled beyond a comparable takes this share off. */
  per10000Km: 0.02,
  /** The most one comparable's price is moved, either way. */
  maxMove: 0.35,
  /** Fewer comparable prices than this is not a market. */
  minPrices: 3,
  /** Catalogue: what a new car keeps once driven away, what it loses each year, the usual distance a year. */
  driveAwayShare: 0.85,
  catalogueYearLoss: 0.12,
  usualKmPerYear: 15_000,
  /** The share of market value a dealer pays before the answers. */
  tradeShare: 0.8,
  /** Each answer's share of the trade price. */
  condition: { excellent: 0.04, good: 0, fair: -0.08, poor: -0.2 },
  accident: { none: 0, repaired: -0.1, unrepaired: -0.25 },
  service: { full: 0, partial: -0.05, none: -0.12 },
  /** A second key costs the dealer this much to have cut and coded. */
  missingKey: 350,
  roundTo: 100,
  minOffer: 1_000,
} as const;

/** One price the market shows for a car like the shopper's. */
export interface ComparablePrice {
  price: number;
  year: number;
  km: number;
  /** An asking price in the dealer's stock, or the market average recorded against it. */
  kind: "asking" | "market";
}

export interface CarFacts {
  year: number;
  make: string;
  model: string;
  badge: string;
  km: number;
}

const round = (n: number, step = 1) => Math.round(n / step) * step;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** A comparable's price moved to the shopper's car's year and kilometres (step 1). */
export function movedPrice(car: Pick<CarFacts, "year" | "km">, comparable: ComparablePrice): number {
  const years = comparable.year - car.year;
  const km = car.km - comparable.km;
  const factor = Math.pow(1 - FORMULA.perYear, years) * (1 - (FORMULA.per10000Km * km) / 10_000);
  return comparable.price * clamp(factor, 1 - FORMULA.maxMove, 1 + FORMULA.maxMove);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface MarketValue {
  value: number;
  basis: "comparables" | "catalogue";
  /** How it was found, in the shopper's words. */
  explanation: string;
}

/** Step 1 from comparable prices: the median moved price, or null with fewer than FORMULA.minPrices. */
export function marketValueFromComparables(car: CarFacts, prices: ComparablePrice[]): MarketValue | null {
  const usable = prices.filter((p) => Number.isFinite(p.price) && p.price > 1000 && p.year > 1900 && p.km >= 0);
  if (usable.length < FORMULA.minPrices) return null;
  const value = round(median(usable.map((p) => movedPrice(car, p))), 100);
  const asking = usable.filter((p) => p.kind === "asking").length;
  const market = usable.length - asking;
  const sources = [
    asking ? `${asking} asking price${asking === 1 ? "" : "s"} of comparable cars in our stock` : "",
    market ? `${market} market average${market === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
  return {
    value,
    basis: "comparables",
    explanation: `Market value of a ${describe(car)}, from ${sources.join(" and ")}, adjusted to its year and kilometres`,
  };
}

/** Step 1 from the catalogue's new price (recommended retail), when the market has too few prices. */
export function marketValueFromCatalogue(car: CarFacts, newPrice: number, now: Date): MarketValue | null {
  if (!(newPrice > 1000)) return null;
  const age = Math.max(0, now.getFullYear() - car.year);
  const expectedKm = FORMULA.usualKmPerYear * Math.max(age, 1);
  const kmFactor = clamp(1 - (FORMULA.per10000Km * (car.km - expectedKm)) / 10_000, 1 - FORMULA.maxMove, 1 + FORMULA.maxMove);
  const value = round(newPrice * FORMULA.driveAwayShare * Math.pow(1 - FORMULA.catalogueYearLoss, age) * kmFactor, 100);
  return {
    value,
    basis: "catalogue",
    explanation: `Market value of a ${describe(car)}, from its new price of ${formatMoney(newPrice)} less ${age} year${age === 1 ? "" : "s"} of wear and its kilometres`,
  };
}

function describe(car: CarFacts): string {
  return `${[car.year, car.make, car.model, car.badge].filter(Boolean).join(" ")} with ${formatNumber(car.km)} km`;
}

const CONDITION_WORDS = { excellent: "Excellent", good: "Good", fair: "Fair", poor: "Poor" } as const;
const ACCIDENT_WORDS = {
  none: "No accident damage",
  repaired: "Repaired accident damage",
  unrepaired: "Unrepaired accident damage",
} as const;
const SERVICE_WORDS = { full: "Full service history", partial: "Some service history", none: "No service history" } as const;

const pct = (share: number) => `${share > 0 ? "+" : ""}${Math.round(share * 100)}%`;

/** Steps 2 to 4: the offer and its lines from the market value and the answers; null below the minimum offer. */
export function offerFromMarketValue(market: MarketValue, answers: AdjustmentAnswers): { offerPrice: number; lines: OfferLine[] } | null {
  const trade = round(market.value * FORMULA.tradeShare);
  const lines: OfferLine[] = [
    { label: market.explanation, amount: market.value },
    {
      label: `Trade price (${Math.round(FORMULA.tradeShare * 100)}% of market value, for our inspection, reconditioning, warranty and selling costs)`,
      amount: trade - market.value,
    },
  ];
  const shares: [string, number][] = [
    [`${CONDITION_WORDS[answers.condition]} condition`, FORMULA.condition[answers.condition]],
    [ACCIDENT_WORDS[answers.accident], FORMULA.accident[answers.accident]],
    [SERVICE_WORDS[answers.service], FORMULA.service[answers.service]],
  ];
  for (const [label, share] of shares) {
    lines.push({
      label: share === 0 ? label : `${label} (${pct(share)} of the trade price)`,
      amount: round(trade * share),
    });
  }
  lines.push(
    answers.keys === "one"
      ? { label: "One key: the cost of a second key", amount: -FORMULA.missingKey }
      : { label: "2 or more keys", amount: 0 },
  );
  if (answers.financeOwing === "yes") {
    lines.push({ label: "Finance owing: no change to the offer; we pay your lender out of it at settlement", amount: null });
  }
  const total = lines.reduce((sum, line) => sum + (line.amount ?? 0), 0);
  const offerPrice = Math.floor(total / FORMULA.roundTo) * FORMULA.roundTo;
  if (offerPrice < FORMULA.minOffer) return null;
  if (offerPrice !== total)
    lines.push({ label: `Rounded down to the nearest ${formatMoney(FORMULA.roundTo)}`, amount: offerPrice - total });
  return { offerPrice, lines };
}
