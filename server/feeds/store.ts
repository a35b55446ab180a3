/**
 * The built feeds of each dealer, kept in memory and served as they are: a feed is built once per stock
 * change (every file the dealer has turned on, from the database; requests arriving meanwhile share that
 * build), gzipped once, and answered with the same bytes, ETag and Last-Modified until the stock changes
 * again. A change in this process (`platform.stockChanged`: an import through the server, a reservation,
 * a car marked sold) starts a rebuild of the dealer's kept feeds at once, and no request gets the older
 * bytes after it, so a sold or repriced car leaves or changes the feeds at once; a change written by
 * another process (another instance on the same PostgreSQL) shows within FEED_REBUILD_AFTER_MS. A rebuild that gives the same
 * bytes keeps its ETag and Last-Modified, so the channels' conditional fetches still get 304.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { listVehicles } from "../db/vehicles";
import { listFeedPhotoOrigins } from "../db/feedPhotoOrigins";
import type { Platform } from "../platform.server";
import type { TenantConfig } from "../tenants/schema";
import { filesOn, type FeedFile } from "./channels";
import { renderFeeds } from "./build";

const gzipAsync = promisify(gzip);

/** A feed built without a change heard is built again after this long (changes made by another process). */
export const FEED_REBUILD_AFTER_MS = 60_000;
/**
 * Addresses kept per dealer. A dealer with a domain has one (its first domain); one without has one per
 * address it is asked on (host and port), of which the oldest go first, so made-up ports cannot fill
 * the memory.
 */
const ORIGINS_KEPT_PER_DEALER = 4;

export interface StoredFeed {
  body: Buffer;
  /** The same bytes gzipped (compression level 9: made once, sent many times). */
  gzipped: Buffer;
  /** A weak ETag from the bytes: the same for both encodings, which carry the same feed. */
  etag: string;
  /** When these bytes were first built (whole seconds, as HTTP dates carry them). */
  lastModified: Date;
  cars: number;
}

interface Entry {
  tenant: TenantConfig;
  origin: string;
  generation: number;
  startedAt: number;
  feeds: Promise<Map<FeedFile, StoredFeed>>;
}

export interface FeedStoreOptions {
  clock?: () => number;
}

export class FeedStore {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private readonly clock: () => number;

  constructor(
    private readonly platform: Pick<Platform, "db" | "onStockChanged">,
    options: FeedStoreOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    platform.onStockChanged((tenant) => this.stockChanged(tenant));
  }

  /**
   * The dealer's stock changed: its feeds are built again now, in the background, so the channels' next
   * fetch finds them ready (a fetch arriving meanwhile waits for the new build, never the old bytes).
   */
  stockChanged(tenant: string): void {
    this.generations.set(tenant, (this.generations.get(tenant) ?? 0) + 1);
    for (const entry of [...this.entries.values()]) {
      if (entry.tenant.slug === tenant) void this.current(entry.tenant, entry.origin).catch(() => undefined);
    }
  }

  /**
   * One of the dealer's feeds as it stands now, with its links on `origin` (the dealer's first domain,
   * else the address it was asked on). The file must be one the dealer has turned on.
   */
  async get(tenant: TenantConfig, file: FeedFile, origin: string): Promise<StoredFeed> {
    const feed = (await this.current(tenant, origin)).get(file);
    if (!feed) throw new Error(`the ${file} feed is not turned on for ${tenant.slug}`);
    return feed;
  }

  /** The dealer's built feeds for this origin as the stock stands: the kept build, or a new one. */
  private current(tenant: TenantConfig, origin: string): Promise<Map<FeedFile, StoredFeed>> {
    const key = `${tenant.slug} ${origin}`;
    const generation = this.generations.get(tenant.slug) ?? 0;
    const now = this.clock();
    let entry = this.entries.get(key);
    if (!entry || entry.generation !== generation || now - entry.startedAt >= FEED_REBUILD_AFTER_MS) {
      const previous = entry?.feeds;
      const built: Entry = { tenant, origin, generation, startedAt: now, feeds: this.build(tenant, origin, now, previous) };
      entry = built;
      this.entries.delete(key);
      this.entries.set(key, built);
      const dealers = [...this.entries.entries()].filter(([, kept]) => kept.tenant.slug === tenant.slug);
      for (const [oldest] of dealers.slice(0, Math.max(0, dealers.length - ORIGINS_KEPT_PER_DEALER))) this.entries.delete(oldest);
      // A failed build is not kept: the next request tries again.
      built.feeds.catch(() => {
        if (this.entries.get(key) === built) this.entries.delete(key);
      });
    }
    return entry.feeds;
  }

  private async build(
    tenant: TenantConfig,
    origin: string,
    now: number,
    previous: Promise<Map<FeedFile, StoredFeed>> | undefined,
  ): Promise<Map<FeedFile, StoredFeed>> {
    const vehicles = await listVehicles(this.platform.db, tenant.slug);
    const before = await previous?.catch(() => undefined);
    const stored = new Map<FeedFile, StoredFeed>();
    const feedOrigins = tenant.photos.feedHosts ? await listFeedPhotoOrigins(this.platform.db, tenant.slug) : [];
    const rendered = await renderFeeds(tenant, vehicles, origin, new Date(now), filesOn(tenant), { sliced: true, feedOrigins });
    for (const [file, { text, cars }] of rendered) {
      const body = Buffer.from(text, "utf8");
      const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
      const unchanged = before?.get(file);
      if (unchanged && unchanged.etag === etag) {
        stored.set(file, unchanged);
        continue;
      }
      // Compressed on libuv's thread pool, not on the event loop that answers shoppers.
      const gzipped = await gzipAsync(body, { level: 9 });
      stored.set(file, { body, gzipped, etag, lastModified: new Date(Math.floor(now / 1000) * 1000), cars });
    }
    return stored;
  }
}
