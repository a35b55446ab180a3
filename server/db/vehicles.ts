import type { Vehicle } from "~/domain/vehicle";
import type { Queryable } from "./database";

const BATCH = 200;

/** Inserts or replaces vehicles by id; the stored document is the whole vehicle. */
export async function upsertVehicles(db: Queryable, tenant: string, vehicles: Vehicle[]): Promise<number> {
  for (let start = 0; start < vehicles.length; start += BATCH) {
    const batch = vehicles.slice(start, start + BATCH);
    const params: unknown[] = [];
    const rows = batch.map((v) => {
      const base = params.length;
      params.push(
        tenant,
        v.id,
        v.slug,
        v.stocknum,
        v.status,
        v.car_type,
        v.price,
        JSON.stringify(v),
        v.sold_at || null,
        v.created_at || new Date().toISOString(),
      );
      return `(${Array.from({ length: 10 }, (_, i) => `$${base + i + 1}`).join(", ")}, now())`;
    });
    await db.query(
      `INSERT INTO vehicles (tenant, id, slug, stocknum, status, car_type, price, data, sold_at, created_at, updated_at)
       VALUES ${rows.join(", ")}
       ON CONFLICT (tenant, id) DO UPDATE SET
         slug = EXCLUDED.slug, stocknum = EXCLUDED.stocknum, status = EXCLUDED.status,
         car_type = EXCLUDED.car_type, price = EXCLUDED.price, data = EXCLUDED.data,
         sold_at = EXCLUDED.sold_at, updated_at = now()`,
      params,
    );
  }
  return vehicles.length;
}

function parseData(data: unknown): Vehicle {
  return (typeof data === "string" ? JSON.parse(data) : data) as Vehicle;
}

export async function getVehicleById(db: Queryable, tenant: string, id: string): Promise<Vehicle | null> {
  const rows = await db.query<{ data: unknown }>("SELECT data FROM vehicles WHERE tenant = $1 AND id = $2", [tenant, id]);
  return rows[0] ? parseData(rows[0].data) : null;
}

export async function getVehicleBySlug(db: Queryable, tenant: string, slug: string): Promise<Vehicle | null> {
  const rows = await db.query<{ data: unknown }>("SELECT data FROM vehicles WHERE tenant = $1 AND slug = $2", [tenant, slug]);
  return rows[0] ? parseData(rows[0].data) : null;
}

export async function listVehicles(db: Queryable, tenant: string): Promise<Vehicle[]> {
  const rows = await db.query<{ data: unknown }>("SELECT data FROM vehicles WHERE tenant = $1 ORDER BY id", [tenant]);
  return rows.map((r) => parseData(r.data));
}

/**
 * Vehicles changed after a moment (the search index is built from here), each with its change's exact
 * stamp (`version`: the stored time to the microsecond, as text), and when the latest changed.
 */
export async function listVehiclesChangedSince(
  db: Queryable,
  tenant: string,
  since: Date,
): Promise<{ vehicles: Vehicle[]; versions: string[]; latest: Date | null }> {
  const rows = await db.query<{ data: unknown; updated_at: Date; version: string }>(
    "SELECT data, updated_at, updated_at::text AS version FROM vehicles WHERE tenant = $1 AND updated_at > $2 ORDER BY updated_at",
    [tenant, since],
  );
  const last = rows.at(-1);
  return {
    vehicles: rows.map((r) => parseData(r.data)),
    versions: rows.map((r) => r.version),
    latest: last ? new Date(last.updated_at) : null,
  };
}

/** Which vehicles changed after a moment, and when, without the vehicles themselves (a cheap look first). */
export async function listVehicleChangesSince(
  db: Queryable,
  tenant: string,
  since: Date,
): Promise<{ id: string; changedAt: Date; version: string }[]> {
  const rows = await db.query<{ id: string; updated_at: Date; version: string }>(
    "SELECT id, updated_at, updated_at::text AS version FROM vehicles WHERE tenant = $1 AND updated_at > $2 ORDER BY updated_at",
    [tenant, since],
  );
  return rows.map((r) => ({ id: r.id, changedAt: new Date(r.updated_at), version: r.version }));
}

export async function countVehicles(db: Queryable, tenant: string): Promise<number> {
  const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM vehicles WHERE tenant = $1", [tenant]);
  return rows[0]?.n ?? 0;
}

/**
 * Marks every available vehicle of the tenant whose id is not in `keepIds` as sold now (a full stock
 * feed replaces the previous one). Returns the ids it marked.
 */
export async function markMissingSold(db: Queryable, tenant: string, keepIds: string[], now = new Date()): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE vehicles
        SET status = 'sold', sold_at = $3::timestamptz, updated_at = now(),
            data = jsonb_set(jsonb_set(data, '{status}', '"sold"'), '{sold_at}', to_jsonb($4::text))
      WHERE tenant = $1 AND status IN ('in_stock', 'coming_soon') AND NOT (id = ANY($2::text[]))
      RETURNING id`,
    [tenant, keepIds, now, now.toISOString()],
  );
  return rows.map((r) => r.id);
}

/** Marks one vehicle sold (e.g. from the dealer's feed or a reservation). */
export async function markVehicleSold(db: Queryable, tenant: string, id: string, now = new Date()): Promise<boolean> {
  const rows = await db.query(
    `UPDATE vehicles
        SET status = 'sold', sold_at = $3::timestamptz, updated_at = now(),
            data = jsonb_set(jsonb_set(data, '{status}', '"sold"'), '{sold_at}', to_jsonb($4::text))
      WHERE tenant = $1 AND id = $2 RETURNING id`,
    [tenant, id, now, now.toISOString()],
  );
  return rows.length > 0;
}

/** The stored vehicles among `ids` (an import compares them with the feed's). */
export async function getVehiclesByIds(db: Queryable, tenant: string, ids: string[]): Promise<Map<string, Vehicle>> {
  const found = new Map<string, Vehicle>();
  if (ids.length === 0) return found;
  const rows = await db.query<{ data: unknown }>("SELECT data FROM vehicles WHERE tenant = $1 AND id = ANY($2::text[])", [tenant, ids]);
  for (const row of rows) {
    const vehicle = parseData(row.data);
    found.set(vehicle.id, vehicle);
  }
  return found;
}

/** Available vehicles of the tenant whose id is not in `keepIds`: what markMissingSold would mark (a dry run's answer). */
export async function listAvailableMissingFrom(db: Queryable, tenant: string, keepIds: string[]): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM vehicles WHERE tenant = $1 AND status IN ('in_stock', 'coming_soon') AND NOT (id = ANY($2::text[])) ORDER BY id`,
    [tenant, keepIds],
  );
  return rows.map((r) => r.id);
}

/** The ids of a dealer's available cars, the newest first (the photos made ahead of shoppers go in this order). */
export async function listAvailableIdsNewestFirst(db: Queryable, tenant: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM vehicles WHERE tenant = $1 AND status IN ('in_stock', 'coming_soon') ORDER BY created_at DESC, id`,
    [tenant],
  );
  return rows.map((r) => r.id);
}
