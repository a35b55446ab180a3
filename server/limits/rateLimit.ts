/**
 * Abuse limits for what shoppers can send without signing in (lead forms, phone reveals, analytics
 * beacons), counted in the database's `rate_limits` table so one limit holds across every server
 * instance on PostgreSQL as well as in the embedded PGlite default.
 *
 * Each hit is one atomic statement: insert the counter, or bump it, or start a fresh window when the
 * stored one has ended. A window starts at the first hit after the previous one ended (not on the
 * clock's minute), so a burst cannot straddle two windows to get twice the allowance in a moment.
 * Keys are sha256 hashes: no shopper's address, e-mail or phone number is stored in the table.
 *
 * The limiter protects dealers from floods; it must never cost them a real lead. When its database
 * call fails the request goes through and a warning is logged.
 */
import type { Queryable } from "../db/database";
import { log } from "../log";
import { hashKey } from "./hash";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** One named allowance: at most `max` hits per key in `windowMs`. */
export interface RateLimit {
  /** Stored in `rate_limits.bucket`; also names the limit in logs. */
  readonly bucket: string;
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Lead forms (vehicle page enquiry, 'something similar', Request Photos, finance, test drive, trade-in,
 * reserve), per shopper address. A keen shopper enquires on three or four cars and books a test drive
 * in one sitting; ten leads in ten minutes from one address is well beyond that, yet high enough for a
 * household or an office (or a mobile carrier's shared address) behind one address. 200 scripted
 * enquiries in a few seconds stop at the tenth.
 */
export const LEAD_FORMS_PER_ADDRESS: RateLimit = { bucket: "lead-form:address", max: 10, windowMs: 10 * MINUTE };

/**
 * Lead forms per e-mail address and per phone number typed in the form: a person rarely sends more
 * than a few enquiries in ten minutes, and a bot rotating addresses still repeats the same victim's
 * contact details (flooding someone with dealer follow-ups). Five leaves room for an enquiry, a test
 * drive, finance and a trade-in about the same car.
 */
export const LEAD_FORMS_PER_EMAIL: RateLimit = { bucket: "lead-form:email", max: 5, windowMs: 10 * MINUTE };
export const LEAD_FORMS_PER_PHONE: RateLimit = { bucket: "lead-form:phone", max: 5, windowMs: 10 * MINUTE };

/**
 * Phone reveals per shopper address: every reveal is a lead the dealer's sales team follows up, so a
 * loop of reveals floods the CRM. A shopper comparing cars reveals the number on a handful of them;
 * twenty an hour is generous. Over the limit the number still shows in the page (it is revealed in the
 * browser); only the lead is not stored.
 */
export const PHONE_REVEALS_PER_ADDRESS: RateLimit = { bucket: "phone-reveal:address", max: 20, windowMs: HOUR };

/**
 * Analytics beacons per shopper address: a page sends a few events (view, phone click, calculator,
 * print), so two a second held for a minute is far beyond a person, even several behind one address,
 * and stops a script from filling the events table.
 */
export const ANALYTICS_EVENTS_PER_ADDRESS: RateLimit = { bucket: "analytics-event:address", max: 120, windowMs: MINUTE };

/**
 * One captcha answer (the server's question answered, or the widget's solved challenge) accepted again:
 * a page kept in the page cache carries one question for every shopper of a minute (decision 0022), and
 * a shopper whose form came back for another reason sends the same answer again. Five times from one
 * address and twenty in all, within the question's lifetime, so one solved answer never opens the form
 * to a flood. Past that the shopper is asked a new question of their own.
 */
export const CAPTCHA_ANSWER_PER_ADDRESS: RateLimit = { bucket: "captcha-answer:address", max: 5, windowMs: 30 * MINUTE };
export const CAPTCHA_ANSWER_USES: RateLimit = { bucket: "captcha-answer:uses", max: 20, windowMs: 30 * MINUTE };

/** Every limit above; old rows of these buckets are pruned. */
export const ABUSE_LIMITS: readonly RateLimit[] = [
  LEAD_FORMS_PER_ADDRESS,
  LEAD_FORMS_PER_EMAIL,
  LEAD_FORMS_PER_PHONE,
  PHONE_REVEALS_PER_ADDRESS,
  ANALYTICS_EVENTS_PER_ADDRESS,
  CAPTCHA_ANSWER_PER_ADDRESS,
  CAPTCHA_ANSWER_USES,
];

/** A counter never grows past this, whatever a flood sends (the column is a 32-bit integer). */
const COUNT_CEILING = 1_000_000;

export interface LimitHit {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Whole seconds until the current window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit of `rawKey` (hashed before storing) against `limit` for a dealer. `now` is the
 * database's clock unless given (tests pass one to move through windows). Throws when the database
 * fails; routes use `checkLimits`, which lets the request through instead.
 */
export async function hitLimit(db: Queryable, tenant: string, limit: RateLimit, rawKey: string, now?: Date): Promise<LimitHit> {
  // Both CASEs read the row as it was before this statement, so they agree on whether the window ended.
  const live = `r.window_start <= EXCLUDED.window_start AND r.window_start > EXCLUDED.window_start - $5::double precision * interval '1 millisecond'`;
  const rows = await db.query<{ count: number; seconds_left: number }>(
    `INSERT INTO rate_limits AS r (tenant, bucket, key, window_start, count)
     VALUES ($1, $2, $3, COALESCE($4::timestamptz, now()), 1)
     ON CONFLICT (tenant, bucket, key) DO UPDATE SET
       count = CASE WHEN ${live} THEN LEAST(r.count + 1, ${COUNT_CEILING}) ELSE 1 END,
       window_start = CASE WHEN ${live} THEN r.window_start ELSE EXCLUDED.window_start END
     RETURNING count,
       EXTRACT(EPOCH FROM (window_start + $5::double precision * interval '1 millisecond' - COALESCE($4::timestamptz, now())))::double precision AS seconds_left`,
    [tenant, limit.bucket, hashKey(limit.bucket, rawKey), now ? now.toISOString() : null, limit.windowMs],
  );
  const count = Number(rows[0].count);
  return { allowed: count <= limit.max, count, retryAfterSeconds: Math.max(1, Math.ceil(Number(rows[0].seconds_left))) };
}

export type LimitCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number; bucket: string };

/**
 * Counts one hit on each (limit, key) pair and refuses when any is over its allowance. Empty keys (no
 * address known, no e-mail typed) are not counted. A database failure lets the request through with
 * a warning: the limiter never loses a lead.
 */
export async function checkLimits(
  db: Queryable,
  tenant: string,
  hits: { limit: RateLimit; key: string }[],
  now?: Date,
): Promise<LimitCheck> {
  const counted = hits.filter((h) => h.key.trim() !== "");
  let results: (LimitHit & { bucket: string })[];
  try {
    results = await Promise.all(
      counted.map(async (h) => ({ ...(await hitLimit(db, tenant, h.limit, h.key, now)), bucket: h.limit.bucket })),
    );
  } catch (error) {
    log.warn("rate limit not checked; request let through", { tenant, buckets: counted.map((h) => h.limit.bucket), error: String(error) });
    return { allowed: true };
  }
  schedulePrune(db);
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return { allowed: true };
  const longest = refused.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a));
  log.warn("rate limit reached", { tenant, bucket: longest.bucket, retryAfterSeconds: longest.retryAfterSeconds });
  return { allowed: false, retryAfterSeconds: longest.retryAfterSeconds, bucket: longest.bucket };
}

/**
 * Deletes counters of the abuse limits whose window has ended (they would restart at 1 anyway).
 * One statement; `now` is the database's clock unless given. Returns how many rows went.
 */
export async function pruneRateLimits(db: Queryable, now?: Date, limits: readonly RateLimit[] = ABUSE_LIMITS): Promise<number> {
  if (limits.length === 0) return 0;
  const params: unknown[] = [now ? now.toISOString() : null];
  const conditions = limits.map((limit) => {
    params.push(limit.bucket, limit.windowMs);
    const b = params.length - 1;
    return `(bucket = $${b} AND window_start <= COALESCE($1::timestamptz, now()) - $${b + 1}::double precision * interval '1 millisecond')`;
  });
  const rows = await db.query<{ bucket: string }>(`DELETE FROM rate_limits WHERE ${conditions.join(" OR ")} RETURNING bucket`, params);
  return rows.length;
}

/** How often each process prunes, at most. */
export const PRUNE_EVERY_MS = 10 * MINUTE;
const nextPrune = new WeakMap<object, number>();

/** Prunes in the background at most every PRUNE_EVERY_MS per database, after the first interval. */
function schedulePrune(db: Queryable): void {
  const now = Date.now();
  const due = nextPrune.get(db);
  if (due === undefined) {
    nextPrune.set(db, now + PRUNE_EVERY_MS);
    return;
  }
  if (now < due) return;
  nextPrune.set(db, now + PRUNE_EVERY_MS);
  pruneRateLimits(db).catch((error) => log.warn("old rate limit rows not pruned", { error: String(error) }));
}
