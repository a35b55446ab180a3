/**
 * The price-comparison gauge (spec 000 sections 3, 5, 8 and 9). The answer of GET {vehicle}/autogauge:
 * fill, listing_price, market_range_min, market_range_max, confidence, description.
 */

export interface PriceComparison {
  /** 0..1: how far the listing sits towards the bottom of the market range (1 = cheapest). */
  fill: number;
  listing_price: number;
  market_range_min: number;
  market_range_max: number;
  /** 0..1: how sure the comparison is. */
  confidence: number;
  description: string;
}

/** Confidence of 0.2 or lower is not worth showing. */
export const MIN_CONFIDENCE = 0.2;
/** The gauge is never drawn emptier than a fifth, so a fair deal still reads as a gauge. */
export const MIN_GAUGE_PERCENT = 20;
export const GREAT_DEAL_FROM = 0.65;

export type GaugeBand = "low" | "medium" | "high";

const isNumber = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);

/**
 * The comparison when it may be shown; null hides the block: a field missing, confidence 0.2 or lower,
 * or the market maximum below the listing price.
 */
export function shownPriceComparison(data: unknown): PriceComparison | null {
  if (!data || typeof data !== "object") return null;
  const d = data as Record<string, unknown>;
  const numbers = ["fill", "listing_price", "market_range_min", "market_range_max", "confidence"] as const;
  if (!numbers.every((key) => isNumber(d[key]))) return null;
  if (typeof d.description !== "string" || !d.description.trim()) return null;
  const c = {
    fill: d.fill as number,
    listing_price: d.listing_price as number,
    market_range_min: d.market_range_min as number,
    market_range_max: d.market_range_max as number,
    confidence: d.confidence as number,
    description: d.description.trim(),
  };
  if (c.confidence <= MIN_CONFIDENCE) return null;
  if (c.market_range_max < c.listing_price) return null;
  return c;
}

/** Colour band: under 0.3 low, 0.3 to under 0.6 medium, 0.6 and over high. */
export function gaugeBand(fill: number): GaugeBand {
  if (fill < 0.3) return "low";
  if (fill < 0.6) return "medium";
  return "high";
}

export function dealLabel(fill: number): "Good Deal" | "Great Deal" {
  return fill < GREAT_DEAL_FROM ? "Good Deal" : "Great Deal";
}

/** How full the gauge is drawn, in percent: the fill, but never under 20 and never over 100. */
export function gaugePercent(fill: number): number {
  return Math.min(100, Math.max(MIN_GAUGE_PERCENT, Math.round(fill * 100)));
}
