/**
 * Market-price HTTP adapter. One POST per car to `{MARKET_PRICE_API_URL}/price-comparison` with the
 * car's identifying facts as JSON and the API key as a bearer token; the answer is the price-comparison
 * entity (fill, listing_price, market_range_min, market_range_max, confidence, description). Through the
 * outbound helper (server/http/outbound.ts) with one try: the gauge is optional and the page waits for it.
 */
import { OutboundError, outboundFetch } from "../http/outbound";
import type { PriceComparison } from "~/domain/priceComparison";
import { sellingPrice } from "~/domain/priceDisplay";
import { MarketPriceError, type MarketCar, type MarketPricePort } from "./port";

export interface HttpMarketPriceOptions {
  baseUrl: string;
  apiKey?: string;
  /** The gauge is optional: a slow service must not hold the page up. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function httpMarketPrice(options: HttpMarketPriceOptions): MarketPricePort {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/price-comparison`;
  return {
    name: "http",
    async compare(tenant, car: MarketCar): Promise<PriceComparison | null> {
      const call = outboundFetch({
        provider: "market-price service",
        url: endpoint,
        method: "POST",
        headers: {
          Accept: "application/json",
          ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
        },
        json: {
          dealer: tenant.slug,
          vehicle_id: car.id,
          make: car.make,
          model: car.model,
          badge: car.badge,
          year: car.year,
          km: car.km,
          listing_price: sellingPrice(car),
          state: car.state,
          vin: car.vin,
          nvic: car.nvic,
          condition: car.car_type,
          item_type: car.item_type,
        },
        timeoutMs: options.timeoutMs ?? 2500,
        fetch: options.fetch,
      });
      const response = await call.catch((error: unknown) => {
        throw new MarketPriceError(error instanceof OutboundError ? error.message : String(error));
      });
      if (response.status === 404 || response.status === 204) return null;
      if (!response.ok) throw new MarketPriceError(`market-price service answered ${response.status}`);
      const text = await response.text();
      if (!text.trim()) return null;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new MarketPriceError("market-price service sent something that is not JSON");
      }
      if (body === null || typeof body !== "object") return null;
      const data = ("data" in body ? (body as { data: unknown }).data : body) as Record<string, unknown> | null;
      if (!data || Object.keys(data).length === 0) return null;
      return data as unknown as PriceComparison;
    },
  };
}
