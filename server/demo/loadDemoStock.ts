/**
 * First start: a tenant with no stock at all gets its demo stock, so every site has cars to search.
 * A tenant that has any vehicle (imported, or demo stock from an earlier start) is left alone.
 */
import type { Database } from "../db/database";
import { countVehicles, upsertVehicles } from "../db/vehicles";
import type { TenantConfig } from "../tenants/schema";
import { generateDemoStock } from "./demoStock";

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
    // which the next start would take for real stock and keep.
    loaded.push({ tenant: tenant.slug, loaded: await db.transaction((tx) => upsertVehicles(tx, tenant.slug, stock)) });
  }
  return loaded;
}
