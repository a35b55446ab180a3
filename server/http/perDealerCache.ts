/**
 * One value per dealer, kept for a fixed time: the header's stock menus, the search vocabulary and the
 * budget search's prices are asked by nearly every page view and change only when stock does.
 * Shoppers arriving together while a dealer's value is missing share one load; a load that fails is
 * not kept, so the next page view tries again.
 */
export interface PerDealerCache<T> {
  /** The dealer's kept value, or the result of `load` (kept for the cache's lifetime once it succeeds). */
  get(dealer: string, load: () => Promise<T>): Promise<T>;
}

/** Every per-dealer cache's entries, so a dealer's settings change can drop what each kept for it. */
const everyCache = new Set<Map<string, unknown>>();

/** A dealer's settings changed: what every per-dealer cache kept for it is dropped. */
export function forgetDealer(dealer: string): void {
  for (const entries of everyCache) entries.delete(dealer);
}

export function perDealerCache<T>(ttlMs: number, clock: () => number = Date.now): PerDealerCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  everyCache.add(entries);
  return {
    get(dealer, load) {
      const now = clock();
      const kept = entries.get(dealer);
      if (kept && now - kept.at < ttlMs) return kept.value;
      // A load that throws before returning its promise is a failed load like any other.
      const value = new Promise<T>((resolve) => resolve(load()));
      const entry = { at: now, value };
      entries.set(dealer, entry);
      value.catch(() => {
        if (entries.get(dealer) === entry) entries.delete(dealer);
      });
      return value;
    },
  };
}
