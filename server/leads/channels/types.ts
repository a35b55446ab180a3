/** What every delivery channel is given, and the one thing it does. */
import type { Vehicle } from "~/domain/vehicle";
import type { StoredLead } from "../../db/leads";
import type { TenantConfig } from "../../tenants/schema";
import type { LeadEnv } from "../config";
import type { LeadRoute } from "../routing";

export interface DeliveryContext {
  lead: StoredLead;
  /** The stored car the lead is about, when it still exists. */
  vehicle: Vehicle | null;
  tenant: TenantConfig;
  env: LeadEnv;
  /** Where the lead goes: its kind, department, dealership, location and e-mail recipients, routed at this attempt. */
  route: LeadRoute;
  /**
   * The lead as ADF/XML, built once per delivery; null for a lead with neither an e-mail nor a phone,
   * which ADF 1.0 cannot carry (hasCustomerContact).
   */
  adf: (() => string) | null;
  /** Aborted when the delivery runs out of time or the worker stops. */
  signal: AbortSignal;
}

export interface LeadChannel {
  /** Resolves when the lead has reached the channel; throws (with a message for the dealer) when not. */
  deliver(context: DeliveryContext): Promise<void>;
  /** Releases connections (SMTP) when the worker stops. */
  close?(): Promise<void> | void;
}
