/**
 * Embedded delivery estimates from the dealer's configured regions (`delivery.regions`: name, inclusive
 * postcode ranges, price). Where ranges overlap (a capital's postcodes inside a wider regional range)
 * the narrowest range wins, because it is the one the dealer priced on purpose.
 */
import type { DeliveryEstimate } from "~/domain/deliveryEstimate";
import type { TenantConfig } from "../tenants/schema";
import type { DeliveryPort } from "./port";

type Region = TenantConfig["delivery"]["regions"][number];

export function estimateFromRegions(regions: readonly Region[], postcode: string): DeliveryEstimate | null {
  // Australian postcodes are four digits; anything else cannot be in a region.
  if (!/^\d{4}$/.test(postcode.trim())) return null;
  const code = Number(postcode.trim());
  let best: { region: Region; width: number } | null = null;
  for (const region of regions) {
    for (const [from, to] of region.postcodes) {
      const low = Math.min(from, to);
      const high = Math.max(from, to);
      if (code < low || code > high) continue;
      const width = high - low;
      if (!best || width < best.width) best = { region, width };
    }
  }
  return best ? { price: best.region.price, name: best.region.name } : null;
}

export const regionDelivery: DeliveryPort = {
  name: "regions",
  async estimate(tenant, postcode) {
    return estimateFromRegions(tenant.delivery.regions, postcode);
  },
};
