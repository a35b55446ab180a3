/** Vehicle views and analytics events: what shoppers did, per tenant. */
import type { Queryable } from "./database";
import { iso, newId } from "./ids";

/** Counts one view and returns the new total. */
export async function recordVehicleView(db: Queryable, tenant: string, carId: string): Promise<number> {
  const rows = await db.query<{ views: number }>(
    `INSERT INTO vehicle_views (tenant, car_id, views) VALUES ($1, $2, 1)
     ON CONFLICT (tenant, car_id) DO UPDATE SET views = vehicle_views.views + 1 RETURNING views`,
    [tenant, carId],
  );
  return rows[0].views;
}

export async function getVehicleViews(db: Queryable, tenant: string, carId: string): Promise<number> {
  const rows = await db.query<{ views: number }>("SELECT views FROM vehicle_views WHERE tenant = $1 AND car_id = $2", [
    tenant,
    carId,
  ]);
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

export async function recordAnalyticsEvent(
  db: Queryable,
  tenant: string,
  event: { event_id: number; name: string; path?: string; payload?: Record<string, unknown> },
): Promise<void> {
  await db.query("INSERT INTO analytics_events (id, tenant, event_id, name, path, payload) VALUES ($1,$2,$3,$4,$5,$6)", [
    newId(),
    tenant,
    event.event_id,
    event.name,
    event.path ?? "",
    JSON.stringify(event.payload ?? {}),
  ]);
}

export async function listAnalyticsEvents(
  db: Queryable,
  tenant: string,
  eventId?: number,
  limit = 100,
): Promise<AnalyticsEventRow[]> {
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
