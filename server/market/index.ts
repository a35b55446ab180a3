/** The market-price adapter for these settings: the HTTP service when configured, else the embedded default. */
import type { PriceComparison } from "~/domain/priceComparison";
import type { Env } from "../config/env.server";
import { log } from "../log";
import type { SiteSearch } from "../platform.server";
import { embeddedMarketPrice } from "./embedded";
import { httpMarketPrice } from "./http";
import type { MarketPricePort } from "./port";

export type { MarketPricePort, MarketCar } from "./port";

export function createMarketPriceFromEnv(
  env: Pick<Env, "MARKET_PRICE_API_URL" | "MARKET_PRICE_API_KEY">,
  search: Pick<SiteSearch, "search">,
): MarketPricePort {
  const port = env.MARKET_PRICE_API_URL
    ? httpMarketPrice({ baseUrl: env.MARKET_PRICE_API_URL, apiKey: env.MARKET_PRICE_API_KEY })
    : embeddedMarketPrice(search);
  log.info(`market price: ${port.name === "http" ? "market-price service" : "embedded comparison with stock"}`);
  return port;
}

/**
 * The comparison the page may show, or null. Failures are logged as the spec's error catalogue names
 * them ('Failed to fetch auto gauge data'; 'No data returned' when empty) and the block is hidden.
 */
export async function loadPriceComparison(
  port: MarketPricePort,
  tenant: Parameters<MarketPricePort["compare"]>[0],
  car: Parameters<MarketPricePort["compare"]>[1],
): Promise<PriceComparison | null> {
  try {
    const data = await port.compare(tenant, car);
    if (!data) {
      log.info("No data returned", { tenant: tenant.slug, car: car.id, adapter: port.name });
      return null;
    }
    return data;
  } catch (error) {
    log.warn("Failed to fetch auto gauge data", { tenant: tenant.slug, car: car.id, adapter: port.name, error: String(error) });
    return null;
  }
}
