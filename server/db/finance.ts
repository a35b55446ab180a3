/** Finance customers created with the broker, and trade-in valuations. */
import type { Queryable } from "./database";
import { iso, newId } from "./ids";

export type FinanceBrokerKind = "embedded" | "youx";

export interface FinanceCustomerRow {
  id: string;
  car_id: string | null;
  /** The shopper's mobile, E.164 (+61412345678) as their session has it. */
  phone: string;
  payload: Record<string, unknown>;
  redirect_url: string;
  lead_id: string | null;
  /** What the shopper is told to quote (null on rows stored before references). */
  reference: string | null;
  broker: FinanceBrokerKind;
  status: string;
  created_at: string;
}

const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

export interface FinanceCustomerInput {
  car_id?: string | null;
  phone: string;
  payload: Record<string, unknown>;
  redirect_url?: string;
  lead_id?: string | null;
  reference?: string | null;
  broker?: FinanceBrokerKind;
  status?: string;
}

export async function saveFinanceCustomer(db: Queryable, tenant: string, input: FinanceCustomerInput): Promise<string> {
  const id = newId();
  await db.query(
    `INSERT INTO finance_customers (id, tenant, car_id, phone, payload, redirect_url, lead_id, reference, broker, status)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
    [
      id,
      tenant,
      input.car_id ?? null,
      input.phone,
      JSON.stringify(input.payload),
      input.redirect_url ?? "",
      input.lead_id ?? null,
      input.reference ?? null,
      input.broker ?? "embedded",
      input.status ?? "received",
    ],
  );
  return id;
}

function toFinanceCustomer(r: Record<string, unknown>): FinanceCustomerRow {
  return {
    id: String(r.id),
    car_id: (r.car_id as string | null) ?? null,
    phone: String(r.phone),
    payload: json(r.payload) as Record<string, unknown>,
    redirect_url: String(r.redirect_url),
    lead_id: (r.lead_id as string | null) ?? null,
    reference: (r.reference as string | null) ?? null,
    broker: r.broker === "youx" ? "youx" : "embedded",
    status: String(r.status ?? "received"),
    created_at: iso(r.created_at),
  };
}

export async function listFinanceCustomers(db: Queryable, tenant: string): Promise<FinanceCustomerRow[]> {
  const rows = await db.query<Record<string, unknown>>("SELECT * FROM finance_customers WHERE tenant = $1 ORDER BY created_at DESC", [
    tenant,
  ]);
  return rows.map(toFinanceCustomer);
}

/** This dealer's application with that reference, or null (another dealer's reference is never found). */
export async function getFinanceCustomerByReference(db: Queryable, tenant: string, reference: string): Promise<FinanceCustomerRow | null> {
  const rows = await db.query<Record<string, unknown>>("SELECT * FROM finance_customers WHERE tenant = $1 AND reference = $2", [
    tenant,
    reference,
  ]);
  return rows[0] ? toFinanceCustomer(rows[0]) : null;
}

/** Links the lead sent beside the application, when it arrives after it (the page sends both at once). */
export async function linkFinanceCustomerLead(db: Queryable, tenant: string, reference: string, leadId: string): Promise<boolean> {
  const rows = await db.query("UPDATE finance_customers SET lead_id = $3 WHERE tenant = $1 AND reference = $2 RETURNING id", [
    tenant,
    reference,
    leadId,
  ]);
  return rows.length > 0;
}
