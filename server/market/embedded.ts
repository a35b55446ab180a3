/**
 * The embedded market-price default: the market for a car is the dealer's own in-stock cars of the
 * same make and model within two years and a similar distance travelled. It is a real comparison a
 * small dealer can rely on, limited to the stock they hold.
 */
import type { PriceComparison } from "~/domain/priceComparison";
import { formatMoney } from "~/domain/money";
import { sellingPrice } from "~/domain/priceDisplay";
import { emptySearchRequest, type SearchRequest } from "~/domain/search";
import type { Vehicle } from "~/domain/vehicle";
import type { SiteSearch } from "../platform.server";
import type { TenantConfig } from "../tenants/schema";
import type { MarketCar, MarketPricePort } from "./port";

export const YEAR_SPREAD = 2;
/** Fewer comparable cars than this is not a market. */
export const MIN_COMPARABLES = 3;
/** Confidence grows with the number of comparables and is full at this many. */
const FULL_CONFIDENCE_AT = 10;
const MAX_COMPARABLES = 100;

/** Comparable stock: same make and model (and badge, when asked), in stock, within two years and a similar distance. */
export function comparableRequest(car: MarketCar, sameBadge = false): SearchRequest {
  const kmSpread = Math.max(20_000, car.km * 0.5);
  return emptySearchRequest({
    perPage: MAX_COMPARABLES,
    filters: { status: ["in_stock"], make: [car.make], model: [car.model], ...(sameBadge && car.badge ? { badge: [car.badge] } : {}) },
    ranges: {
      year: { min: car.year - YEAR_SPREAD, max: car.year + YEAR_SPREAD },
      km: { min: Math.max(0, Math.round(car.km - kmSpread)), max: Math.round(car.km + kmSpread) },
    },
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 1) return sorted[0];
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

const roundTo = (n: number, step: number) => Math.round(n / step) * step;

/**
 * The market range is the middle 80% of comparable prices (10th to 90th percentile), so one odd
 * listing does not stretch it. fill is where the car sits in that range, 1 at the bottom (cheapest).
 * Confidence rises with the number of comparables and falls when prices are widely spread.
 */
export function marketFromComparables(
  car: MarketCar,
  comparables: Pick<Vehicle, "id" | "price" | "offer_price">[],
): PriceComparison | null {
  const listing = sellingPrice(car);
  if (!(listing > 10)) return null;
  const prices = comparables
    .filter((c) => c.id !== car.id)
    .map((c) => sellingPrice(c))
    .filter((p) => p > 10)
    .sort((a, b) => a - b);
  if (prices.length < MIN_COMPARABLES) return null;
  const min = roundTo(percentile(prices, 0.1), 100);
  const max = roundTo(percentile(prices, 0.9), 100);
  const average = prices.reduce((sum, p) => sum + p, 0) / prices.length;
  const span = max - min;
  const fill = span > 0 ? Math.min(1, Math.max(0, (max - listing) / span)) : listing <= min ? 1 : 0;
  const spread = average > 0 ? span / average : 1;
  const confidence = Math.min(1, prices.length / FULL_CONFIDENCE_AT) * Math.max(0.3, 1 - spread);
  const difference = Math.round(average - listing);
  const model = `${car.make} ${car.model}`;
  const description =
    Math.abs(difference) < 100
      ? `Priced in line with the average of ${prices.length} comparable ${model}s in our stock.`
      : difference > 0
        ? `Priced ${formatMoney(difference)} below the average of ${prices.length} comparable ${model}s in our stock.`
        : `Priced ${formatMoney(-difference)} above the average of ${prices.length} comparable ${model}s in our stock.`;
  return {
    fill: Math.round(fill * 100) / 100,
    listing_price: listing,
    market_range_min: min,
    market_range_max: max,
    confidence: Math.round(confidence * 100) / 100,
    description,
  };
}

export function embeddedMarketPrice(search: Pick<SiteSearch, "search">): MarketPricePort {
  return {
    name: "embedded",
    async compare(tenant: TenantConfig, car: MarketCar) {
      if (!car.make || !car.model || !(car.year > 0)) return null;
      // The same grade is the fairest market; the whole model stands in when too few of that grade are in stock.
      if (car.badge) {
        const sameGrade = marketFromComparables(car, (await search.search(tenant, comparableRequest(car, true))).hits);
        if (sameGrade) return sameGrade;
      }
      return marketFromComparables(car, (await search.search(tenant, comparableRequest(car))).hits);
    },
  };
}
