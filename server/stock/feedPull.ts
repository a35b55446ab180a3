/**
 * The scheduled stock pull: every dealer with a `stock.feed.url` has its feed fetched every
 * `stock.feed.everyMinutes` (a conditional GET, so an unchanged feed costs a 304) and applied as one
 * import with the dealer's profile. Each attempt is kept in the database with its outcome and import
 * summary (`npm run import -- --tenant <slug> --status`). A feed that fails (HTTP error, time-out, too
 * large, unreadable, no good row) or comes back empty changes nothing: it is recorded and logged, and
 * never marks stock sold.
 *
 * Which instance pulls: the one that claims the dealer's slot in `stock_feed_schedule` first (decision
 * as for the lead worker: STOCK_FEED_PULLS=off on an instance that should never pull).
 */
import type { Database } from "../db/database";
import {
  claimFeedPull,
  lastFeedValidators,
  listFeedPulls,
  nextFeedPullAt,
  recordFeedPull,
  scheduleFeedPull,
  type FeedPullOutcome,
  type FeedPullRecord,
} from "../db/stockFeeds";
import { log } from "../log";
import type { TenantConfig } from "../tenants/schema";
import { decodeFeed, sniffFormat } from "./feedFile";
import type { FeedSource } from "./feedSource";
import { describeImport, importStock, type ImportResult } from "./import";

export interface StockFeedPullerOptions {
  db: Database;
  /** Every dealer, as configured now. */
  tenants: () => TenantConfig[];
  source: FeedSource;
  /** Cars changed by a pull: the search index and page cache catch up. */
  onChanged?: (tenant: string, ids: string[]) => Promise<void> | void;
  /** How often due feeds are looked for. */
  tickMs?: number;
  clock?: () => Date;
}

export const STOCK_PULL_TICK_MS = 60_000;
const MINUTE = 60_000;

export interface FeedStatus {
  tenant: string;
  url: string | null;
  profile: string;
  everyMinutes: number;
  nextPullAt: string | null;
  pulls: FeedPullRecord[];
}

export class StockFeedPuller {
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;
  private readonly running = new Set<string>();
  private readonly clock: () => Date;

  constructor(private readonly options: StockFeedPullerOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** Looks for due feeds now and then every tick, until stop(). */
  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.pass ??= this.runDue()
        .then(() => undefined)
        .catch((error: unknown) => log.error("stock feed pulls failed", { error: String(error) }))
        .finally(() => (this.pass = null));
    };
    this.timer = setInterval(tick, this.options.tickMs ?? STOCK_PULL_TICK_MS);
    this.timer.unref();
    setTimeout(tick, 1_000).unref();
  }

  /** Stops the schedule and waits for a pull under way (its import finishes or rolls back whole). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pass;
  }

  /** Pulls every dealer's feed that is due, one after another. */
  async runDue(): Promise<FeedPullRecord[]> {
    const done: FeedPullRecord[] = [];
    for (const tenant of this.options.tenants()) {
      const url = tenant.stock.feed.url;
      if (!url || this.running.has(tenant.slug)) continue;
      const now = this.clock();
      const next = new Date(now.getTime() + tenant.stock.feed.everyMinutes * MINUTE);
      if (!(await claimFeedPull(this.options.db, tenant.slug, now, next))) continue;
      done.push(await this.pullClaimed(tenant, url));
    }
    return done;
  }

  /** Pulls one dealer's feed now (asked for by hand), and schedules its next pull from now. */
  async pull(tenant: TenantConfig): Promise<FeedPullRecord> {
    const url = tenant.stock.feed.url;
    if (!url) throw new Error(`${tenant.slug} has no stock.feed.url in its tenant.json`);
    if (this.running.has(tenant.slug)) throw new Error(`a pull of ${tenant.slug}'s feed is already under way`);
    await scheduleFeedPull(this.options.db, tenant.slug, new Date(this.clock().getTime() + tenant.stock.feed.everyMinutes * MINUTE));
    return this.pullClaimed(tenant, url);
  }

  async status(tenant: TenantConfig, limit = 10): Promise<FeedStatus> {
    return feedStatus(this.options.db, tenant, limit);
  }

  private async pullClaimed(tenant: TenantConfig, url: string): Promise<FeedPullRecord> {
    this.running.add(tenant.slug);
    try {
      return await this.pullOnce(tenant, url);
    } finally {
      this.running.delete(tenant.slug);
    }
  }

  private async pullOnce(tenant: TenantConfig, url: string): Promise<FeedPullRecord> {
    const { db } = this.options;
    const startedAt = this.clock();
    const validators = await lastFeedValidators(db, tenant.slug, url);
    const fetched = await this.options.source.fetch(url, validators);
    const base = { tenant: tenant.slug, url, startedAt: startedAt.toISOString(), etag: null, lastModified: null, summary: null };
    const record = async (outcome: FeedPullOutcome, fields: Partial<FeedPullRecord> & { message: string }) => {
      const pull = await recordFeedPull(db, {
        ...base,
        httpStatus: null,
        bytes: 0,
        ...fields,
        outcome,
        finishedAt: this.clock().toISOString(),
      });
      const facts = { tenant: tenant.slug, outcome, message: pull.message };
      if (outcome === "failed" || outcome === "empty") log.warn("stock feed pull changed nothing", facts);
      else log.info("stock feed pulled", facts);
      return pull;
    };

    if (fetched.kind === "not-modified") {
      return record("not-modified", { httpStatus: fetched.status, ...validators, message: "the feed has not changed since the last pull" });
    }
    if (fetched.kind === "failed") {
      return record("failed", { httpStatus: fetched.status, message: `${fetched.reason}; nothing was changed` });
    }
    const fields = { httpStatus: fetched.status, bytes: fetched.bytes.byteLength };
    const decoded = decodeFeed(fetched.bytes);
    if (decoded.text.trim() === "") return record("empty", { ...fields, message: "the feed was empty; nothing was changed" });

    const format = sniffFormat(url, fetched.contentType, decoded.text);
    let changed: string[] = [];
    let result: ImportResult;
    try {
      result = await importStock(
        { db, onChanged: (_slug, ids) => void (changed = ids) },
        tenant,
        { format, content: fetched.bytes },
        { markMissingSold: tenant.stock.feed.markMissingSold, now: startedAt },
      );
    } catch (error) {
      return record("failed", { ...fields, message: `the import failed (${String(error)}); nothing was changed` });
    }
    const saved = result.inserted + result.updated + result.unchanged;
    const summary = describeImport(result)[0];
    const unreadable = result.errors.find((e) => e.line === 0);
    if (unreadable)
      return record("failed", {
        ...fields,
        summary: result,
        message: `the feed could not be read: ${unreadable.reason}; nothing was changed`,
      });
    if (result.received === 0)
      return record("empty", { ...fields, summary: result, message: "the feed has no vehicles; nothing was changed" });
    if (saved === 0) {
      const why = result.errors[0]
        ? `: ${result.errors[0].line > 0 ? `line ${result.errors[0].line}: ` : ""}${result.errors[0].reason}`
        : "";
      return record("failed", {
        ...fields,
        summary: result,
        message: `no vehicle in the feed could be imported${why}; nothing was changed`,
      });
    }
    if (changed.length) {
      await Promise.resolve(this.options.onChanged?.(tenant.slug, changed)).catch((error: unknown) =>
        log.warn("search index will catch up at the next stock poll", { tenant: tenant.slug, error: String(error) }),
      );
    }
    return record("imported", { ...fields, etag: fetched.etag, lastModified: fetched.lastModified, summary: result, message: summary });
  }
}

/** A dealer's feed settings, next pull and latest pulls (read straight from the database; no puller needed). */
export async function feedStatus(db: Database, tenant: TenantConfig, limit = 10): Promise<FeedStatus> {
  return {
    tenant: tenant.slug,
    url: tenant.stock.feed.url ?? null,
    profile: tenant.stock.feed.profile,
    everyMinutes: tenant.stock.feed.everyMinutes,
    nextPullAt: tenant.stock.feed.url ? await nextFeedPullAt(db, tenant.slug) : null,
    pulls: await listFeedPulls(db, tenant.slug, limit),
  };
}

/** The status as the CLI prints it. */
export function describeFeedStatus(status: FeedStatus): string[] {
  const lines = [
    status.url
      ? `${status.tenant}: pulls ${status.url} every ${status.everyMinutes} minutes with the ${status.profile} profile` +
        (status.nextPullAt ? `; next pull at ${status.nextPullAt}` : "; not pulled yet")
      : `${status.tenant}: no stock.feed.url, so nothing is pulled on a schedule (profile ${status.profile})`,
  ];
  if (!status.pulls.length) lines.push("no pulls recorded");
  for (const pull of status.pulls) {
    lines.push(`${pull.startedAt} ${pull.outcome}${pull.httpStatus ? ` (HTTP ${pull.httpStatus})` : ""}: ${pull.message}`);
  }
  return lines;
}
