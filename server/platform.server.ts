/**
 * The platform: everything built once per process (configuration, tenants, database, ports) and
 * shared by every request. Boots on first use; `bootPlatform` lets the server finish booting before
 * it accepts traffic.
 */
import type { SearchRequest, SearchResult } from "~/domain/search";
import type { Vehicle } from "~/domain/vehicle";
import { parseEnv, type Env } from "./config/env.server";
import type { Database } from "./db/database";
import { openDatabase } from "./db/open";
import { loadTenantsFromDir, TenantRegistry } from "./tenants/registry";
import type { TenantConfig } from "./tenants/schema";

/** What routes use to search a dealer's stock; the dealer's visibility rules are applied inside. */
export interface SiteSearch {
  readonly engineName: string;
  search(tenant: TenantConfig, request: SearchRequest, now?: Date): Promise<SearchResult>;
  /** Several searches in one round trip (e.g. similar cars). */
  multiSearch(tenant: TenantConfig, requests: SearchRequest[], now?: Date): Promise<SearchResult[]>;
  /** One of the dealer's vehicles by slug, whatever its status (the vehicle page); null for other dealers' slugs. */
  getBySlug(tenant: TenantConfig, slug: string): Promise<Vehicle | null>;
}

export interface Platform {
  env: Env;
  db: Database;
  tenants: TenantRegistry;
  search: SiteSearch;
}

const GLOBAL_KEY = Symbol.for("dealer-sites.platform");
type Holder = { [GLOBAL_KEY]?: Promise<Platform> };

async function createPlatform(): Promise<Platform> {
  const env = parseEnv();
  const tenants = new TenantRegistry(loadTenantsFromDir(env.tenantsDir), env.DEFAULT_TENANT);
  const db = await openDatabase(env);
  const search: SiteSearch = {
    engineName: "none",
    search: () => Promise.reject(new Error("search engine is being wired in")),
    multiSearch: () => Promise.reject(new Error("search engine is being wired in")),
    getBySlug: () => Promise.reject(new Error("search engine is being wired in")),
  };
  return { env, db, tenants, search };
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
