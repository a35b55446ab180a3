/**
 * The delivery port: what it costs to deliver a car to a postcode, and the region that covers it
 * (spec 000 section 3 'Delivery estimate result': price and name). The embedded default reads the
 * dealer's delivery regions from its configuration; a dealer with a logistics provider would add an
 * adapter here.
 */
import type { DeliveryEstimate } from "~/domain/deliveryEstimate";
import type { TenantConfig } from "../tenants/schema";

export interface DeliveryPort {
  readonly name: string;
  /** The estimate for this postcode, or null when no region covers it. */
  estimate(tenant: TenantConfig, postcode: string): Promise<DeliveryEstimate | null>;
}
