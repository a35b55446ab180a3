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
}

export interface StoredLead extends Required<Omit<LeadInput, "car_id">> {
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
  const id = newId();
  return db.transaction(async (tx) => {
    const rows = await tx.query<Record<string, unknown>>(
      `INSERT INTO leads (id, tenant, category, subcategory, car_id, name, last_name, email, phone, postcode, message, payload, source_path)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) RETURNING *`,
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
      ],
    );
    for (const channel of channels) {
      await tx.query("INSERT INTO lead_deliveries (id, tenant, lead_id, channel) VALUES ($1,$2,$3,$4)", [
        newId(),
        tenant,
        id,
        channel,
      ]);
    }
    return toLead(rows[0]);
  });
}

function toLead(row: Record<string, unknown>): StoredLead {
  return {
    ...(row as unknown as StoredLead),
    payload: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
    created_at: iso(row.created_at),
  };
}

export async function getLead(db: Queryable, tenant: string, id: string): Promise<StoredLead | null> {
  const rows = await db.query<Record<string, unknown>>("SELECT * FROM leads WHERE tenant = $1 AND id = $2", [tenant, id]);
  return rows[0] ? toLead(rows[0]) : null;
}

export async function listLeads(db: Queryable, tenant: string, limit = 100): Promise<StoredLead[]> {
  const rows = await db.query<Record<string, unknown>>(
    "SELECT * FROM leads WHERE tenant = $1 ORDER BY created_at DESC LIMIT $2",
    [tenant, limit],
  );
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

export async function markDelivered(db: Queryable, tenant: string, deliveryId: string): Promise<void> {
  await db.query(
    `UPDATE lead_deliveries SET status = 'delivered', attempts = attempts + 1, delivered_at = now(), last_error = ''
      WHERE tenant = $1 AND id = $2`,
    [tenant, deliveryId],
  );
}

/** A failed attempt is retried with exponential back-off; after maxAttempts it is left as failed. */
export async function markDeliveryFailed(
  db: Queryable,
  tenant: string,
  deliveryId: string,
  error: string,
  maxAttempts = 8,
  now = new Date(),
): Promise<void> {
  const rows = await db.query<{ attempts: number }>(
    "SELECT attempts FROM lead_deliveries WHERE tenant = $1 AND id = $2",
    [tenant, deliveryId],
  );
  const attempts = (rows[0]?.attempts ?? 0) + 1;
  const delayMs = Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));
  await db.query(
    `UPDATE lead_deliveries SET attempts = $3, last_error = $4, status = $5, next_attempt_at = $6
      WHERE tenant = $1 AND id = $2`,
    [tenant, deliveryId, attempts, error.slice(0, 500), attempts >= maxAttempts ? "failed" : "pending", new Date(now.getTime() + delayMs)],
  );
}
