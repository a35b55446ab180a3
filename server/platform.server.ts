/**
 * The platform: everything built once per process (configuration, tenants, database, ports) and
 * shared by every request. Boots on first use; `bootPlatform` lets the server finish booting before
 * it accepts traffic.
 */
import { parseEnv, type Env } from "./config/env.server";
import type { Database } from "./db/database";
import { openDatabase } from "./db/open";
import { loadTenantsFromDir, TenantRegistry } from "./tenants/registry";

export interface Platform {
  env: Env;
  db: Database;
  tenants: TenantRegistry;
}

const GLOBAL_KEY = Symbol.for("dealer-sites.platform");
type Holder = { [GLOBAL_KEY]?: Promise<Platform> };

async function createPlatform(): Promise<Platform> {
  const env = parseEnv();
  const tenants = new TenantRegistry(loadTenantsFromDir(env.tenantsDir), env.DEFAULT_TENANT);
  const db = await openDatabase(env);
  return { env, db, tenants };
}

/** The process's platform (kept on globalThis so development reloads reuse one database). */
export function bootPlatform(): Promise<Platform> {
  const holder = globalThis as Holder;
  if (!holder[GLOBAL_KEY]) {
    holder[GLOBAL_KEY] = createPlatform().catch((error) => {
      delete holder[GLOBAL_KEY];
      throw error;
    });
  }
  return holder[GLOBAL_KEY]!;
}
