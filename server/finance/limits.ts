/**
 * How often a shopper may ask the finance broker (house abuse limits, server/limits): quotes per
 * address, customers per address and per mobile. Counted in rate_limits like the other allowances
 * (RATE_LIMITS=off turns them off for a test server), and their ended windows pruned here.
 */
import { spendAllowance, type AbuseLimits } from "../limits/guard";
import { pruneRateLimits, type LimitCheck, type RateLimit } from "../limits/rateLimit";
import { log } from "../log";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Quick quotes per shopper address: the quote box asks again 500 ms after each change, so a shopper
 * trying prices, terms and credit histories sends a few dozen in a sitting; 120 in ten minutes is far
 * beyond that, and stops a script from using the dealer's broker as a free rate service.
 */
export const QUOTES_PER_ADDRESS: RateLimit = { bucket: "finance-quote:address", max: 120, windowMs: 10 * MINUTE };

/**
 * Finance customers per address and per mobile: each is an application the dealer's finance team (or
 * the broker) works on. A shopper applies once or twice (another car, another amount); five an hour per
 * mobile and ten per address (a household, an office) leave room for that and stop a flood.
 */
export const CUSTOMERS_PER_ADDRESS: RateLimit = { bucket: "finance-customer:address", max: 10, windowMs: HOUR };
export const CUSTOMERS_PER_PHONE: RateLimit = { bucket: "finance-customer:phone", max: 5, windowMs: HOUR };

export const FINANCE_LIMITS: readonly RateLimit[] = [QUOTES_PER_ADDRESS, CUSTOMERS_PER_ADDRESS, CUSTOMERS_PER_PHONE];

type Hit = { limit: RateLimit; key: string };

/** An address only counts when the server entry knew it; otherwise every shopper would share one allowance. */
const byAddress = (limit: RateLimit, clientAddress: string): Hit[] =>
  clientAddress && clientAddress !== "unknown" ? [{ limit, key: clientAddress }] : [];

export const quoteHits = (clientAddress: string): Hit[] => byAddress(QUOTES_PER_ADDRESS, clientAddress);

export const customerHits = (clientAddress: string, phone: string): Hit[] => [
  ...byAddress(CUSTOMERS_PER_ADDRESS, clientAddress),
  { limit: CUSTOMERS_PER_PHONE, key: phone.replace(/\D/g, "") },
];

const PRUNE_EVERY_MS = 10 * MINUTE;
const nextPrune = new WeakMap<object, number>();

/** Spends the hits; ended windows of the finance buckets are pruned in the background every ten minutes at most. */
export async function spendFinanceAllowance(limits: AbuseLimits, tenant: string, hits: Hit[]): Promise<LimitCheck> {
  const { db } = limits;
  const now = Date.now();
  const due = nextPrune.get(db);
  if (due === undefined || now >= due) {
    nextPrune.set(db, now + PRUNE_EVERY_MS);
    if (due !== undefined) {
      pruneRateLimits(db, undefined, FINANCE_LIMITS).catch((error) =>
        log.warn("old finance rate limit rows not pruned", { error: String(error) }),
      );
    }
  }
  return spendAllowance(limits, tenant, hits);
}
