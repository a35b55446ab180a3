/**
 * First start: a tenant with no stock at all gets its demo stock, so every site has cars to search.
 * A tenant that has any vehicle (imported, or demo stock from an earlier start) is left alone.
 */
import type { Database } from "../db/database";
import { countVehicles, upsertVehicles } from "../db/vehicles";
import type { TenantConfig } from "../tenants/schema";
import { generateDemoStock } from "./demoStock";

/** The advisory lock the demo stock is loaded under. */
const DEMO_STOCK_LOCK = 4_187_202;

export async function loadDemoStockIfEmpty(
  db: Pick<Database, "query" | "transaction">,
  tenants: TenantConfig[],
  now: Date = new Date(),
): Promise<{ tenant: string; loaded: number }[]> {
  const loaded: { tenant: string; loaded: number }[] = [];
  for (const tenant of tenants) {
    if ((await countVehicles(db, tenant.slug)) > 0) continue;
    const stock = generateDemoStock(tenant, { now });
    // All or nothing: a first start stopped half way must not leave a dealer with part of its stock,
    // which the next start would take for real stock and keep. Instances starting together take turns
    // (the lock), and the second finds the stock there.
    const count = await db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [DEMO_STOCK_LOCK]);
      if ((await countVehicles(tx, tenant.slug)) > 0) return 0;
      return upsertVehicles(tx, tenant.slug, stock);
    });
    if (count) loaded.push({ tenant: tenant.slug, loaded: count });
  }
  return loaded;
}
