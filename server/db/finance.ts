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

export interface TradeInValuation {
  id: string;
  car_id: string | null;
  rego: string;
  rego_state: string;
  offer_price: number | null;
  adjustment_answers: Record<string, unknown>;
  offer_accepted: boolean;
  form_completed: boolean;
  lead_id: string | null;
}

export async function saveTradeInValuation(
  db: Queryable,
  tenant: string,
  input: Partial<Omit<TradeInValuation, "id">> & { id?: string },
): Promise<TradeInValuation> {
  const id = input.id ?? newId();
  const rows = await db.query<Record<string, unknown>>(
    `INSERT INTO trade_in_valuations (id, tenant, car_id, rego, rego_state, offer_price, adjustment_answers, offer_accepted, form_completed, lead_id)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)
     ON CONFLICT (id) DO UPDATE SET
       rego = EXCLUDED.rego, rego_state = EXCLUDED.rego_state, offer_price = EXCLUDED.offer_price,
       adjustment_answers = EXCLUDED.adjustment_answers, offer_accepted = EXCLUDED.offer_accepted,
       form_completed = EXCLUDED.form_completed, lead_id = COALESCE(EXCLUDED.lead_id, trade_in_valuations.lead_id),
       updated_at = now()
     WHERE trade_in_valuations.tenant = EXCLUDED.tenant
     RETURNING *`,
    [
      id,
      tenant,
      input.car_id ?? null,
      input.rego ?? "",
      input.rego_state ?? "",
      input.offer_price ?? null,
      JSON.stringify(input.adjustment_answers ?? {}),
      input.offer_accepted ?? false,
      input.form_completed ?? false,
      input.lead_id ?? null,
    ],
  );
  if (!rows[0]) throw new Error("valuation belongs to another site");
  return toValuation(rows[0]);
}

function toValuation(r: Record<string, unknown>): TradeInValuation {
  return {
    id: String(r.id),
    car_id: (r.car_id as string | null) ?? null,
    rego: String(r.rego),
    rego_state: String(r.rego_state),
    offer_price: r.offer_price == null ? null : Number(r.offer_price),
    adjustment_answers: json(r.adjustment_answers) as Record<string, unknown>,
    offer_accepted: Boolean(r.offer_accepted),
    form_completed: Boolean(r.form_completed),
    lead_id: (r.lead_id as string | null) ?? null,
  };
}

export async function getTradeInValuation(db: Queryable, tenant: string, id: string): Promise<TradeInValuation | null> {
  const rows = await db.query<Record<string, unknown>>("SELECT * FROM trade_in_valuations WHERE tenant = $1 AND id = $2", [tenant, id]);
  return rows[0] ? toValuation(rows[0]) : null;
}
