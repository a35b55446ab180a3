/**
 * The one way routes store a lead: normalise what the shopper sent, drop a repeated submit, queue the
 * dealer's channels, store lead and outbox rows in one transaction, and wake the delivery worker.
 */
import type { Database } from "../db/database";
import { getVehicleById } from "../db/vehicles";
import { storeLead, type LeadInput, type StoredLead } from "../db/leads";
import type { TenantConfig } from "../tenants/schema";
import { leadChannelsFor, type LeadEnv } from "./config";
import { DUPLICATE_WINDOW_MS, dedupeKey, dedupeLockId } from "./dedupe";
import { normaliseLeadInput } from "./normalise";
import { withoutWithdrawnConsent } from "./optOuts";
import { routeLead } from "./routing";

/** What submitLead needs of the platform (the whole Platform fits). */
export interface LeadPlatform {
  db: Pick<Database, "transaction" | "query">;
  env: LeadEnv;
  /** Told about each new lead so it is delivered at once; absent where no worker runs. */
  leadWorker?: { wake(): void } | null;
}

export interface SubmittedLead {
  lead: StoredLead;
  /**
   * The same dealer, form, car and contact sent this within the last ten minutes: `lead` is that
   * earlier lead and nothing new was stored or queued. Show the shopper success all the same.
   */
  duplicate: boolean;
}

/**
 * Stores a shopper's lead for the dealer. `input.visitor` (optional) identifies a shopper who gave no
 * e-mail or phone (e.g. a hash of their address on a phone reveal), for duplicate suppression only.
 * Throws when the database cannot store it: the caller shows its error message.
 */
export async function submitLead(platform: LeadPlatform, tenant: TenantConfig, input: LeadInput): Promise<SubmittedLead> {
  // A shopper who unsubscribed from this dealer's marketing is not signed up again by a later lead.
  const lead = await withoutWithdrawnConsent(platform.db, tenant.slug, normaliseLeadInput(input));
  const key = dedupeKey(lead);
  // The channels follow the lead's routing: its desk may name a CRM address, staff, or both (routing.ts).
  const car = lead.car_id ? await getVehicleById(platform.db, tenant.slug, lead.car_id) : null;
  const route = routeLead(tenant, { category: lead.category, subcategory: lead.subcategory ?? "", payload: lead.payload ?? {} }, car);
  const contact = { email: lead.email ?? "", phone: lead.phone ?? "" };
  const result = await storeLead(
    platform.db,
    tenant.slug,
    lead,
    leadChannelsFor(platform.env, tenant, contact, route),
    key ? { key, lockId: dedupeLockId(tenant.slug, key), windowMs: DUPLICATE_WINDOW_MS } : undefined,
  );
  if (!result.duplicate) platform.leadWorker?.wake();
  return result;
}
