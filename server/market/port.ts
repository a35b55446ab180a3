/**
 * The market-price port (DESIGN.md section 4): how a car's price compares with the market, for the
 * price-comparison gauge on the vehicle page. Production uses a market-price HTTP service
 * (MARKET_PRICE_API_URL / MARKET_PRICE_API_KEY); the embedded default compares with similar cars in the
 * dealer's own stock.
 */
import type { PriceComparison } from "~/domain/priceComparison";
import type { Vehicle } from "~/domain/vehicle";
import type { TenantConfig } from "../tenants/schema";

/** The facts a market-price service needs about the car. */
export type MarketCar = Pick<
  Vehicle,
  "id" | "make" | "model" | "badge" | "year" | "km" | "price" | "offer_price" | "state" | "vin" | "nvic" | "car_type" | "item_type"
>;

export interface MarketPricePort {
  readonly name: "http" | "embedded";
  /** The comparison, or null when there is no data for this car. Failures reject. */
  compare(tenant: TenantConfig, car: MarketCar): Promise<PriceComparison | null>;
}

export class MarketPriceError extends Error {}
