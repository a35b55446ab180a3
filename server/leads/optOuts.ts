/**
 * Marketing opt-outs: a shopper who unsubscribes (/pages/unsubscribe) is recorded per dealer by e-mail,
 * and every later lead from that address is stored without marketing consent (opt_in and subscribe
 * false), so no channel, CRM or mailing list signs them up again from a box ticked by default.
 */
import type { Database, Queryable } from "../db/database";
import type { LeadInput } from "../db/leads";
import { log } from "../log";

/** One address however typed: 'Sam@Example.com ' and 'sam@example.com' are the same shopper. */
export function optOutKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Records the opt-out; unsubscribing twice is one record (the first). */
export async function recordOptOut(db: Queryable, tenant: string, email: string, sourcePath: string): Promise<void> {
  await db.query("INSERT INTO marketing_opt_outs (tenant, email, source_path) VALUES ($1, $2, $3) ON CONFLICT (tenant, email) DO NOTHING", [
    tenant,
    optOutKey(email),
    sourcePath.slice(0, 500),
  ]);
}

export async function hasOptedOut(db: Queryable, tenant: string, email: string): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM marketing_opt_outs WHERE tenant = $1 AND email = $2", [tenant, optOutKey(email)]);
  return rows.length > 0;
}

/**
 * The lead as it must be stored: without marketing consent when its e-mail has opted out of this
 * dealer's marketing. Only a lead that claims consent is looked up.
 */
export async function withoutWithdrawnConsent(db: Pick<Database, "transaction">, tenant: string, lead: LeadInput): Promise<LeadInput> {
  const payload = lead.payload ?? {};
  const consents = payload.opt_in === true || payload.subscribe === true;
  if (!consents || !lead.email) return lead;
  const email = lead.email;
  let optedOut: boolean;
  try {
    optedOut = await db.transaction((tx) => hasOptedOut(tx, tenant, email));
  } catch (error) {
    // Unsure whether the shopper opted out: the lead is still stored, without the consent it cannot confirm.
    log.warn("marketing opt-out check failed", { tenant, error: String(error) });
    optedOut = true;
  }
  if (!optedOut) return lead;
  return {
    ...lead,
    payload: { ...payload, opt_in: false, ...("subscribe" in payload ? { subscribe: false } : {}), marketing_opt_out: true },
  };
}
