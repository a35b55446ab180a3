/**
 * Online payments (table online_payments, /online-payment): a shopper's payment to the dealer against a
 * reference, and how it settles. The shopper's return (checked with the provider) and the provider's
 * signed webhook both settle a payment through `settleOnlinePayment`, so either may come first and
 * either may repeat: the status moves from pending once (a guarded UPDATE) and the dealer's 'Online
 * Payment' lead is filed until the row has one.
 */
import { formatCents } from "~/domain/money";
import type { Database, Queryable } from "../db/database";
import { submitLead, type LeadPlatform } from "../leads/submit";
import type { TenantConfig } from "../tenants/schema";

export type OnlinePaymentStatus = "pending" | "paid" | "recorded" | "cancelled";

export interface OnlinePaymentRow {
  id: string;
  tenant: string;
  reference: string;
  amount_cents: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  provider: string;
  status: OnlinePaymentStatus;
  checkout_session_id: string | null;
  lead_id: string | null;
  source_path: string;
}

/** A payment's id: unguessable, carried through the provider and back. */
export const ONLINE_PAYMENT_ID = /^[A-Za-z0-9_-]{24}$/;

/** What the shopper asked to pay, as the form took it. */
export interface NewOnlinePayment {
  id: string;
  reference: string;
  amountCents: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** The payments adapter taking it (stripe, embedded). */
  provider: string;
  sourcePath: string;
}

/** Stores a pending payment before the provider is asked for anything. */
export async function createOnlinePayment(db: Queryable, tenant: string, payment: NewOnlinePayment): Promise<OnlinePaymentRow> {
  const rows = await db.query<OnlinePaymentRow>(
    `INSERT INTO online_payments (id, tenant, reference, amount_cents, first_name, last_name, email, phone, provider, source_path)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    [
      payment.id,
      tenant,
      payment.reference,
      payment.amountCents,
      payment.firstName,
      payment.lastName,
      payment.email,
      payment.phone,
      payment.provider,
      payment.sourcePath,
    ],
  );
  return rows[0]!;
}

/** The provider's checkout session for a payment, so its webhook and the shopper's return find it. */
export async function recordCheckoutSession(db: Queryable, id: string, sessionId: string): Promise<void> {
  await db.query("UPDATE online_payments SET checkout_session_id = $1 WHERE id = $2", [sessionId, id]);
}

/** A payment the provider would not start is cancelled (while still pending). */
export async function cancelPendingPayment(db: Queryable, id: string): Promise<void> {
  await db.query("UPDATE online_payments SET status = 'cancelled' WHERE id = $1 AND status = 'pending'", [id]);
}

/** A payment of this dealer's, by its id (null for anything that is not one). */
export async function getOnlinePayment(db: Queryable, tenant: string, id: string | null): Promise<OnlinePaymentRow | null> {
  if (!id || !ONLINE_PAYMENT_ID.test(id)) return null;
  const rows = await db.query<OnlinePaymentRow>("SELECT * FROM online_payments WHERE tenant = $1 AND id = $2", [tenant, id]);
  return rows[0] ?? null;
}

/** A payment by its id alone: the provider's webhook names the payment, the row names the dealer. */
export async function getOnlinePaymentById(db: Queryable, id: string): Promise<OnlinePaymentRow | null> {
  if (!ONLINE_PAYMENT_ID.test(id)) return null;
  const rows = await db.query<OnlinePaymentRow>("SELECT * FROM online_payments WHERE id = $1", [id]);
  return rows[0] ?? null;
}

/**
 * Moves a payment on from pending once (paid, recorded without a provider, or cancelled when the
 * payment failed or expired) and files the dealer's lead for a paid or recorded one while it has none.
 * A payment already settled keeps its status: a late 'failed' never undoes a paid one.
 */
export async function settleOnlinePayment(
  platform: LeadPlatform & { db: Database },
  tenant: TenantConfig,
  row: OnlinePaymentRow,
  status: "paid" | "recorded" | "cancelled",
): Promise<OnlinePaymentRow> {
  if (row.status === "pending") {
    await platform.db.query("UPDATE online_payments SET status = $1 WHERE id = $2 AND status = 'pending'", [status, row.id]);
    row = (await getOnlinePayment(platform.db, tenant.slug, row.id)) ?? row;
  }
  if ((row.status === "paid" || row.status === "recorded") && !row.lead_id) {
    const amount = formatCents(row.amount_cents);
    const { lead } = await submitLead(platform, tenant, {
      category: "Online Payment",
      // One lead per payment: a shopper paying twice within minutes is two payments, not a repeated submit.
      subcategory: `Reference ${row.reference} (payment ${row.id.slice(0, 8)})`,
      name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      phone: row.phone,
      message:
        row.status === "paid"
          ? `Paid ${amount} online against reference ${row.reference}.`
          : `Wants to pay ${amount} against reference ${row.reference}. No money was taken online: please contact the shopper to take the payment.`,
      payload: { reference: row.reference, amount_cents: row.amount_cents, status: row.status, provider: row.provider, payment_id: row.id },
      source_path: row.source_path,
    });
    await platform.db.query("UPDATE online_payments SET lead_id = $1 WHERE id = $2 AND lead_id IS NULL", [lead.id, row.id]);
    row = { ...row, lead_id: lead.id };
  }
  return row;
}
