/**
 * Trade-in valuations as the steps keep them (trade_in_valuations, migrations 001 and 009), one row per
 * shopper's valuation, found again only by its unguessable id on its own dealer. Every step writes
 * here; the offer price is only ever read from here. Also the 'valuation' column of POST
 * /api/miscellaneous (table miscellaneous).
 */
import type { Queryable } from "../db/database";
import { iso, newId } from "../db/ids";
import type { AdjustmentAnswers, Offer, RegoState, TradeInVehicle } from "./port";

/** Where the shopper is in the valuation (see migration 009). */
export const VALUATION_STATUSES = ["vehicle", "adjustments", "offer", "call", "accepted", "declined"] as const;
export type ValuationStatus = (typeof VALUATION_STATUSES)[number];

/** What the valuation step worked out: the offer's workings, or why there is no online figure. */
export type Workings =
  | { kind: "offer"; basis: Offer["basis"]; marketValue: number | null; lines: Offer["lines"]; adapter: string; valuedAt: string }
  | { kind: "call"; reason: "over-age" | "over-km" | "no-data" | "unavailable"; valuedAt: string };

/** The shopper's details as the leads carry them (mobile as local digits). */
export interface TradeInContact {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  opt_in: boolean;
}

export interface ValuationRow {
  id: string;
  tenant: string;
  /** The dealer's car the shopper is changing over to, if any. */
  car_id: string | null;
  rego: string;
  rego_state: RegoState | "";
  status: ValuationStatus;
  vehicle: TradeInVehicle | null;
  adjustment_answers: Partial<AdjustmentAnswers>;
  offer_price: number | null;
  valuation: Workings | null;
  offer_accepted: boolean;
  form_completed: boolean;
  /** The start lead's id. */
  lead_id: string | null;
  /** The shopper's details from the condition step. */
  contact: TradeInContact | null;
  user_id: string | null;
  source_path: string;
  created_at: string;
  updated_at: string;
}

const parseJson = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

function toRow(r: Record<string, unknown>): ValuationRow {
  const status = String(r.status) as ValuationStatus;
  return {
    id: String(r.id),
    tenant: String(r.tenant),
    car_id: (r.car_id as string | null) ?? null,
    rego: String(r.rego ?? ""),
    rego_state: String(r.rego_state ?? "") as RegoState | "",
    status: (VALUATION_STATUSES as readonly string[]).includes(status) ? status : "vehicle",
    vehicle: (parseJson(r.vehicle) as TradeInVehicle | null) ?? null,
    adjustment_answers: (parseJson(r.adjustment_answers) as Partial<AdjustmentAnswers>) ?? {},
    offer_price: r.offer_price == null ? null : Number(r.offer_price),
    valuation: (parseJson(r.valuation) as Workings | null) ?? null,
    offer_accepted: Boolean(r.offer_accepted),
    form_completed: Boolean(r.form_completed),
    lead_id: (r.lead_id as string | null) ?? null,
    contact: (parseJson(r.contact) as TradeInContact | null) ?? null,
    user_id: (r.user_id as string | null) ?? null,
    source_path: String(r.source_path ?? ""),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export interface NewValuation {
  car_id: string | null;
  rego: string;
  rego_state: RegoState;
  status: Extract<ValuationStatus, "vehicle" | "adjustments">;
  vehicle: TradeInVehicle | null;
  user_id: string | null;
  source_path: string;
}

export async function createValuation(db: Queryable, tenant: string, input: NewValuation): Promise<ValuationRow> {
  const rows = await db.query<Record<string, unknown>>(
    `INSERT INTO trade_in_valuations (id, tenant, car_id, rego, rego_state, status, vehicle, user_id, source_path)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [
      newId(),
      tenant,
      input.car_id,
      input.rego,
      input.rego_state,
      input.status,
      input.vehicle ? JSON.stringify(input.vehicle) : null,
      input.user_id,
      input.source_path.slice(0, 300),
    ],
  );
  return toRow(rows[0]);
}

/** This dealer's valuation with that id, or null (another dealer's id, or nonsense, is never found). */
export async function getValuation(db: Queryable, tenant: string, id: string): Promise<ValuationRow | null> {
  const rows = await db.query<Record<string, unknown>>("SELECT * FROM trade_in_valuations WHERE tenant = $1 AND id = $2", [tenant, id]);
  return rows[0] ? toRow(rows[0]) : null;
}

/** The columns a step may change. */
export type ValuationChange = Partial<
  Pick<
    ValuationRow,
    "status" | "vehicle" | "adjustment_answers" | "offer_price" | "valuation" | "offer_accepted" | "form_completed" | "lead_id" | "contact"
  >
>;

const JSON_COLUMNS = new Set(["vehicle", "adjustment_answers", "valuation", "contact"]);

/**
 * Applies a step's change to this dealer's valuation, only while it is in one of the `from` statuses (so
 * a repeated or stale post cannot move it twice); the row as changed, or null when it was not.
 */
export async function updateValuation(
  db: Queryable,
  tenant: string,
  id: string,
  from: readonly ValuationStatus[],
  change: ValuationChange,
): Promise<ValuationRow | null> {
  const entries = Object.entries(change).filter(([, value]) => value !== undefined);
  const params: unknown[] = [tenant, id, [...from]];
  const sets = entries.map(([column, value]) => {
    params.push(JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value);
    return `${column} = $${params.length}`;
  });
  const rows = await db.query<Record<string, unknown>>(
    `UPDATE trade_in_valuations SET ${[...sets, "updated_at = now()"].join(", ")}
      WHERE tenant = $1 AND id = $2 AND status = ANY($3::text[]) RETURNING *`,
    params,
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** The valuation data the dealer keeps for a valuation (the 'valuation' column of /api/miscellaneous). */
export function valuationData(row: ValuationRow) {
  return {
    id: row.id,
    car_id: row.car_id,
    rego: row.rego,
    regoState: row.rego_state,
    vehicle: row.vehicle,
    adjustmentAnswers: row.adjustment_answers,
    offer_price: row.offer_price,
    offer_accepted: row.offer_accepted,
    form_completed: row.form_completed,
    lead_id: row.lead_id,
    workings: row.valuation,
  };
}

/** Saves (or saves again) the valuation data of one valuation in the miscellaneous table. */
export async function saveMiscellaneousValuation(db: Queryable, tenant: string, row: ValuationRow): Promise<void> {
  await db.query(
    `INSERT INTO miscellaneous (tenant, valuation_id, user_id, valuation) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant, valuation_id) DO UPDATE SET valuation = EXCLUDED.valuation, user_id = EXCLUDED.user_id, updated_at = now()`,
    [tenant, row.id, row.user_id, JSON.stringify(valuationData(row))],
  );
}

/** The saved valuation data of one valuation, or null when none was saved. */
export async function getMiscellaneousValuation(
  db: Queryable,
  tenant: string,
  valuationId: string,
): Promise<Record<string, unknown> | null> {
  const rows = await db.query<{ valuation: unknown }>("SELECT valuation FROM miscellaneous WHERE tenant = $1 AND valuation_id = $2", [
    tenant,
    valuationId,
  ]);
  return rows[0] ? (parseJson(rows[0].valuation) as Record<string, unknown>) : null;
}

/**
 * Saves the valuation data for a dealer with features.saveValuation; a failure is logged in the spec's
 * words ('Failed to save valuation data', spec 000 section 8) and never stops the shopper.
 */
export async function saveValuationData(
  db: Queryable,
  tenant: string,
  row: ValuationRow,
  logger: { error(message: string, fields?: Record<string, unknown>): void },
): Promise<boolean> {
  try {
    await saveMiscellaneousValuation(db, tenant, row);
    return true;
  } catch (error) {
    logger.error("Failed to save valuation data", { tenant, valuation: row.id, error: String(error) });
    return false;
  }
}
