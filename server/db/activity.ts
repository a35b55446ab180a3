/** Vehicle views and analytics events: what shoppers did, per tenant. */
import type { Queryable } from "./database";
import { iso, newId } from "./ids";
import { log } from "../log";

/** Shoppers' "today": the day a view is counted in. Dealers are Australian; the east coast's day is the one most shoppers live in. */
export const VIEW_DAY_TIME_ZONE = "Australia/Sydney";

/**
 * Days of visitor rows kept (today and yesterday). Only today's decide anything; yesterday's cost
 * little and leave a day to look into a count that seems wrong before they go.
 */
export const VIEW_VISITOR_DAYS_KEPT = 2;

/**
 * Counts a view of a car once per visitor per day (Australia/Sydney day) and returns the car's total,
 * counted or not. `visitor` is a one-way hash (see server/limits/hash.ts); `now` is the database's
 * clock unless given. One statement: the visitor's row for the day decides whether the total moves, so
 * concurrent reloads by one visitor count once and views by different visitors all count (a reload that
 * waited on its twin reads the total in a second statement).
 */
export async function recordVehicleView(db: Queryable, tenant: string, carId: string, visitor: string, now?: Date): Promise<number> {
  const rows = await db.query<{ views: number }>(
    `WITH first_today AS (
       INSERT INTO vehicle_view_visitors (tenant, car_id, visitor_hash, day)
       VALUES ($1::text, $2::text, $3::text, (COALESCE($4::timestamptz, now()) AT TIME ZONE '${VIEW_DAY_TIME_ZONE}')::date)
       ON CONFLICT DO NOTHING
       RETURNING tenant
     ), counted AS (
       INSERT INTO vehicle_views (tenant, car_id, views) SELECT $1::text, $2::text, 1 FROM first_today
       ON CONFLICT (tenant, car_id) DO UPDATE SET views = vehicle_views.views + 1
       RETURNING views
     )
     SELECT views FROM counted
     UNION ALL
     SELECT views FROM vehicle_views WHERE tenant = $1::text AND car_id = $2::text AND NOT EXISTS (SELECT 1 FROM counted)`,
    [tenant, carId, visitor, now ? now.toISOString() : null],
  );
  schedulePrune(db);
  if (rows.length) return Number(rows[0].views);
  // The same visitor's view in parallel (a double reload of a car nobody had opened): on PostgreSQL this
  // statement waited for the other's visitor row, then had nothing to count, and its snapshot predates the
  // other's total. A statement of its own reads the total as it now stands.
  return getVehicleViews(db, tenant, carId);
}

/** Deletes visitor rows from before yesterday (Australia/Sydney); the totals stay. Returns how many went. */
export async function pruneViewVisitors(db: Queryable, now?: Date): Promise<number> {
  const rows = await db.query<{ day: unknown }>(
    `DELETE FROM vehicle_view_visitors
      WHERE day < (COALESCE($1::timestamptz, now()) AT TIME ZONE '${VIEW_DAY_TIME_ZONE}')::date - ${VIEW_VISITOR_DAYS_KEPT - 1}
      RETURNING day`,
    [now ? now.toISOString() : null],
  );
  return rows.length;
}

const PRUNE_EVERY_MS = 60 * 60_000;
const nextPrune = new WeakMap<object, number>();

/** Prunes visitor rows in the background, at most hourly per database and process, after the first hour. */
function schedulePrune(db: Queryable): void {
  const now = Date.now();
  const due = nextPrune.get(db);
  if (due !== undefined && now < due) return;
  nextPrune.set(db, now + PRUNE_EVERY_MS);
  if (due === undefined) return;
  pruneViewVisitors(db).catch((error) => log.warn("old view visitor rows not pruned", { error: String(error) }));
}

export async function getVehicleViews(db: Queryable, tenant: string, carId: string): Promise<number> {
  const rows = await db.query<{ views: number }>("SELECT views FROM vehicle_views WHERE tenant = $1 AND car_id = $2", [tenant, carId]);
  return rows[0]?.views ?? 0;
}

export interface AnalyticsEventRow {
  id: string;
  event_id: number;
  name: string;
  path: string;
  payload: Record<string, unknown>;
  created_at: string;
}

export interface AnalyticsEventInput {
  event_id: number;
  name: string;
  path?: string;
  payload?: Record<string, unknown>;
  /** When it happened (now unless given): events stored together keep their own times and order. */
  at?: Date;
}

export async function recordAnalyticsEvent(db: Queryable, tenant: string, event: AnalyticsEventInput): Promise<void> {
  await recordAnalyticsEvents(db, [{ tenant, event }]);
}

/**
 * Stores many events in one statement, whatever their dealers. The statement's shape is the same for
 * any number of events (one array per column), so the database plans it once.
 */
export async function recordAnalyticsEvents(
  db: Queryable,
  events: readonly { tenant: string; event: AnalyticsEventInput }[],
): Promise<void> {
  if (events.length === 0) return;
  await db.query(
    `INSERT INTO analytics_events (id, tenant, event_id, name, path, payload, created_at)
     SELECT id, tenant, event_id, name, path, payload::jsonb, at::timestamptz
       FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[]) AS e (id, tenant, event_id, name, path, payload, at)`,
    [
      events.map(() => newId()),
      events.map((e) => e.tenant),
      events.map((e) => e.event.event_id),
      events.map((e) => e.event.name),
      events.map((e) => e.event.path ?? ""),
      events.map((e) => JSON.stringify(e.event.payload ?? {})),
      events.map((e) => (e.event.at ?? new Date()).toISOString()),
    ],
  );
}

export async function listAnalyticsEvents(db: Queryable, tenant: string, eventId?: number, limit = 100): Promise<AnalyticsEventRow[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT * FROM analytics_events WHERE tenant = $1 AND ($2::int IS NULL OR event_id = $2)
      ORDER BY created_at DESC LIMIT $3`,
    [tenant, eventId ?? null, limit],
  );
  return rows.map((r) => ({
    id: String(r.id),
    event_id: Number(r.event_id),
    name: String(r.name),
    path: String(r.path),
    payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    created_at: iso(r.created_at),
  }));
}
