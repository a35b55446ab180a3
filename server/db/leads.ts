import type { Queryable } from "./database";
import { iso, newId } from "./ids";

export interface LeadInput {
  category: string;
  subcategory?: string;
  car_id?: string | null;
  name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  postcode?: string;
  message?: string;
  payload?: Record<string, unknown>;
  source_path?: string;
  /**
   * Who submitted a lead that carries no e-mail or phone (e.g. a hash of the shopper's address on a
   * phone reveal): used only to recognise a repeated submit, never stored.
   */
  visitor?: string;
}

export interface StoredLead extends Required<Omit<LeadInput, "car_id" | "visitor">> {
  id: string;
  tenant: string;
  car_id: string | null;
  created_at: string;
}

export interface LeadDelivery {
  id: string;
  tenant: string;
  lead_id: string;
  channel: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  last_error: string;
}

/** Stores the lead and one pending delivery per channel in one transaction. */
export async function createLead(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  tenant: string,
  input: LeadInput,
  channels: string[],
): Promise<StoredLead> {
  return (await storeLead(db, tenant, input, channels)).lead;
}

export interface DuplicateCheck {
  /** The lead's duplicate key (server/leads/dedupe.ts); leads with the same key and tenant are one lead. */
  key: string;
  /** Advisory lock number for (tenant, key). */
  lockId: string;
  /** How far back a lead with the same key makes this one a duplicate. */
  windowMs: number;
}

/**
 * Stores the lead with one pending delivery per channel in one transaction, unless `duplicate` is
 * given and the same lead was stored within its window: then the earlier lead is returned and nothing
 * is written.
 *
 * Concurrency: two identical submits at the same moment must store one lead, on PostgreSQL with
 * several connections and server instances. A unique index over a time bucket would split the
 * window at bucket edges (a repeat one minute later lands in the next bucket), so instead the
 * transaction first takes a transaction-level advisory lock on (tenant, key). The second submit waits
 * there until the first commits, and its look-up, a new statement under READ COMMITTED, then sees the
 * first lead. The lock is released at commit or rollback, so nothing is left behind by a crash. PGlite
 * runs one transaction at a time anyway, and accepts the same statements.
 */
export async function storeLead(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  tenant: string,
  input: LeadInput,
  channels: string[],
  duplicate?: DuplicateCheck,
): Promise<{ lead: StoredLead; duplicate: boolean }> {
  const id = newId();
  return db.transaction(async (tx) => {
    if (duplicate) {
      await tx.query("SELECT pg_advisory_xact_lock($1::bigint)", [duplicate.lockId]);
      const earlier = await tx.query<Record<string, unknown>>(
        `SELECT * FROM leads
          WHERE tenant = $1 AND dedupe_key = $2 AND created_at > clock_timestamp() - ($3::int * interval '1 millisecond')
          ORDER BY created_at DESC LIMIT 1`,
        [tenant, duplicate.key, duplicate.windowMs],
      );
      if (earlier[0]) return { lead: toLead(earlier[0]), duplicate: true };
    }
    const rows = await tx.query<Record<string, unknown>>(
      `INSERT INTO leads (id, tenant, category, subcategory, car_id, name, last_name, email, phone, postcode, message, payload, source_path, dedupe_key)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14) RETURNING *`,
      [
        id,
        tenant,
        input.category,
        input.subcategory ?? "",
        input.car_id ?? null,
        input.name ?? "",
        input.last_name ?? "",
        input.email ?? "",
        input.phone ?? "",
        input.postcode ?? "",
        input.message ?? "",
        JSON.stringify(input.payload ?? {}),
        input.source_path ?? "",
        duplicate?.key ?? null,
      ],
    );
    for (const channel of channels) {
      await tx.query("INSERT INTO lead_deliveries (id, tenant, lead_id, channel) VALUES ($1,$2,$3,$4)", [newId(), tenant, id, channel]);
    }
    return { lead: toLead(rows[0]), duplicate: false };
  });
}

function toLead(row: Record<string, unknown>): StoredLead {
  // The duplicate key is bookkeeping, not part of the lead a dealer receives.
  const { dedupe_key: _key, ...lead } = row;
  return {
    ...(lead as unknown as StoredLead),
    payload: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
    created_at: iso(row.created_at),
  };
}

export async function getLead(db: Queryable, tenant: string, id: string): Promise<StoredLead | null> {
  const rows = await db.query<Record<string, unknown>>("SELECT * FROM leads WHERE tenant = $1 AND id = $2", [tenant, id]);
  return rows[0] ? toLead(rows[0]) : null;
}

export async function listLeads(db: Queryable, tenant: string, limit = 100): Promise<StoredLead[]> {
  const rows = await db.query<Record<string, unknown>>("SELECT * FROM leads WHERE tenant = $1 ORDER BY created_at DESC LIMIT $2", [
    tenant,
    limit,
  ]);
  return rows.map(toLead);
}

/**
 * Deliveries due, oldest first, across tenants (the delivery worker serves every site). "Now" is the
 * database's clock unless given: rows are stamped with it, at finer precision than a JavaScript Date.
 */
export async function listDueDeliveries(db: Queryable, limit = 50, now?: Date): Promise<LeadDelivery[]> {
  return db.query<LeadDelivery>(
    `SELECT id, tenant, lead_id, channel, status, attempts, last_error FROM lead_deliveries
      WHERE status = 'pending' AND next_attempt_at <= COALESCE($1::timestamptz, now()) ORDER BY next_attempt_at LIMIT $2`,
    [now ?? null, limit],
  );
}

export async function listDeliveriesForLead(db: Queryable, tenant: string, leadId: string): Promise<LeadDelivery[]> {
  return db.query<LeadDelivery>(
    `SELECT id, tenant, lead_id, channel, status, attempts, last_error FROM lead_deliveries
      WHERE tenant = $1 AND lead_id = $2 ORDER BY channel`,
    [tenant, leadId],
  );
}

/**
 * Marks a delivery done without a claim (the delivery worker uses claimDueDeliveries and
 * finishDelivered/finishFailed instead, which guard against a claim that ran out).
 */
export async function markDelivered(db: Queryable, tenant: string, deliveryId: string): Promise<void> {
  await db.query(
    `UPDATE lead_deliveries SET status = 'delivered', attempts = attempts + 1, delivered_at = now(), last_error = ''
      WHERE tenant = $1 AND id = $2`,
    [tenant, deliveryId],
  );
}

/**
 * A failed attempt, recorded without a claim, is retried with exponential back-off; after maxAttempts
 * it is left as failed. (The delivery worker records outcomes with finishFailed.)
 */
export async function markDeliveryFailed(
  db: Queryable,
  tenant: string,
  deliveryId: string,
  error: string,
  maxAttempts = 8,
  now = new Date(),
): Promise<void> {
  const rows = await db.query<{ attempts: number }>("SELECT attempts FROM lead_deliveries WHERE tenant = $1 AND id = $2", [
    tenant,
    deliveryId,
  ]);
  const attempts = (rows[0]?.attempts ?? 0) + 1;
  const delayMs = Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));
  await db.query(
    `UPDATE lead_deliveries SET attempts = $3, last_error = $4, status = $5, next_attempt_at = $6
      WHERE tenant = $1 AND id = $2`,
    [tenant, deliveryId, attempts, error.slice(0, 500), attempts >= maxAttempts ? "failed" : "pending", new Date(now.getTime() + delayMs)],
  );
}

// --- The delivery worker's side of the outbox (server/leads/worker.ts) ---

/** A delivery a worker has claimed: it alone may record the outcome, with this token. */
export interface ClaimedDelivery {
  id: string;
  tenant: string;
  lead_id: string;
  channel: string;
  /** Attempts including this one. */
  attempts: number;
  last_error: string;
  claim_token: string;
}

/**
 * Claims up to `limit` due deliveries across dealers, oldest first, for `leaseMs`: in one transaction
 * the rows are locked (rows another worker holds are skipped, not waited for), their next attempt is
 * pushed past the lease, the attempt is counted and the claim stamped. The caller delivers after the
 * transaction; if it dies on the way, the rows fall due again when the lease runs out, and the lost
 * attempt still counts, so a lead that kills its worker cannot loop for ever.
 */
export async function claimDueDeliveries(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  options: { limit: number; leaseMs: number; token: string },
): Promise<ClaimedDelivery[]> {
  return db.transaction((tx) =>
    tx.query<ClaimedDelivery>(
      `WITH due AS (
         SELECT id FROM lead_deliveries
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id
          LIMIT $1
          FOR UPDATE SKIP LOCKED
       )
       UPDATE lead_deliveries d
          SET next_attempt_at = now() + ($2::int * interval '1 millisecond'),
              attempts = d.attempts + 1, claim_token = $3, claimed_at = now(), updated_at = now()
         FROM due
        WHERE d.id = due.id
       RETURNING d.id, d.tenant, d.lead_id, d.channel, d.attempts, d.last_error, d.claim_token`,
      [options.limit, Math.round(options.leaseMs), options.token],
    ),
  );
}

/** Records a claimed delivery as done. False when the claim had run out and someone else holds the row. */
export async function finishDelivered(db: Queryable, claim: Pick<ClaimedDelivery, "id" | "claim_token">): Promise<boolean> {
  const rows = await db.query(
    `UPDATE lead_deliveries SET status = 'delivered', delivered_at = now(), last_error = '', claim_token = NULL, updated_at = now()
      WHERE id = $1 AND claim_token = $2 AND status = 'pending' RETURNING id`,
    [claim.id, claim.claim_token],
  );
  return rows.length === 1;
}

/**
 * A channel answered again for a dealer (a delivery on it succeeded): its deliveries still waiting out a
 * back-off are due now, rather than up to an hour later. Returns how many were brought forward.
 */
export async function releaseWaitingDeliveries(db: Queryable, tenant: string, channel: string): Promise<number> {
  const rows = await db.query(
    `UPDATE lead_deliveries SET next_attempt_at = now(), updated_at = now()
      WHERE tenant = $1 AND channel = $2 AND status = 'pending' AND claim_token IS NULL AND attempts > 0 AND next_attempt_at > now()
      RETURNING id`,
    [tenant, channel],
  );
  return rows.length;
}

/**
 * Records a failed attempt of a claimed delivery: due again after `retryInMs`, or `failed` for good
 * when `retryInMs` is null. The error is kept either way.
 */
export async function finishFailed(
  db: Queryable,
  claim: Pick<ClaimedDelivery, "id" | "claim_token">,
  error: string,
  retryInMs: number | null,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE lead_deliveries
        SET status = $3, last_error = $4, claim_token = NULL, updated_at = now(),
            next_attempt_at = now() + ($5::int * interval '1 millisecond')
      WHERE id = $1 AND claim_token = $2 AND status = 'pending' RETURNING id`,
    [claim.id, claim.claim_token, retryInMs === null ? "failed" : "pending", error.slice(0, 1000), Math.round(retryInMs ?? 0)],
  );
  return rows.length === 1;
}

/** A delivery as the leads command shows it. */
export interface DeliveryState extends LeadDelivery {
  next_attempt_at: string;
  delivered_at: string;
}

export interface LeadWithDeliveries extends StoredLead {
  deliveries: DeliveryState[];
}

export type DeliveryStatus = LeadDelivery["status"];

/**
 * A dealer's newest leads with each channel's delivery. `status`: pending or failed lists leads with
 * at least one delivery in that state; delivered lists leads whose every delivery is done.
 */
export async function listLeadsWithDeliveries(
  db: Queryable,
  tenant: string,
  options: { status?: DeliveryStatus; limit?: number } = {},
): Promise<LeadWithDeliveries[]> {
  const filter =
    options.status === "delivered"
      ? `AND EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.id)
         AND NOT EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.id AND d.status <> 'delivered')`
      : options.status
        ? "AND EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.id AND d.status = $3)"
        : "";
  const params: unknown[] = [tenant, options.limit ?? 50];
  if (options.status && options.status !== "delivered") params.push(options.status);
  const leads = (
    await db.query<Record<string, unknown>>(
      `SELECT l.* FROM leads l WHERE l.tenant = $1 ${filter} ORDER BY l.created_at DESC, l.id LIMIT $2`,
      params,
    )
  ).map(toLead);
  if (!leads.length) return [];
  const deliveries = await db.query<Record<string, unknown>>(
    `SELECT id, tenant, lead_id, channel, status, attempts, last_error, next_attempt_at, delivered_at FROM lead_deliveries
      WHERE tenant = $1 AND lead_id = ANY($2::text[]) ORDER BY channel`,
    [tenant, leads.map((l) => l.id)],
  );
  return leads.map((lead) => ({
    ...lead,
    deliveries: deliveries
      .filter((d) => d.lead_id === lead.id)
      .map((d) => ({
        ...(d as unknown as LeadDelivery),
        next_attempt_at: iso(d.next_attempt_at),
        delivered_at: iso(d.delivered_at),
      })),
  }));
}

/**
 * Sends a dealer's failed deliveries back to the queue, due now with a fresh count of attempts: all of
 * a lead's when `id` is a lead id, else the one delivery with that id. Pending deliveries waiting for
 * their next attempt are brought forward; ones a worker is delivering right now are left to it.
 */
export async function retryDeliveries(
  db: Queryable,
  tenant: string,
  id: string,
): Promise<Array<{ id: string; lead_id: string; channel: string }>> {
  return db.query(
    `UPDATE lead_deliveries
        SET status = 'pending', attempts = 0, next_attempt_at = now(), claim_token = NULL, updated_at = now()
      WHERE tenant = $1 AND (id = $2 OR lead_id = $2)
        AND (status = 'failed' OR (status = 'pending' AND claim_token IS NULL))
      RETURNING id, lead_id, channel`,
    [tenant, id],
  );
}
