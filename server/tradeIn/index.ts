/**
 * The trade-in services of a platform: the rego lookup and the valuation, each the provider's HTTP
 * adapter when its URL and key are set (checked in pairs by server/config/env.server.ts), else the
 * embedded default. The platform makes them once at start; the choice is logged, keys never are.
 */
import type { Database } from "../db/database";
import { log as defaultLog } from "../log";
import { EmbeddedVehicleLookup } from "./embeddedLookup";
import { EmbeddedValuation } from "./embeddedValuation";
import type { Env } from "../config/env.server";
import { HttpVehicleLookup } from "./httpLookup";
import { HttpValuation } from "./httpValuation";
import type { Valuation, VehicleLookup } from "./port";

export interface TradeInServices {
  lookup: VehicleLookup;
  valuation: Valuation;
}

export function createTradeInServicesFromEnv(
  env: Pick<Env, "VEHICLE_LOOKUP_URL" | "VEHICLE_LOOKUP_KEY" | "VALUATION_URL" | "VALUATION_KEY">,
  db: Database,
  logger: Pick<typeof defaultLog, "info"> = defaultLog,
): TradeInServices {
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
