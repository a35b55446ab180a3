/**
 * The alert worker's SQL (issue 27, docs/alerts.md): gathering pending shopper_alerts into the day's
 * alert_messages row, claiming due messages (FOR UPDATE SKIP LOCKED, so several processes share the work and
 * never send one message twice), and recording what happened. Every time is the worker's clock, passed in,
 * so tests can set the hour.
 */
import { z } from "zod";
import { hasConsent } from "../db/alertConsents";
import type { Queryable } from "../db/database";
import { iso, newId } from "../db/ids";
import { messageSlot } from "./schedule";
import type { AlertChannel, AlertPayload } from "./types";

/** Where a shopper's alerts go: the channel and address of their newest live saved search with consent. */
export interface Destination {
  channel: AlertChannel;
  address: string;
}

/**
 * The contract's rule: a shopper's alerts with a dealer go on the channel of their most recently saved
 * search that is not paused and whose address has consent (the latest alert_consents row gives it).
 * Null when there is none: no consent is ever assumed.
 */
export async function chooseDestination(db: Queryable, tenant: string, phone: string): Promise<Destination | null> {
  const searches = await db.query<{ channel: AlertChannel; email: string }>(
    `SELECT channel, email FROM saved_searches WHERE tenant = $1 AND phone = $2 AND NOT paused ORDER BY created_at DESC, id DESC`,
    [tenant, phone],
  );
  const seen = new Set<string>();
  for (const search of searches) {
    const address = search.channel === "sms" ? phone : search.email.trim().toLowerCase();
    const key = `${search.channel}:${address}`;
    if (!address || seen.has(key)) continue;
    seen.add(key);
    if (await hasConsent(db, tenant, search.channel, address)) return { channel: search.channel, address };
  }
  return null;
}

/** Why a new arrival is not sent: its saved search is paused or gone; null when it may go. */
export function newArrivalBlocked(alert: {
  kind: string;
  saved_search_id: string | null;
  search_id: string | null;
  paused: boolean | null;
}) {
  if (alert.kind !== "new-arrival") return null;
  if (!alert.saved_search_id || !alert.search_id) return "saved search deleted";
  if (alert.paused) return "saved search paused";
  return null;
}

const carSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  path: z.string(),
  photo: z.string().optional(),
});
const payloadSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("new-arrival"), car: carSchema, searchName: z.string(), searchPath: z.string() }),
  z.object({ kind: z.literal("price-drop"), car: carSchema, oldPrice: z.number(), newPrice: z.number() }),
  z.object({ kind: z.literal("sold"), car: carSchema, similar: z.array(carSchema).max(10) }),
]);

/** A stored payload, checked: null when it cannot be read (that alert is skipped, the others go). */
export function readPayload(value: unknown): AlertPayload | null {
  const parsed = payloadSchema.safeParse(typeof value === "string" ? safeJson(value) : value);
  return parsed.success ? (parsed.data as AlertPayload) : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function skipAlerts(db: Queryable, ids: string[], reason: string): Promise<void> {
  if (ids.length)
    await db.query(`UPDATE shopper_alerts SET status = 'skipped', skip_reason = $2 WHERE id = ANY($1::text[]) AND status = 'pending'`, [
      ids,
      reason,
    ]);
}

interface UnassignedAlert {
  id: string;
  tenant: string;
  phone: string;
  kind: string;
  saved_search_id: string | null;
  search_id: string | null;
  paused: boolean | null;
  created_at: unknown;
}

/** What one gathering pass did. */
export interface GatherResult {
  /** Alerts put in a message. */
  gathered: number;
  /** Alerts skipped (no consent, search paused or deleted). */
  skipped: number;
}

/**
 * Puts pending alerts not yet in a message into their shopper's message of the day (made when missing),
 * skipping at once what cannot go: new arrivals of a paused or deleted search, and everything for a shopper
 * with no consented channel. One transaction; the alerts are locked SKIP LOCKED, so two workers gather
 * different alerts, and a message being sent (claimed) takes no more: its alerts wait for the next day's.
 */
export async function gatherAlerts(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  options: { now: Date; gatherMs: number; limit: number },
): Promise<GatherResult> {
  return db.transaction(async (tx) => {
    const alerts = await tx.query<UnassignedAlert>(
      `SELECT a.id, a.tenant, a.phone, a.kind, a.saved_search_id, s.id AS search_id, s.paused, a.created_at
         FROM shopper_alerts a LEFT JOIN saved_searches s ON s.id = a.saved_search_id
        WHERE a.status = 'pending' AND a.message_id IS NULL
        ORDER BY a.created_at, a.id
        LIMIT $1
        FOR UPDATE OF a SKIP LOCKED`,
      [options.limit],
    );
    const result: GatherResult = { gathered: 0, skipped: 0 };
    const groups = new Map<string, UnassignedAlert[]>();
    for (const alert of alerts) {
      const blocked = newArrivalBlocked(alert);
      if (blocked) {
        await skipAlerts(tx, [alert.id], blocked);
        result.skipped++;
        continue;
      }
      const key = JSON.stringify([alert.tenant, alert.phone]);
      groups.set(key, [...(groups.get(key) ?? []), alert]);
    }
    for (const group of groups.values()) {
      const { tenant, phone } = group[0]!;
      const ids = group.map((a) => a.id);
      const destination = await chooseDestination(tx, tenant, phone);
      if (!destination) {
        await skipAlerts(tx, ids, "no consent");
        result.skipped += ids.length;
        continue;
      }
      const foundAt = new Date(Math.min(...group.map((a) => new Date(iso(a.created_at)).getTime())));
      const messageId = await openMessage(tx, { tenant, phone, destination, foundAt, ...options });
      await tx.query(`UPDATE shopper_alerts SET message_id = $1 WHERE id = ANY($2::text[])`, [messageId, ids]);
      result.gathered += ids.length;
    }
    return result;
  });
}

/** The shopper's message that can still take alerts: the day's own, or the next day's when that one went. */
async function openMessage(
  tx: Queryable,
  input: { tenant: string; phone: string; destination: Destination; foundAt: Date; now: Date; gatherMs: number },
): Promise<string> {
  const { tenant, phone, destination, foundAt, now, gatherMs } = input;
  const closed = new Set<string>();
  for (let tries = 0; tries < 5; tries++) {
    const known = await tx.query<{ day: string; status: string; attempts: number }>(
      `SELECT day::text AS day, status, attempts FROM alert_messages WHERE tenant = $1 AND phone = $2 AND day >= $3::date - 1`,
      [tenant, phone, iso(now).slice(0, 10)],
    );
    for (const m of known) if (m.status !== "pending" || m.attempts > 0) closed.add(m.day);
    const slot = messageSlot(foundAt, now, (day) => closed.has(day), gatherMs);
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO alert_messages (id, tenant, phone, day, channel, address, next_attempt_at)
       VALUES ($1, $2, $3, $4::date, $5, $6, $7) ON CONFLICT (tenant, phone, day) DO NOTHING RETURNING id`,
      [newId(), tenant, phone, slot.day, destination.channel, destination.address, slot.sendAt],
    );
    if (inserted[0]) return inserted[0].id;
    // The day's message exists: lock it, and join it unless it is being sent or went already.
    const existing = await tx.query<{ id: string; status: string; attempts: number }>(
      `SELECT id, status, attempts FROM alert_messages WHERE tenant = $1 AND phone = $2 AND day = $3::date FOR UPDATE`,
      [tenant, phone, slot.day],
    );
    const row = existing[0];
    if (row && row.status === "pending" && row.attempts === 0) return row.id;
    closed.add(slot.day);
  }
  throw new Error("no open message day found for the shopper's alerts");
}

/** A message a worker has claimed: it alone records the outcome, with this token. */
export interface ClaimedMessage {
  id: string;
  tenant: string;
  phone: string;
  day: string;
  /** Attempts including this one. */
  attempts: number;
  claim_token: string;
}

/** Claims up to `limit` due messages for `leaseMs`, counting the attempt (as lead deliveries are claimed). */
export async function claimDueMessages(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  options: { now: Date; limit: number; leaseMs: number; token: string },
): Promise<ClaimedMessage[]> {
  return db.transaction((tx) =>
    tx.query<ClaimedMessage>(
      `WITH due AS (
         SELECT id FROM alert_messages
          WHERE status = 'pending' AND next_attempt_at <= $1
          ORDER BY next_attempt_at, id
          LIMIT $2
          FOR UPDATE SKIP LOCKED
       )
       UPDATE alert_messages m
          SET next_attempt_at = $1::timestamptz + ($3::int * interval '1 millisecond'),
              attempts = m.attempts + 1, claim_token = $4, claimed_at = $1, updated_at = now()
         FROM due
        WHERE m.id = due.id
       RETURNING m.id, m.tenant, m.phone, m.day::text AS day, m.attempts, m.claim_token`,
      [options.now, options.limit, Math.round(options.leaseMs), options.token],
    ),
  );
}

export interface MessageAlert {
  id: string;
  kind: string;
  payload: unknown;
  saved_search_id: string | null;
  search_id: string | null;
  paused: boolean | null;
}

/** The alerts of a claimed message still waiting to go, oldest first. */
export async function messageAlerts(db: Queryable, messageId: string): Promise<MessageAlert[]> {
  return db.query<MessageAlert>(
    `SELECT a.id, a.kind, a.payload, a.saved_search_id, s.id AS search_id, s.paused
       FROM shopper_alerts a LEFT JOIN saved_searches s ON s.id = a.saved_search_id
      WHERE a.message_id = $1 AND a.status = 'pending'
      ORDER BY a.created_at, a.id`,
    [messageId],
  );
}

export { skipAlerts };

type Claim = Pick<ClaimedMessage, "id" | "claim_token">;

/** Records the message as sent (and its alerts). False when the claim had run out. */
export async function finishSent(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  claim: Claim,
  sent: { destination: Destination; summary: string; alertIds: string[]; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `UPDATE alert_messages SET status = 'sent', sent_at = $3, channel = $4, address = $5, summary = $6, last_error = '',
              claim_token = NULL, updated_at = now()
        WHERE id = $1 AND claim_token = $2 AND status = 'pending' RETURNING id`,
      [claim.id, claim.claim_token, sent.now, sent.destination.channel, sent.destination.address, sent.summary.slice(0, 500)],
    );
    if (rows.length !== 1) return false;
    await tx.query(`UPDATE shopper_alerts SET status = 'sent' WHERE id = ANY($1::text[]) AND status = 'pending'`, [sent.alertIds]);
    return true;
  });
}

/** Records the message as not sent at all (no consent, nothing left): its remaining alerts are skipped with the reason. */
export async function finishSkipped(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  claim: Claim,
  reason: string,
  alertIds: string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `UPDATE alert_messages SET status = 'skipped', skip_reason = $3, claim_token = NULL, updated_at = now()
        WHERE id = $1 AND claim_token = $2 AND status = 'pending' RETURNING id`,
      [claim.id, claim.claim_token, reason],
    );
    if (rows.length !== 1) return false;
    await skipAlerts(tx, alertIds, reason);
    return true;
  });
}

/** A failed attempt: due again at `retryAt`, or failed for good (null). The error is kept either way. */
export async function finishFailed(db: Queryable, claim: Claim, error: string, retryAt: Date | null): Promise<boolean> {
  const rows = await db.query(
    `UPDATE alert_messages SET status = $3, last_error = $4, next_attempt_at = COALESCE($5, next_attempt_at), claim_token = NULL, updated_at = now()
      WHERE id = $1 AND claim_token = $2 AND status = 'pending' RETURNING id`,
    [claim.id, claim.claim_token, retryAt ? "pending" : "failed", error.slice(0, 500), retryAt],
  );
  return rows.length === 1;
}

/** Claimed in quiet hours (a clock or a retry landing there): held until `until`, the attempt not counted. */
export async function finishHeld(db: Queryable, claim: Claim, until: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE alert_messages SET next_attempt_at = $3, attempts = GREATEST(attempts - 1, 0), claim_token = NULL, updated_at = now()
      WHERE id = $1 AND claim_token = $2 AND status = 'pending' RETURNING id`,
    [claim.id, claim.claim_token, until],
  );
  return rows.length === 1;
}
