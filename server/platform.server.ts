/**
 * The platform: everything built once per process (configuration, tenants, database, search) and
 * shared by every request. Boots on first use; `bootPlatform` lets the server finish booting before
 * it accepts traffic.
 */
import { createPhoneAuthFromEnv, type PhoneAuth, type SmsSender } from "./auth";
import { parseEnv, type Env } from "./config/env.server";
import { checkLeadDeliveryConfig, LeadWorker } from "./leads";
import type { Database } from "./db/database";
import { openDatabase } from "./db/open";
import { createFinanceBrokerFromEnv, type FinanceBroker } from "./finance";
import { log } from "./log";
import { createSearchEngineFromEnv, createSearchService, StockSync, type SearchService } from "./search";
import { loadDemoStockIfEmpty } from "./demo/loadDemoStock";
import { ensureImportToken } from "./stock/importToken";
import { StockFeedPuller } from "./stock/feedPull";
import { createHttpFeedSource } from "./stock/feedSource";
import { loadTenantsFromDir, TenantRegistry } from "./tenants/registry";
import { createTradeInServicesFromEnv, type TradeInServices } from "./tradeIn";
import { createPhotoServiceFromEnv, type PhotoService } from "./images";
import { FeedPhotoOrigins } from "./images/feedOrigins";

/** What routes use to search a dealer's stock; the dealer's visibility rules are applied inside. */
export type SiteSearch = SearchService;

export interface Platform {
  env: Env;
  db: Database;
  tenants: TenantRegistry;
  search: SiteSearch;
  stockSync: StockSync;
  /** Vehicles of a tenant changed in this process (import, sold marking): the index catches up now. */
  stockChanged(tenant: string, ids: string[]): Promise<void>;
  /** Calls `listener` after a dealer's stock changed in this process (the page cache drops that dealer's pages). */
  onStockChanged(listener: (tenant: string) => void): () => void;
  /**
   * Delivers stored leads to each dealer's channels (docs/leads.md); running unless LEAD_WORKER=off.
   * On shutdown: `await platform.leadWorker.stop()` before the database is closed.
   */
  leadWorker: LeadWorker;
  /** Phone sign-in (server/auth): Supabase Auth with SUPABASE_URL and SUPABASE_ANON_KEY, else embedded. */
  auth: PhoneAuth;
  /** Where embedded sign-in codes are sent (DATA_DIR/sms-outbox.jsonl); Supabase sends its own. */
  sms: SmsSender;
  /** Rego lookup and trade-in valuation (server/tradeIn): the providers when configured, else embedded. */
  tradeIn?: TradeInServices;
  /** Quick quotes and finance customers (server/finance): YouX with YOUX_URL and YOUX_API_KEY, else embedded. */
  financeBroker: FinanceBroker;
  /** Dealer photos resized for the pages (server/images): fetched from each dealer's hosts, kept under DATA_DIR/photo-cache. */
  photos: PhotoService;
  /** The photo hosts each dealer's own stock feed named, allowed for that dealer (photos.feedHosts, decision 27). */
  feedPhotoOrigins: FeedPhotoOrigins;
  /**
   * Dealers' stock feeds pulled from their stock.feed.url on schedule (server/stock/feedPull.ts); running
   * unless STOCK_FEED_PULLS=off. On shutdown: `await platform.stockFeeds.stop()` before the database is closed.
   */
  stockFeeds: StockFeedPuller;
}

const GLOBAL_KEY = Symbol.for("dealer-sites.platform");
type Holder = { [GLOBAL_KEY]?: Promise<Platform> };

async function createPlatform(): Promise<Platform> {
  const env = parseEnv();
  const tenants = new TenantRegistry(loadTenantsFromDir(env.tenantsDir), env.DEFAULT_TENANT);
  // A dealer whose CRM webhook names a secret variable that is not set stops start-up, named.
  checkLeadDeliveryConfig(env, tenants.all());
  const db = await openDatabase(env);
  if (env.DEMO_STOCK === "on") {
    const loaded = await loadDemoStockIfEmpty(db, tenants.all());
    if (loaded.length) log.info("demo stock loaded", { tenants: loaded });
  }
  const engine = createSearchEngineFromEnv(env);
  const search = createSearchService(engine);
  const stockSync = new StockSync({ db, engine, tenants: () => tenants.all().map((t) => t.slug) });
  await stockSync.start();
  // The stock importer hands its work to the running server with this token (one writer per database).
  ensureImportToken(env.dataDir);
  // Phone sign-in: Supabase Auth when configured, else embedded codes (the server secret is made once).
  const { auth, sms } = createPhoneAuthFromEnv(env, db);
  const feedPhotoOrigins = new FeedPhotoOrigins(db);
  const stockListeners = new Set<(tenant: string) => void>([(tenant) => feedPhotoOrigins.forget(tenant)]);
  const stockChanged = async (tenant: string, ids: string[]) => {
    await stockSync.notify(tenant, ids);
    for (const listener of stockListeners) listener(tenant);
  };
  // Dealers' feeds at their stock.feed.url, pulled on schedule and applied like an import.
  const stockFeeds = new StockFeedPuller({ db, tenants: () => tenants.all(), source: createHttpFeedSource(), onChanged: stockChanged });
  if (env.STOCK_FEED_PULLS === "on") stockFeeds.start();
  // Rego lookup and valuation: a bad provider setting stops start-up, named, rather than the first trade-in.
  const tradeIn = createTradeInServicesFromEnv(process.env, db);
  // Leads stored before a restart (or by another instance) are delivered from here on.
  const leadWorker = new LeadWorker({ db, env, tenant: (slug) => tenants.get(slug) });
  if (env.LEAD_WORKER === "on") leadWorker.start();
  return {
    env,
    db,
    tenants,
    search,
    stockSync,
    stockChanged,
    onStockChanged: (listener) => {
      stockListeners.add(listener);
      return () => stockListeners.delete(listener);
    },
    leadWorker,
    auth,
    sms,
    tradeIn,
    financeBroker: createFinanceBrokerFromEnv(env, db),
    photos: createPhotoServiceFromEnv(env),
    feedPhotoOrigins,
    stockFeeds,
  };
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
