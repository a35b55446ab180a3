import type { Queryable } from "./database";

export async function addToWatchlist(db: Queryable, tenant: string, phone: string, carId: string): Promise<void> {
  await db.query("INSERT INTO watchlist (tenant, phone, car_id) VALUES ($1, $2, $3) ON CONFLICT (tenant, phone, car_id) DO NOTHING", [
    tenant,
    phone,
    carId,
  ]);
}

export async function removeFromWatchlist(db: Queryable, tenant: string, phone: string, carId: string): Promise<boolean> {
  const rows = await db.query("DELETE FROM watchlist WHERE tenant = $1 AND phone = $2 AND car_id = $3 RETURNING car_id", [
    tenant,
    phone,
    carId,
  ]);
  return rows.length > 0;
}

export async function listWatchlist(db: Queryable, tenant: string, phone: string): Promise<string[]> {
  const rows = await db.query<{ car_id: string }>(
    "SELECT car_id FROM watchlist WHERE tenant = $1 AND phone = $2 ORDER BY created_at DESC, car_id",
    [tenant, phone],
  );
  return rows.map((r) => r.car_id);
}
