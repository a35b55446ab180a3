/**
 * Consent to alerts and its withdrawal (alert_consents, issue 27): one row per event, never updated, with
 * its time and source, as the Spam Act 2003 asks a sender to be able to show. The latest row for a dealer,
 * channel and address decides whether an alert may go there.
 */
import type { AlertChannel } from "../alerts/types";
import type { Queryable } from "./database";
import { newId } from "./ids";

/** Where consent was given or withdrawn. */
export type ConsentSource = "save-search" | "garage" | "unsubscribe-link" | "sms-stop";

/** One address however typed: e-mail addresses trimmed and lower-cased; mobiles as stored (E.164). */
export function consentAddress(channel: AlertChannel, address: string): string {
  return channel === "email" ? address.trim().toLowerCase() : address.trim();
}

export async function recordConsent(
  db: Queryable,
  entry: { tenant: string; phone: string; channel: AlertChannel; address: string; given: boolean; source: ConsentSource; detail?: string },
): Promise<void> {
  await db.query(
    `INSERT INTO alert_consents (id, tenant, phone, channel, address, given, source, detail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      newId(),
      entry.tenant,
      entry.phone,
      entry.channel,
      consentAddress(entry.channel, entry.address),
      entry.given,
      entry.source,
      (entry.detail ?? "").slice(0, 500),
    ],
  );
}

/** Whether alerts may go to this address now: its latest consent row gives consent. */
export async function hasConsent(db: Queryable, tenant: string, channel: AlertChannel, address: string): Promise<boolean> {
  const rows = await db.query<{ given: boolean }>(
    `SELECT given FROM alert_consents WHERE tenant = $1 AND channel = $2 AND address = $3 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [tenant, channel, consentAddress(channel, address)],
  );
  return rows[0]?.given === true;
}

export interface ConsentEvent {
  channel: AlertChannel;
  address: string;
  given: boolean;
  source: string;
  detail: string;
  created_at: string;
}

/** A shopper's consent history with this dealer, newest first (the garage and `npm run alerts` show it). */
export async function consentHistory(db: Queryable, tenant: string, phone: string): Promise<ConsentEvent[]> {
  return db.query<ConsentEvent>(
    `SELECT channel, address, given, source, detail, created_at::text AS created_at FROM alert_consents
      WHERE tenant = $1 AND phone = $2 ORDER BY created_at DESC, id DESC`,
    [tenant, phone],
  );
}
