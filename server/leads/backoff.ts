/**
 * When a failed delivery is tried again: exponential back-off with jitter, so a dealer's CRM that
 * comes back after an outage is not hit by every waiting lead in the same second. Pure.
 */
export interface BackoffPolicy {
  /** Wait after the first failed attempt, before jitter. */
  baseMs: number;
  /** Longest wait between attempts. */
  maxMs: number;
  /** Attempts before a delivery is marked failed for good. */
  maxAttempts: number;
}

/** About 30 s, 1, 2, 4 ... minutes up to an hour apart; 12 attempts span 2.5 to 5 hours. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 30_000, maxMs: 60 * 60_000, maxAttempts: 12 };

/**
 * The wait after failed attempt number `attempt` (1 for the first), or null when that was the last
 * one allowed. "Equal jitter": half the exponential step is fixed and half random, so waits still
 * grow but spread out. `random` returns a number in [0, 1).
 */
export function retryDelay(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number | null {
  if (attempt >= policy.maxAttempts) return null;
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(step / 2 + (step / 2) * r);
}
