/**
 * 'Reply STOP' (issue 27, docs/alerts.md): a shopper's SMS reply that asks for no more messages withdraws
 * their SMS consent at once (alert_consents, source 'sms-stop'), so the alert worker skips what was waiting
 * and sends nothing more by SMS.
 *
 * Which dealers: every dealer on the platform sends from the one TWILIO_FROM number, so a reply to that
 * number cannot say which dealer it means, and a shopper who replies STOP expects that number to fall
 * silent. The withdrawal is recorded for the dealer whose site received the webhook (the host in the
 * webhook's URL) and for every other dealer whose latest consent for that mobile gives it.
 */
import { recordConsent } from "../db/alertConsents";
import type { Queryable } from "../db/database";

/** The words that stop messages (Twilio's and the carriers' usual set), however typed. */
export const STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;

/** Whether a reply asks for no more messages: one of the STOP words, trimmed, in any case. */
export function isStopReply(body: string): boolean {
  return (STOP_WORDS as readonly string[]).includes(body.trim().toUpperCase());
}

/** Records the withdrawal of SMS consent for this mobile; returns the dealers it was recorded for. */
export async function withdrawSmsConsent(db: Queryable, input: { hostTenant: string; mobile: string; body: string }): Promise<string[]> {
  const others = await db.query<{ tenant: string }>(
    `SELECT tenant FROM (
       SELECT DISTINCT ON (tenant) tenant, given FROM alert_consents
        WHERE channel = 'sms' AND address = $1 ORDER BY tenant, created_at DESC, id DESC
     ) latest WHERE given`,
    [input.mobile],
  );
  const tenants = [...new Set([input.hostTenant, ...others.map((r) => r.tenant)])];
  for (const tenant of tenants)
    await recordConsent(db, {
      tenant,
      phone: input.mobile,
      channel: "sms",
      address: input.mobile,
      given: false,
      source: "sms-stop",
      detail: `reply "${input.body.trim().slice(0, 20)}"`,
    });
  return tenants;
}
