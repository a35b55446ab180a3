import { deliveryQuerySchema } from "~/domain/calculatorSchemas";
import { NO_DELIVERY_ESTIMATE, type DeliveryOutcome } from "~/domain/deliveryEstimate";
import { isAustralianPostcode, type Geocoder } from "../geo/geocoder";
import { log } from "../log";
import type { TenantConfig } from "../tenants/schema";
import type { DeliveryPort } from "./port";
import { regionDelivery } from "./regions";

export type { DeliveryPort } from "./port";

/**
 * The platform's delivery adapter: the dealer's regions (the only adapter today), for postcodes the
 * platform's geocoder knows (GEOCODER_URL, else the bundled list).
 */
export function createDeliveryPort(geocoder: Geocoder): DeliveryPort {
  return forKnownPostcodes(regionDelivery, geocoder);
}

/**
 * A delivery port that estimates only for Australian postcodes: four digits inside a dealer's range that
 * the geocoder says are no postcode get the 'Sorry...' answer. The geocoder is asked only when a region
 * covers the postcode; when it cannot tell, the region's estimate stands.
 */
export function forKnownPostcodes(port: DeliveryPort, geocoder: Geocoder): DeliveryPort {
  return {
    name: `${port.name}+${geocoder.name}`,
    async estimate(tenant, postcode) {
      const estimate = await port.estimate(tenant, postcode);
      if (!estimate) return null;
      return (await isAustralianPostcode(geocoder, postcode)) ? estimate : null;
    },
  };
}

/**
 * The delivery calculator's answer for what the shopper typed, judged by the calculator's schema (the
 * one the browser checks with): 'Please enter a postcode.' when empty, the estimate, or the spec's
 * 'Sorry...' message when no region covers it or the lookup fails.
 */
export async function deliveryOutcome(port: DeliveryPort, tenant: TenantConfig, raw: unknown): Promise<DeliveryOutcome> {
  const query = deliveryQuerySchema.safeParse({ postcode: raw ?? undefined });
  if (!query.success) return { kind: "error", postcode: "", message: query.error.issues[0].message };
  const { postcode } = query.data;
  try {
    const estimate = await port.estimate(tenant, postcode);
    return estimate ? { kind: "estimate", postcode, estimate } : { kind: "error", postcode, message: NO_DELIVERY_ESTIMATE };
  } catch (error) {
    log.warn("delivery estimate failed", { tenant: tenant.slug, adapter: port.name, error: String(error) });
    return { kind: "error", postcode, message: NO_DELIVERY_ESTIMATE };
  }
}
