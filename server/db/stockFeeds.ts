/** Scheduled stock feed pulls (server/stock/feedPull.ts): each dealer's next pull and the record of each attempt. */
import type { Queryable } from "./database";
import { iso, newId } from "./ids";

export type FeedPullOutcome = "imported" | "not-modified" | "failed" | "empty";

export interface FeedPullRecord {
  id: string;
  tenant: string;
  url: string;
  startedAt: string;
  finishedAt: string;
  outcome: FeedPullOutcome;
  httpStatus: number | null;
  bytes: number;
  etag: string | null;
  lastModified: string | null;
  message: string;
  /** The import's result (ImportResult), when the feed was read. */
  summary: unknown;
}

/** Attempts kept per dealer; older ones are deleted as new ones are recorded. */
export const FEED_PULLS_KEPT = 100;

/**
 * Takes the dealer's pull if it is due (or was never scheduled), moving its next pull to `nextAt`.
 * True when this caller should pull now; false when it is not due or another instance took it.
 */
export async function claimFeedPull(db: Queryable, tenant: string, now: Date, nextAt: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO stock_feed_schedule (tenant, next_pull_at) VALUES ($1, $3::timestamptz)
     ON CONFLICT (tenant) DO UPDATE SET next_pull_at = EXCLUDED.next_pull_at
       WHERE stock_feed_schedule.next_pull_at <= $2::timestamptz
     RETURNING tenant`,
    [tenant, now.toISOString(), nextAt.toISOString()],
  );
  return rows.length > 0;
}

/** Sets the dealer's next pull (after a pull asked for by hand). */
export async function scheduleFeedPull(db: Queryable, tenant: string, nextAt: Date): Promise<void> {
  await db.query(
    `INSERT INTO stock_feed_schedule (tenant, next_pull_at) VALUES ($1, $2::timestamptz)
     ON CONFLICT (tenant) DO UPDATE SET next_pull_at = EXCLUDED.next_pull_at`,
    [tenant, nextAt.toISOString()],
  );
}

export async function nextFeedPullAt(db: Queryable, tenant: string): Promise<string | null> {
  const rows = await db.query<{ next_pull_at: unknown }>("SELECT next_pull_at FROM stock_feed_schedule WHERE tenant = $1", [tenant]);
  return rows[0] ? iso(rows[0].next_pull_at) : null;
}

/** The validators of the last pull of this address that imported (or found it unchanged): what a conditional GET sends. */
export async function lastFeedValidators(
  db: Queryable,
  tenant: string,
  url: string,
): Promise<{ etag: string | null; lastModified: string | null }> {
  const rows = await db.query<{ etag: string | null; last_modified: string | null }>(
    `SELECT etag, last_modified FROM stock_feed_pulls
      WHERE tenant = $1 AND url = $2 AND outcome IN ('imported', 'not-modified')
      ORDER BY started_at DESC LIMIT 1`,
    [tenant, url],
  );
  return { etag: rows[0]?.etag ?? null, lastModified: rows[0]?.last_modified ?? null };
}

export async function recordFeedPull(db: Queryable, pull: Omit<FeedPullRecord, "id">): Promise<FeedPullRecord> {
  const id = newId();
  await db.query(
    `INSERT INTO stock_feed_pulls (id, tenant, url, started_at, finished_at, outcome, http_status, bytes, etag, last_modified, message, summary)
     VALUES ($1, $2, $3, $4::timestamptz, $5::timestamptz, $6, $7, $8, $9, $10, $11, $12::jsonb)`,
    [
      id,
      pull.tenant,
      pull.url,
      pull.startedAt,
      pull.finishedAt,
      pull.outcome,
      pull.httpStatus,
      pull.bytes,
      pull.etag,
      pull.lastModified,
      pull.message,
      pull.summary === undefined || pull.summary === null ? null : JSON.stringify(pull.summary),
    ],
  );
  await db.query(
    `DELETE FROM stock_feed_pulls WHERE tenant = $1 AND id NOT IN (
       SELECT id FROM stock_feed_pulls WHERE tenant = $1 ORDER BY started_at DESC LIMIT ${FEED_PULLS_KEPT})`,
    [pull.tenant],
  );
  return { id, ...pull };
}

/** The dealer's latest pulls, newest first. */
export async function listFeedPulls(db: Queryable, tenant: string, limit = 10): Promise<FeedPullRecord[]> {
  const rows = await db.query<{
    id: string;
    tenant: string;
    url: string;
    started_at: unknown;
    finished_at: unknown;
    outcome: FeedPullOutcome;
    http_status: number | null;
    bytes: number;
    etag: string | null;
    last_modified: string | null;
    message: string;
    summary: unknown;
  }>(`SELECT * FROM stock_feed_pulls WHERE tenant = $1 ORDER BY started_at DESC LIMIT $2`, [tenant, Math.max(1, Math.min(100, limit))]);
  return rows.map((r) => ({
    id: r.id,
    tenant: r.tenant,
    url: r.url,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
    outcome: r.outcome,
    httpStatus: r.http_status,
    bytes: Number(r.bytes),
    etag: r.etag,
    lastModified: r.last_modified,
    message: r.message,
    summary: typeof r.summary === "string" ? (JSON.parse(r.summary) as unknown) : r.summary,
  }));
}
