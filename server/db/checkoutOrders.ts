/**
 * Buying online (/checkout-journey, table checkout_orders): a shopper's order, kept on the server under
 * an unguessable id so it resumes after signing in, with the answers of each step so far, until it is
 * submitted as the dealer's 'Online Purchase' lead. Every read and write names the dealer.
 */
import type { Queryable } from "./database";

export interface CheckoutOrder<Answers = Record<string, unknown>> {
  id: string;
  carId: string;
  userId: string | null;
  answers: Answers;
  leadId: string | null;
  submittedAt: string | null;
}

function orderFromRow<Answers>(r: Record<string, unknown>): CheckoutOrder<Answers> {
  const answers = typeof r.answers === "string" ? JSON.parse(r.answers) : r.answers;
  return {
    id: String(r.id),
    carId: String(r.car_id),
    userId: (r.user_id as string | null) ?? null,
    answers: (answers ?? {}) as Answers,
    leadId: (r.lead_id as string | null) ?? null,
    submittedAt: r.submitted_at ? new Date(String(r.submitted_at)).toISOString() : null,
  };
}

/** This dealer's order with that id, or null. */
export async function getCheckoutOrder<Answers>(db: Queryable, tenant: string, id: string): Promise<CheckoutOrder<Answers> | null> {
  const rows = await db.query<Record<string, unknown>>("SELECT * FROM checkout_orders WHERE tenant = $1 AND id = $2", [tenant, id]);
  return rows[0] ? orderFromRow<Answers>(rows[0]) : null;
}

/** The signed-in shopper's latest unsubmitted order for this car (resuming after sign-in). */
export async function latestOpenCheckoutOrder<Answers>(
  db: Queryable,
  tenant: string,
  userId: string,
  carId: string,
): Promise<CheckoutOrder<Answers> | null> {
  const rows = await db.query<Record<string, unknown>>(
    "SELECT * FROM checkout_orders WHERE tenant = $1 AND user_id = $2 AND car_id = $3 AND submitted_at IS NULL ORDER BY updated_at DESC LIMIT 1",
    [tenant, userId, carId],
  );
  return rows[0] ? orderFromRow<Answers>(rows[0]) : null;
}

/** A new order with its first answers, the shopper's when signed in. */
export async function createCheckoutOrder(
  db: Queryable,
  tenant: string,
  order: { id: string; carId: string; userId: string | null; answers: unknown },
): Promise<void> {
  await db.query("INSERT INTO checkout_orders (id, tenant, car_id, user_id, answers) VALUES ($1, $2, $3, $4, $5::jsonb)", [
    order.id,
    tenant,
    order.carId,
    order.userId,
    JSON.stringify(order.answers),
  ]);
}

/**
 * The order's answers so far, while it is not submitted; a shopper who signed in part-way takes the
 * order with them (it resumes on their account).
 */
export async function saveCheckoutAnswers(
  db: Queryable,
  tenant: string,
  id: string,
  answers: unknown,
  userId: string | null,
): Promise<void> {
  await db.query(
    "UPDATE checkout_orders SET answers = $3::jsonb, user_id = COALESCE(user_id, $4), updated_at = now() WHERE tenant = $1 AND id = $2 AND submitted_at IS NULL",
    [tenant, id, JSON.stringify(answers), userId],
  );
}

/** The order is submitted, as this lead. */
export async function markCheckoutOrderSubmitted(db: Queryable, tenant: string, id: string, leadId: string): Promise<void> {
  await db.query("UPDATE checkout_orders SET lead_id = $3, submitted_at = now(), updated_at = now() WHERE tenant = $1 AND id = $2", [
    tenant,
    id,
    leadId,
  ]);
}
