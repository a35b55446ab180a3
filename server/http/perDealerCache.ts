/**
 * Values kept for a fixed time by key. One value per dealer (`perDealerCache`): the header's stock
 * menus, the search vocabulary and the budget search's prices are asked by nearly every page view and
 * change only when stock does. One figure per car (~/server/vehicles/viewCounts.ts): its view count.
 *
 * Page views arriving together while a value is missing share one load; a load that fails is not kept
 * (unless a newer value took its place), so the next page view tries again. A cache may be bounded: the
 * value put in longest ago goes first.
 */
export interface TimedCache<T> {
  /** The key's kept value, or the result of `load` (kept for the cache's lifetime once it succeeds). */
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Keeps `value` for the key from now, in place of what was kept. */
  set(key: string, value: T): void;
  /** Drops what is kept for the key. */
  forget(key: string): void;
}

export interface TimedCacheOptions {
  /** How long a value is kept. */
  ttlMs: number;
  /** Values kept at most (unbounded when absent). */
  maxEntries?: number;
  clock?: () => number;
}

export function timedCache<T>({ ttlMs, maxEntries = Infinity, clock = Date.now }: TimedCacheOptions): TimedCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  const keep = (key: string, entry: { at: number; value: Promise<T> }) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };
  return {
    get(key, load) {
      const now = clock();
      const kept = entries.get(key);
      if (kept && now - kept.at < ttlMs) return kept.value;
      // A load that throws before returning its promise is a failed load like any other.
      const value = new Promise<T>((resolve) => resolve(load()));
      const entry = { at: now, value };
      keep(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    set(key, value) {
      keep(key, { at: clock(), value: Promise.resolve(value) });
    },
    forget(key) {
      entries.delete(key);
    },
  };
}

/** One value per dealer, kept for a fixed time. */
export type PerDealerCache<T> = Pick<TimedCache<T>, "get">;

/** Every per-dealer cache, so a dealer's settings change can drop what each kept for it. */
const everyCache = new Set<TimedCache<unknown>>();

/** A dealer's settings changed: what every per-dealer cache kept for it is dropped. */
export function forgetDealer(dealer: string): void {
  for (const cache of everyCache) cache.forget(dealer);
}

export function perDealerCache<T>(ttlMs: number, clock: () => number = Date.now): PerDealerCache<T> {
  const cache = timedCache<T>({ ttlMs, clock });
  everyCache.add(cache as TimedCache<unknown>);
  return cache;
}
