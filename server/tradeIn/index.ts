/**
 * The trade-in services of a platform: the rego lookup and the valuation, each the provider's HTTP
 * adapter when its URL and key are set (env.ts), else the embedded default. The choice is logged once;
 * keys never are.
 */
import type { Database } from "../db/database";
import { log as defaultLog } from "../log";
import { EmbeddedVehicleLookup } from "./embeddedLookup";
import { EmbeddedValuation } from "./embeddedValuation";
import { parseTradeInEnv } from "./env";
import { HttpVehicleLookup } from "./httpLookup";
import { HttpValuation } from "./httpValuation";
import type { Valuation, VehicleLookup } from "./port";
import { oncePer } from "~/domain/oncePer";

export interface TradeInServices {
  lookup: VehicleLookup;
  valuation: Valuation;
}

export function createTradeInServicesFromEnv(
  source: Record<string, string | undefined>,
  db: Database,
  logger: Pick<typeof defaultLog, "info"> = defaultLog,
): TradeInServices {
  const env = parseTradeInEnv(source);
  const lookup: VehicleLookup =
    env.VEHICLE_LOOKUP_URL && env.VEHICLE_LOOKUP_KEY
      ? new HttpVehicleLookup({ url: env.VEHICLE_LOOKUP_URL, apiKey: env.VEHICLE_LOOKUP_KEY })
      : new EmbeddedVehicleLookup(db);
  const valuation: Valuation =
    env.VALUATION_URL && env.VALUATION_KEY
      ? new HttpValuation({ url: env.VALUATION_URL, apiKey: env.VALUATION_KEY })
      : new EmbeddedValuation(db);
  logger.info(
    lookup.name === "http"
      ? "Rego lookup: provider"
      : "Rego lookup: embedded (the dealer's own cars; set VEHICLE_LOOKUP_URL and VEHICLE_LOOKUP_KEY for a provider)",
    lookup.name === "http" ? { url: env.VEHICLE_LOOKUP_URL } : undefined,
  );
  logger.info(
    valuation.name === "http"
      ? "Trade-in valuation: provider"
      : "Trade-in valuation: embedded (comparable stock and the catalogue; set VALUATION_URL and VALUATION_KEY for a provider)",
    valuation.name === "http" ? { url: env.VALUATION_URL } : undefined,
  );
  return { lookup, valuation };
}

/** A platform that may already carry its trade-in services (tests, or a platform that builds them at start). */
type TradeInPlatform = { db: Database; tradeIn?: TradeInServices };

const madeFromEnv = oncePer((platform: TradeInPlatform) => createTradeInServicesFromEnv(process.env, platform.db));

/**
 * The platform's trade-in services: its own when it has them, else made once from the process's
 * environment on first use (a bad setting stops that first use, named, like a bad setting at start-up).
 */
export function tradeInFor(platform: TradeInPlatform): TradeInServices {
  return platform.tradeIn ?? madeFromEnv(platform);
}
