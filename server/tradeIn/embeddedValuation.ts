/**
 * The embedded valuation: comparable cars in the dealer's own database (same make and model, within
 * three years, used or demo, in stock or sold) give the market, with the market averages recorded
 * against them (autograb_data); the bundled catalogue's new price stands in when they are too few. The
 * formula, its figures and its explanation are in valuationFormula.ts.
 */
import { sellingPrice } from "~/domain/priceDisplay";
import type { Vehicle } from "~/domain/vehicle";
import type { Queryable } from "../db/database";
import { modelsOfMake } from "../stock/catalogue";
import type { TenantConfig } from "../tenants/schema";
import type { Offer, Valuation, ValuationRequest } from "./port";
import {
  marketValueFromCatalogue,
  marketValueFromComparables,
  offerFromMarketValue,
  type CarFacts,
  type ComparablePrice,
} from "./valuationFormula";

/** How far from the shopper's year a comparable may be. */
export const NEAR_YEARS = 3;

export class EmbeddedValuation implements Valuation {
  readonly name = "embedded" as const;
  constructor(private readonly db: Queryable) {}

  async value(dealer: Pick<TenantConfig, "slug">, request: ValuationRequest, now: Date): Promise<Offer | null> {
    const { vehicle, adjustmentAnswers } = request;
    const car: CarFacts = { year: vehicle.year, make: vehicle.make, model: vehicle.model, badge: vehicle.badge, km: adjustmentAnswers.km };
    if (!car.make || !car.model || !(car.year > 1900)) return null;
    const comparables = await this.comparables(dealer.slug, car);
    // The same badge is the fairest market; the whole model stands in when too few of that badge are known.
    const sameBadge = car.badge ? comparables.filter((c) => c.badge.toLowerCase() === car.badge.toLowerCase()) : [];
    const market =
      marketValueFromComparables(car, pricesOf(sameBadge)) ??
      marketValueFromComparables(car, pricesOf(comparables)) ??
      marketValueFromCatalogue(car, cataloguePrice(car), now);
    if (!market) return null;
    const offer = offerFromMarketValue(market, adjustmentAnswers);
    return offer ? { ...offer, marketValue: market.value, basis: market.basis } : null;
  }

  private async comparables(tenant: string, car: CarFacts): Promise<Vehicle[]> {
    const rows = await this.db.query<{ data: unknown }>(
      `SELECT data FROM vehicles
        WHERE tenant = $1 AND car_type <> 'new' AND price > 0
          AND lower(data->>'make') = lower($2) AND lower(data->>'model') = lower($3)
        ORDER BY updated_at DESC LIMIT 200`,
      [tenant, car.make, car.model],
    );
    return rows
      .map((r) => (typeof r.data === "string" ? JSON.parse(r.data) : r.data) as Vehicle)
      .filter((v) => Math.abs(Number(v.year) - car.year) <= NEAR_YEARS);
  }
}

/** Each comparable's asking price, and the market average recorded against it where there is one. */
function pricesOf(vehicles: Vehicle[]): ComparablePrice[] {
  return vehicles.flatMap((v) => {
    const facts = { year: Number(v.year), km: Number(v.km) || 0 };
    const prices: ComparablePrice[] = [{ ...facts, price: sellingPrice(v), kind: "asking" }];
    const market = v.autograb_data?.average_market_price;
    if (typeof market === "number" && market > 0) prices.push({ ...facts, price: market, kind: "market" });
    return prices;
  });
}

/** The catalogue's new price of this badge, or the middle of the model's range when the badge is not listed. */
export function cataloguePrice(car: Pick<CarFacts, "make" | "model" | "badge">): number {
  const spec = modelsOfMake(car.make).find((m) => m.model.toLowerCase() === car.model.trim().toLowerCase());
  if (!spec || spec.badges.length === 0) return 0;
  const badge = spec.badges.find((b) => b.name.toLowerCase() === car.badge.trim().toLowerCase());
  if (badge) return badge.rrp;
  const prices = spec.badges.map((b) => b.rrp).sort((a, b) => a - b);
  return prices[Math.floor((prices.length - 1) / 2)];
}
