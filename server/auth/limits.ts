/**
 * Sign-in allowances, counted in the database's rate_limits table with the abuse limiter
 * (server/limits/rateLimit.ts), keyed on the E.164 phone (normalised first, so 0412..., +61412... and
 * 61412... share one allowance) or the shopper's address. Both adapters (embedded and Supabase) spend
 * them, so the site's limits hold whoever sends the SMS.
 */
import { pruneSignInRows } from "../db/accounts";
import type { Queryable } from "../db/database";
import { hashKey } from "../limits/hash";
import { limitsOn, type AbuseLimits } from "../limits/guard";
import { checkLimits, pruneRateLimits, type LimitCheck, type RateLimit } from "../limits/rateLimit";
import { log } from "../log";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A code per phone at most once a minute: the screen's "resend" waits 60 s, and a loop cannot spam a phone. */
export const CODE_SENDS_GAP: RateLimit = { bucket: "sign-in-send:phone-gap", max: 1, windowMs: MINUTE };
/** Five codes per phone per hour: a shopper who mistypes or misses a message a few times still gets in. */
export const CODE_SENDS_PER_PHONE: RateLimit = { bucket: "sign-in-send:phone", max: 5, windowMs: HOUR };
/**
 * Twenty codes per address per hour: every SMS costs the dealer money; twenty covers a household or an
 * office signing in, and stops one address texting a list of numbers.
 */
export const CODE_SENDS_PER_ADDRESS: RateLimit = { bucket: "sign-in-send:address", max: 20, windowMs: HOUR };
/**
 * Five wrong codes per phone per hour across codes: with a fresh code per send, five sends of five tries
 * would otherwise give 25 guesses an hour; this keeps a guesser at 5 in 10^6 per hour.
 */
export const WRONG_CODES_PER_PHONE: RateLimit = { bucket: "sign-in-wrong-code:phone", max: 5, windowMs: HOUR };
/** Wrong tries on one code before it is dead (a new code must be sent). */
export const MAX_TRIES_PER_CODE = 5;
/**
 * Contact look-ups (does this phone have an account?) per address: a sign-in asks once or twice, so
 * twenty an hour is generous and keeps the endpoint useless for finding out who is a customer.
 */
export const CONTACT_CHECKS_PER_ADDRESS: RateLimit = { bucket: "contact-check:address", max: 20, windowMs: HOUR };

export const SIGN_IN_LIMITS: readonly RateLimit[] = [
  CODE_SENDS_GAP,
  CODE_SENDS_PER_PHONE,
  CODE_SENDS_PER_ADDRESS,
  WRONG_CODES_PER_PHONE,
  CONTACT_CHECKS_PER_ADDRESS,
];

/** What `clientAddressOf` gives when no server entry supplied an address. */
const UNKNOWN_ADDRESS = "unknown";

type Hit = { limit: RateLimit; key: string };

/**
 * The allowances a code send spends. The address allowance follows RATE_LIMITS (off only for a test
 * server whose browsers all post from 127.0.0.1) and is skipped when the address is unknown; the phone
 * allowances always count: they protect the shopper's phone, not the server.
 */
export function codeSendHits(phone: string, clientAddress: string, countAddress = true): Hit[] {
  const address = clientAddress && clientAddress !== UNKNOWN_ADDRESS && countAddress ? clientAddress : "";
  return [
    { limit: CODE_SENDS_GAP, key: phone },
    { limit: CODE_SENDS_PER_PHONE, key: phone },
    ...(address ? [{ limit: CODE_SENDS_PER_ADDRESS, key: address }] : []),
  ];
}

/** Spends one code send for a phone (E.164) from an address. */
export async function spendCodeSend(
  limits: AbuseLimits,
  tenant: string,
  phone: string,
  clientAddress: string,
  now?: Date,
): Promise<LimitCheck> {
  const { db } = limits;
  const check = await checkLimits(db, tenant, codeSendHits(phone, clientAddress, limitsOn(limits)), now);
  schedulePrune(db);
  return check;
}

/** Whether a code may be sent now, without spending anything (POST /api/rate-limit asks before the send). */
export async function codeSendAllowed(
  limits: AbuseLimits,
  tenant: string,
  phone: string,
  clientAddress: string,
  now?: Date,
): Promise<LimitCheck> {
  const { db } = limits;
  const hits = codeSendHits(phone, clientAddress, limitsOn(limits));
  try {
    const counts = await Promise.all(hits.map(async (h) => ({ ...h, ...(await peekLimit(db, tenant, h.limit, h.key, now)) })));
    const over = counts.filter((c) => c.count >= c.limit.max);
    if (over.length === 0) return { allowed: true };
    const longest = over.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a));
    return { allowed: false, retryAfterSeconds: longest.retryAfterSeconds, bucket: longest.limit.bucket };
  } catch (error) {
    // The send itself is still limited; this answer only decides whether the screen offers it.
    log.warn("sign-in allowance not read", { tenant, error: String(error) });
    return { allowed: true };
  }
}

/** Whether a phone's wrong codes this hour already reached the allowance (read only). */
export async function wrongCodesExhausted(db: Queryable, tenant: string, phone: string, now?: Date): Promise<boolean> {
  const { count } = await peekLimit(db, tenant, WRONG_CODES_PER_PHONE, phone, now);
  return count >= WRONG_CODES_PER_PHONE.max;
}

/** Counts one wrong code for a phone. */
export async function spendWrongCode(db: Queryable, tenant: string, phone: string, now?: Date): Promise<void> {
  await checkLimits(db, tenant, [{ limit: WRONG_CODES_PER_PHONE, key: phone }], now);
}

/** Spends one contact look-up of an address; unknown addresses and RATE_LIMITS=off count nothing. */
export async function spendContactCheck(limits: AbuseLimits, tenant: string, clientAddress: string, now?: Date): Promise<LimitCheck> {
  if (!clientAddress || clientAddress === UNKNOWN_ADDRESS || !limitsOn(limits)) return { allowed: true };
  return checkLimits(limits.db, tenant, [{ limit: CONTACT_CHECKS_PER_ADDRESS, key: clientAddress }], now);
}

/** The current window's count of a key (0 when none or ended) and the seconds until it ends. */
export async function peekLimit(
  db: Queryable,
  tenant: string,
  limit: RateLimit,
  rawKey: string,
  now?: Date,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const rows = await db.query<{ count: number; seconds_left: number }>(
    `SELECT count,
       EXTRACT(EPOCH FROM (window_start + $4::double precision * interval '1 millisecond' - COALESCE($5::timestamptz, now())))::double precision AS seconds_left
     FROM rate_limits
     WHERE tenant = $1 AND bucket = $2 AND key = $3
       AND window_start <= COALESCE($5::timestamptz, now())
       AND window_start > COALESCE($5::timestamptz, now()) - $4::double precision * interval '1 millisecond'`,
    [tenant, limit.bucket, hashKey(limit.bucket, rawKey), limit.windowMs, now ? now.toISOString() : null],
  );
  if (!rows[0]) return { count: 0, retryAfterSeconds: 0 };
  return { count: Number(rows[0].count), retryAfterSeconds: Math.max(1, Math.ceil(Number(rows[0].seconds_left))) };
}

/** How often each process prunes sign-in leftovers, at most. */
const PRUNE_EVERY_MS = 10 * MINUTE;
const nextPrune = new WeakMap<object, number>();

/**
 * Expired sessions, long-dead codes and ended windows of the sign-in buckets go in the background, at
 * most every ten minutes per database (the first time one interval after the first sign-in activity).
 */
export function schedulePrune(db: Queryable): void {
  const now = Date.now();
  const due = nextPrune.get(db);
  if (due !== undefined && now < due) return;
  nextPrune.set(db, now + PRUNE_EVERY_MS);
  if (due === undefined) return;
  Promise.all([pruneRateLimits(db, undefined, SIGN_IN_LIMITS), pruneSignInRows(db)]).catch((error) =>
    log.warn("old sign-in rows not pruned", { error: String(error) }),
  );
}
