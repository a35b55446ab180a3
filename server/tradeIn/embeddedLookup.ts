/**
 * The embedded rego lookup: the dealer's own cars, in stock or sold (the demo stock's among them), found
 * by their plate (the stock's regplate) however the shopper typed it. A plate is issued by one state, so
 * a car whose state is known must be registered in the state the shopper chose. Anything else is not
 * found, and the shopper describes their car by hand (year, make, model, badge and kilometres).
 */
import type { Vehicle } from "~/domain/vehicle";
import type { Queryable } from "../db/database";
import type { TenantConfig } from "../tenants/schema";
import { plateKey } from "./plates";
import type { RegoLookupRequest, TradeInVehicle, VehicleLookup } from "./port";

export class EmbeddedVehicleLookup implements VehicleLookup {
  readonly name = "embedded" as const;
  constructor(private readonly db: Queryable) {}

  async lookup(dealer: Pick<TenantConfig, "slug">, request: RegoLookupRequest): Promise<TradeInVehicle | null> {
    const rego = plateKey(request.rego);
    if (!rego) return null;
    // The expression matches the index of migration 009.
    const rows = await this.db.query<{ data: unknown }>(
      `SELECT data FROM vehicles
        WHERE tenant = $1 AND regexp_replace(upper(data->>'regplate'), '[^A-Z0-9]', '', 'g') = $2
        ORDER BY updated_at DESC LIMIT 20`,
      [dealer.slug, rego],
    );
    for (const row of rows) {
      const v = (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as Vehicle;
      const state = String(v.state || v.location?.state || "").toUpperCase();
      if (state && state !== request.regoState) continue;
      return stockVehicle(v);
    }
    return null;
  }
}

/** The dealer's record of the car, as the trade-in knows it (the odometer as it was when the dealer had it). */
function stockVehicle(v: Vehicle): TradeInVehicle {
  return {
    year: Number(v.year) || 0,
    make: String(v.make ?? ""),
    model: String(v.model ?? ""),
    badge: String(v.badge ?? ""),
    km: Number.isFinite(v.km) ? Math.max(0, Math.round(v.km)) : null,
    ...(v.vin ? { vin: v.vin } : {}),
    ...(v.nvic ? { nvic: v.nvic } : {}),
    ...(v.body ? { body: v.body } : {}),
    ...(v.colour ? { colour: v.colour } : {}),
    source: "stock",
  };
}
