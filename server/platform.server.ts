/**
 * The platform: everything built once per process from one parsed settings object (configuration,
 * tenants, database, search, and every port's adapter) and shared by every request. Boots on first use;
 * `bootPlatform` lets the server finish booting before it accepts traffic.
 *
 * This is the one place adapters are wired: each port's adapter is chosen from the settings here
 * (`assemblePlatform`) and hangs on the platform; loaders and actions read `platform.<port>`, never the
 * environment. Tests build the same platform with tests/support/testPlatform.ts, giving a fake for any
 * port they want to see.
 */
import { createPhoneAuthFromEnv, createSmsSenderFromEnv, type PhoneAuth, type SmsSender } from "./auth";
import { createViewCounts, type ViewCounts } from "./vehicles/viewCounts";
import { captchaKeyFromEnv, createCaptchaFromEnv, type Captcha } from "./captcha";
import { parseEnv, type Env } from "./config/env.server";
import { checkLeadDeliveryConfig, LeadWorker } from "./leads";
import type { Database } from "./db/database";
import { openDatabase } from "./db/open";
import { createCdnFromEnv, purgeOnStockChange, type Cdn } from "./cdn";
import { createDeliveryPort, type DeliveryPort } from "./delivery";
import { FeedStore } from "./feeds/store";
import { createFinanceBrokerFromEnv, type FinanceBroker } from "./finance";
import { createGeocoderFromEnv, type Geocoder } from "./geo/geocoder";
import { log } from "./log";
import { createMapsFromEnv, type Maps } from "./maps";
import { createMarketPriceFromEnv, type MarketPricePort } from "./market";
import { createPaymentsFromEnv, type Payments } from "./payments";
import { createSearchEngineFromEnv, createSearchService, StockSync, type SearchEngine, type SearchService } from "./search";
import { loadDemoStockIfEmpty } from "./demo/loadDemoStock";
import { ensureImportToken } from "./stock/importToken";
import { StockFeedPuller } from "./stock/feedPull";
import { createHttpFeedSource, type FeedSource } from "./stock/feedSource";
import { loadTenantsFromDir, TenantRegistry } from "./tenants/registry";
import { StockChanges } from "./stock/stockChanges";
import { createTradeInServicesFromEnv, type TradeInServices } from "./tradeIn";
import { createPhotoServiceFromEnv, type PhotoService } from "./images";
import { FeedPhotoOrigins } from "./images/feedOrigins";
import { PhotoWarmup } from "./images/photoWarmup";
import { forgetDealer } from "./http/perDealerCache";
import { watchSettings } from "./tenants/watchSettings";
import { PHOTO_CACHE_MAX_BYTES } from "./images/diskPhotoCache";
import { getVehicleById, listAvailableIdsNewestFirst, listVehicles } from "./db/vehicles";
import { AlertDetector } from "./alerts/detect";
import { seedCarStates } from "./db/shopperAlerts";
import { AlertWorker } from "./alerts/worker";
import { unsubscribeKey } from "./alerts/unsubscribeToken";
import { loadServerSecret } from "./auth/secret";

/** What routes use to search a dealer's stock; the dealer's visibility rules are applied inside. */
export type SiteSearch = SearchService;

export interface Platform {
  /** The settings, parsed once at start (server/config/env.server.ts). */
  env: Env;
  db: Database;
  tenants: TenantRegistry;
  search: SiteSearch;
  stockSync: StockSync;
  /**
   * Vehicles of a tenant changed in this process (import, sold marking, reservation): the index catches up
   * now, this process's listeners hear it, and so does every other process on the same PostgreSQL.
   */
  stockChanged(tenant: string, ids: string[]): Promise<void>;
  /**
   * Calls `listener` after a dealer's stock changed, in this process or another on the same database, with
   * the changed cars' ids when known (the page cache drops that dealer's pages).
   */
  onStockChanged(listener: (tenant: string, ids: readonly string[]) => void): () => void;
  /**
   * Dealers' settings or content pages changed while running (server/tenants/watchSettings.ts): what was
   * kept for them goes (per-dealer caches; cached pages and feeds, as for a stock change of the whole
   * dealer) and the CDN's copies are purged.
   */
  settingsChanged(slugs: readonly string[]): void;
  /** The other processes on the database, told of each stock change and heard from (server/stock/stockChanges.ts). */
  stockChanges: StockChanges;
  /**
   * Delivers stored leads to each dealer's channels (docs/leads.md); running unless LEAD_WORKER=off.
   * On shutdown: `await platform.leadWorker.stop()` before the database is closed.
   */
  leadWorker: LeadWorker;
  /** Phone sign-in (server/auth): Supabase Auth with SUPABASE_URL and SUPABASE_ANON_KEY, else embedded. */
  auth: PhoneAuth;
  /** SMS (embedded sign-in codes, alerts): Twilio with its three settings, else DATA_DIR/sms-outbox.jsonl; Supabase sends its own codes. */
  sms: SmsSender;
  /**
   * Sends shoppers' alerts (server/alerts/worker.ts, docs/alerts.md); running unless ALERT_WORKER=off.
   * `wake()` after storing alerts; on shutdown `await platform.alertWorker.stop()` before the database is closed.
   */
  alertWorker: AlertWorker;
  /** Signs and checks the alerts' unsubscribe links (server/alerts/unsubscribeToken.ts; made from the server secret). */
  alertUnsubscribeKey: string;
  /** Rego lookup and trade-in valuation (server/tradeIn): the providers when configured, else embedded. */
  tradeIn: TradeInServices;
  /** Quick quotes and finance customers (server/finance): YouX with YOUX_URL and YOUX_API_KEY, else embedded. */
  financeBroker: FinanceBroker;
  /** Reservation deposits (server/payments): Stripe Checkout with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, else recorded without money. */
  payments: Payments;
  /** The lead forms' captcha (server/captcha): Cloudflare Turnstile with its two keys, else the embedded proof of work. */
  captcha: Captcha;
  /** Keys the server's own captcha question for shoppers without JavaScript (made from the server secret). */
  captchaKey: string;
  /** Where a postcode is (server/geo): the service at GEOCODER_URL backed by the bundled list, else the bundled list. */
  geocoder: Geocoder;
  /** Delivery estimates by postcode (server/delivery): the dealer's regions, for postcodes the geocoder knows. */
  delivery: DeliveryPort;
  /** Location maps (server/maps): the Google embed with GOOGLE_MAPS_EMBED_KEY, else drawn from coordinates. */
  maps: Maps;
  /** The price comparison on a car's page (server/market): the service at MARKET_PRICE_API_URL, else comparable stock. */
  marketPrice: MarketPricePort;
  /** Dealer photos resized for the pages (server/images): fetched from each dealer's hosts, kept under DATA_DIR/photo-cache. */
  photos: PhotoService;
  /**
   * Photos made before a car's first shopper asks (server/images/photoWarmup.ts): following stock changes
   * once started, which `createPlatform` does unless PHOTO_WARMUP=off.
   */
  photoWarmup: PhotoWarmup;
  /** Each car's view count as its page shows it on load, read at most once a minute (server/vehicles/viewCounts.ts). */
  viewCounts: ViewCounts;
  /** The photo hosts each dealer's own stock feed named, allowed for that dealer (photos.feedHosts, decision 27). */
  feedPhotoOrigins: FeedPhotoOrigins;
  /** The ad channels' feeds of each dealer (server/feeds), rebuilt on each stock change. */
  feeds: FeedStore;
  /**
   * Dealers' stock feeds pulled from their stock.feed.url on schedule (server/stock/feedPull.ts); running
   * unless STOCK_FEED_PULLS=off. On shutdown: `await platform.stockFeeds.stop()` before the database is closed.
   */
  stockFeeds: StockFeedPuller;
  /** The CDN in front of the sites (server/cdn): purged by tag on each stock change; CDN_PROVIDER, else nothing in front. */
  cdn: Cdn;
  /**
   * Alerts found when this process changes a dealer's stock (server/alerts/detect.ts): new arrivals for
   * saved searches, price drops and sales of watchlist cars, stored for the alert worker. In the
   * background; `await platform.alertDetector.idle()` before the database is closed.
   */
  alertDetector: AlertDetector;
}

/** A port's adapter given instead of the one the settings choose (tests give fakes; the search engine too). */
export type AdapterOverrides = Partial<
  Pick<
    Platform,
    | "auth"
    | "sms"
    | "tradeIn"
    | "financeBroker"
    | "payments"
    | "captcha"
    | "captchaKey"
    | "geocoder"
    | "delivery"
    | "maps"
    | "marketPrice"
    | "photos"
    | "cdn"
  >
> & { engine?: SearchEngine; feedSource?: FeedSource };

/**
 * Wires a platform: every port's adapter from the settings (or the override given), nothing started.
 * `createPlatform` starts the search sync and the workers; tests start what they need.
 */
export function assemblePlatform(parts: { env: Env; db: Database; tenants: TenantRegistry } & AdapterOverrides): Platform {
  const { env, db, tenants } = parts;
  const engine = parts.engine ?? createSearchEngineFromEnv(env);
  const search = createSearchService(engine);
  const feedPhotoOrigins = new FeedPhotoOrigins(db);
  const cdn = parts.cdn ?? createCdnFromEnv(env);
  type StockListener = (tenant: string, ids: readonly string[]) => void;
  const stockListeners = new Set<StockListener>([(tenant) => feedPhotoOrigins.forget(tenant)]);
  const tellStockListeners = (tenant: string, ids: readonly string[]) => {
    for (const listener of stockListeners) listener(tenant, ids);
  };
  const stockSync = new StockSync({
    db,
    engine,
    tenants: () => tenants.all().map((t) => t.slug),
    // A change the index found by itself (its news from another process never came): the listeners hear it
    // too, so this process's stored pages of the dealer go within a poll (5 s) rather than their lifetime.
    onChangesFound: tellStockListeners,
  });
  // A change, this process's or another's: the index catches up, then the listeners hear it.
  const applyStockChange = async (tenant: string, ids: readonly string[]) => {
    await stockSync.notify(tenant, [...ids]);
    tellStockListeners(tenant, ids);
  };
  const stockChanges = new StockChanges(db, applyStockChange, () => tenants.all().map((t) => t.slug));
  // The process where the change happened tells the others, and purges the dealer's pages at the CDN once
  // (logged, never thrown, if it fails).
  const purge = purgeOnStockChange(cdn);
  // Alerts stored after a stock change wake the alert worker (made below, once its SMS sender is).
  let alertWorker: AlertWorker | null = null;
  const alertDetector = new AlertDetector({
    db,
    search,
    tenant: (slug) => tenants.get(slug),
    onAlertsStored: () => alertWorker?.wake(),
  });
  const stockChanged = async (tenant: string, ids: string[]) => {
    // Alerts are looked for in the background once the index has the change (or has failed to take it).
    await applyStockChange(tenant, ids).finally(() => alertDetector.stockChanged(tenant, ids));
    purge(tenant, ids);
    await stockChanges.publish(tenant, ids);
  };
  const settingsChanged = (slugs: readonly string[]) => {
    for (const slug of slugs) {
      forgetDealer(slug);
      void applyStockChange(slug, [])
        .then(() => purge(slug, []))
        .catch((error: unknown) => log.warn("a dealer's settings change not applied everywhere", { tenant: slug, error: String(error) }));
    }
  };
  const onStockChanged = (listener: StockListener) => {
    stockListeners.add(listener);
    return () => stockListeners.delete(listener);
  };
  const photos = parts.photos ?? createPhotoServiceFromEnv(env);
  const photoWarmup = new PhotoWarmup({
    photos,
    availableIds: (tenant) => listAvailableIdsNewestFirst(db, tenant),
    car: (tenant, id) => getVehicleById(db, tenant, id),
    tenant: (slug) => tenants.get(slug),
    tenants: () => tenants.all(),
    feedOrigins: (tenant) => feedPhotoOrigins.of(tenant),
    cacheCapBytes: PHOTO_CACHE_MAX_BYTES,
  });
  stockListeners.add((tenant, ids) => photoWarmup.stockChanged(tenant, ids));
  // Phone sign-in: Supabase Auth when configured, else embedded codes (the server secret is made once).
  // SMS (codes and alerts): Twilio when configured, else the outbox file.
  const sms = parts.sms ?? createSmsSenderFromEnv(env);
  const phoneAuth = parts.auth ? { auth: parts.auth, sms } : createPhoneAuthFromEnv(env, db, undefined, sms);
  const geocoder = parts.geocoder ?? createGeocoderFromEnv(env);
  const alertUnsubscribeKey = unsubscribeKey(loadServerSecret(env));
  alertWorker = new AlertWorker({ db, env, tenant: (slug) => tenants.get(slug), sms: phoneAuth.sms, unsubscribeKey: alertUnsubscribeKey });
  return {
    env,
    db,
    tenants,
    search,
    stockSync,
    stockChanged,
    onStockChanged,
    settingsChanged,
    stockChanges,
    leadWorker: new LeadWorker({ db, env, tenant: (slug) => tenants.get(slug) }),
    auth: parts.auth ?? phoneAuth.auth,
    sms: phoneAuth.sms,
    alertWorker,
    alertUnsubscribeKey,
    tradeIn: parts.tradeIn ?? createTradeInServicesFromEnv(env, db),
    financeBroker: parts.financeBroker ?? createFinanceBrokerFromEnv(env, db),
    payments: parts.payments ?? createPaymentsFromEnv(env),
    captcha: parts.captcha ?? createCaptchaFromEnv(env),
    captchaKey: parts.captchaKey ?? captchaKeyFromEnv(env),
    geocoder,
    delivery: parts.delivery ?? createDeliveryPort(geocoder),
    maps: parts.maps ?? createMapsFromEnv(env),
    marketPrice: parts.marketPrice ?? createMarketPriceFromEnv(env, search),
    photos,
    photoWarmup,
    viewCounts: createViewCounts(db),
    feedPhotoOrigins,
    feeds: new FeedStore({ db, onStockChanged }),
    // Dealers' feeds at their stock.feed.url, pulled on schedule and applied like an import.
    stockFeeds: new StockFeedPuller({
      db,
      tenants: () => tenants.all(),
      source: parts.feedSource ?? createHttpFeedSource(),
      onChanged: stockChanged,
    }),
    cdn,
    alertDetector,
  };
}

const GLOBAL_KEY = Symbol.for("dealer-sites.platform");
type Holder = { [GLOBAL_KEY]?: Promise<Platform> };

async function createPlatform(): Promise<Platform> {
  // A bad setting (or one of a pair without the other) stops start-up here, named.
  const env = parseEnv();
  const tenants = new TenantRegistry(loadTenantsFromDir(env.tenantsDir), env.DEFAULT_TENANT);
  // A dealer whose CRM webhook names a secret variable that is not set stops start-up, named.
  checkLeadDeliveryConfig(env, tenants.all());
  const db = await openDatabase(env);
  if (env.DEMO_STOCK === "on") {
    const loaded = await loadDemoStockIfEmpty(db, tenants.all());
    if (loaded.length) log.info("demo stock loaded", { tenants: loaded });
    // The demo stock is what alerts begin with: none of it is a new arrival.
    for (const { tenant: slug } of loaded) await seedCarStates(db, slug, await listVehicles(db, slug));
  }
  const platform = assemblePlatform({ env, db, tenants });
  // A dealer's tenant.json or content page edited while running is taken within a second, checked as at
  // start-up (a file that fails the check is logged and the settings in use stay).
  watchSettings({
    dir: env.tenantsDir,
    registry: tenants,
    check: (next) => checkLeadDeliveryConfig(env, next),
    onChanged: (slugs) => platform.settingsChanged(slugs),
  });
  await platform.stockSync.start();
  // Stock changed while no server ran (an import on its own) is looked at for alerts, in the background.
  void platform.alertDetector.catchUp(tenants.all().map((t) => t.slug));
  // Other processes on the same PostgreSQL tell this one of their stock changes (and hear of its own).
  await platform.stockChanges.start();
  // A change committed after the index was read and before this process listened was told to the others
  // only: it is caught up now, before this process serves (a web process starting beside busy ones would
  // otherwise show such a car as it was until its next poll).
  await Promise.all(tenants.all().map((tenant) => platform.stockSync.catchUp(tenant.slug)));
  // The stock importer hands its work to the running server with this token (one writer per database).
  ensureImportToken(env.dataDir);
  if (env.STOCK_FEED_PULLS === "on") platform.stockFeeds.start();
  // Leads stored before a restart (or by another instance) are delivered from here on.
  if (env.LEAD_WORKER === "on") platform.leadWorker.start();
  // Alerts stored before a restart (or by another instance) are gathered and sent from here on.
  if (env.ALERT_WORKER === "on") platform.alertWorker.start();
  // The stock's photos are made in the background from here on, a car's first shopper finding them made.
  if (env.PHOTO_WARMUP === "on")
    void platform.photoWarmup.start().catch((error) => log.warn("photos not made ahead", { error: String(error) }));
  return platform;
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
