/**
 * Range slider rules (spec 000 section 5) for price, kilometres and year on the results page, and the
 * price-range page's slider. Pure, so the slider and its tests read the same rules.
 */
import type { FacetStats, NumericRange, RangeAttribute } from "./search";

/** When the index gives no bounds the slider runs 0 to 100,000. */
export const DEFAULT_SLIDER_BOUNDS: FacetStats = { min: 0, max: 100_000 };
/** Price and km snap to the nearest 1000. */
export const SNAP = 1000;

export const RANGE_ERRORS = {
  belowMinimum: "Cannot refine below the range minimum",
  aboveMaximum: "Cannot refine above the range maximum",
} as const;

const snaps = (attribute: RangeAttribute) => attribute === "price" || attribute === "km";

const hasData = (stats: FacetStats | undefined | null): stats is FacetStats =>
  !!stats && Number.isFinite(stats.min) && Number.isFinite(stats.max) && stats.max >= stats.min;

/**
 * What a range is drawn from (issue 26): this search's stats, else, when no car matches, the dealer's
 * whole stock's (the site's own bounds), else nothing: a range with no data is not shown, never as the
 * made-up 0 to 100,000 ('Year 0 – 100000+').
 */
export function rangeStats(searched: FacetStats | undefined | null, site: FacetStats | undefined | null): FacetStats | null {
  if (hasData(searched)) return searched;
  if (hasData(site)) return site;
  return null;
}

/** The slider's ends from the index's stats (snapped outward for price and km), or the default. */
export function sliderBounds(attribute: RangeAttribute, stats: FacetStats | undefined | null): FacetStats {
  return sliderScale(attribute, stats).bounds;
}

/** A hundredth of the range, never finer than the snap (1000 for price and km, 1 for year). */
export function sliderStep(attribute: RangeAttribute, bounds: FacetStats): number {
  const unit = snaps(attribute) ? SNAP : 1;
  return Math.max(unit, Math.round((bounds.max - bounds.min) / 100 / unit) * unit);
}

/**
 * Ends and step together. A range input only stops on min + k x step, so the top end is moved up to
 * the next stop: otherwise the shopper could never drag the maximum back to "no limit".
 */
export function sliderScale(attribute: RangeAttribute, stats: FacetStats | undefined | null): { bounds: FacetStats; step: number } {
  if (!stats || !Number.isFinite(stats.min) || !Number.isFinite(stats.max) || stats.max < stats.min) {
    return { bounds: { ...DEFAULT_SLIDER_BOUNDS }, step: sliderStep(attribute, DEFAULT_SLIDER_BOUNDS) };
  }
  let min = Math.max(0, stats.min);
  let max = stats.max;
  if (snaps(attribute)) {
    min = Math.floor(min / SNAP) * SNAP;
    max = Math.ceil(max / SNAP) * SNAP;
  } else {
    min = Math.floor(min);
    max = Math.ceil(max);
  }
  if (max <= min) max = min + (snaps(attribute) ? SNAP : 1);
  const step = sliderStep(attribute, { min, max });
  return { bounds: { min, max: min + Math.ceil((max - min) / step) * step }, step };
}

export function snapValue(attribute: RangeAttribute, value: number): number {
  return snaps(attribute) ? Math.round(value / SNAP) * SNAP : Math.round(value);
}

export type RangeLogger = (message: string) => void;

/**
 * A shopper's refinement as the filter to store: values outside the slider's range are ignored (with
 * the spec's message, only logged), values snapped, the moved thumb stopped at the other one, and an
 * end at the slider's own bound left open so it is not stored.
 */
export function refineRange(
  attribute: RangeAttribute,
  bounds: FacetStats,
  wanted: NumericRange,
  moved: "min" | "max" = "min",
  log: RangeLogger = (message) => console.warn(message),
): NumericRange {
  const accept = (value: number | undefined): number | undefined => {
    if (value === undefined || !Number.isFinite(value)) return undefined;
    if (value < bounds.min) {
      log(RANGE_ERRORS.belowMinimum);
      return undefined;
    }
    if (value > bounds.max) {
      log(RANGE_ERRORS.aboveMaximum);
      return undefined;
    }
    return Math.min(bounds.max, Math.max(bounds.min, snapValue(attribute, value)));
  };
  let min = accept(wanted.min);
  let max = accept(wanted.max);
  if (min !== undefined && max !== undefined && min > max) {
    if (moved === "max") max = min;
    else min = max;
  }
  if (min !== undefined && min <= bounds.min) min = undefined;
  if (max !== undefined && max >= bounds.max) max = undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** Where the thumbs sit for a stored range: inside the bounds, the minimum never above the maximum. */
export function thumbPositions(bounds: FacetStats, range: NumericRange | undefined): { min: number; max: number } {
  const clamp = (n: number) => Math.min(bounds.max, Math.max(bounds.min, n));
  const min = clamp(range?.min ?? bounds.min);
  const max = clamp(range?.max ?? bounds.max);
  return min <= max ? { min, max } : { min: max, max };
}

/** Price-range page (spec 000 section 5): step 500, defaults 5,000 to 250,000, thumbs at least 1 apart. */
export const PRICE_RANGE_PAGE = { step: 500, defaultMin: 5_000, defaultMax: 250_000, minGap: 1 } as const;

export function priceRangePageStart(stats: FacetStats | undefined | null): { bounds: FacetStats; min: number; max: number } {
  const bounds =
    stats && Number.isFinite(stats.min) && Number.isFinite(stats.max) && stats.max > stats.min
      ? {
          min: Math.floor(Math.max(0, stats.min) / PRICE_RANGE_PAGE.step) * PRICE_RANGE_PAGE.step,
          max: Math.ceil(stats.max / PRICE_RANGE_PAGE.step) * PRICE_RANGE_PAGE.step,
        }
      : { ...DEFAULT_SLIDER_BOUNDS };
  return { bounds, ...priceRangePageThumbs(bounds, PRICE_RANGE_PAGE.defaultMin, PRICE_RANGE_PAGE.defaultMax, "max") };
}

/** The page's two thumbs inside the bounds, the minimum at least 1 below the maximum. */
export function priceRangePageThumbs(bounds: FacetStats, min: number, max: number, moved: "min" | "max"): { min: number; max: number } {
  const clamp = (n: number) => Math.min(bounds.max, Math.max(bounds.min, Number.isFinite(n) ? n : bounds.min));
  let lo = clamp(min);
  let hi = clamp(max);
  if (lo > hi - PRICE_RANGE_PAGE.minGap) {
    if (moved === "min") lo = Math.max(bounds.min, hi - PRICE_RANGE_PAGE.minGap);
    else hi = Math.min(bounds.max, lo + PRICE_RANGE_PAGE.minGap);
    if (lo > hi - PRICE_RANGE_PAGE.minGap) lo = hi - PRICE_RANGE_PAGE.minGap;
  }
  return { min: lo, max: hi };
}
