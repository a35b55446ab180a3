/**
 * Cache lifetimes, by what a response is. Shared pages (home, results) may be kept by the page cache
 * and a CDN; anything that depends on the shopper (their session, their saved cars, their lead) stays
 * private; answers that must never be replayed are not stored at all.
 */

/**
 * Public pages (home, results, vehicle, content, offers, locations, brands, models, reviews, dealer
 * locator) depend only on the URL and host: the page cache and a CDN keep them a minute (`s-maxage`). A
 * shopper's browser keeps no copy it would show without asking (`max-age=0`, and no stale directive a
 * browser reads): it asks every time and the server answers from its cache, so after reserving a car the
 * shopper never sees their browser's older copy of its page. What is the shopper's comes from /api/me.
 *
 * The shared caches are told more, in headers only they read (`SHARED_CACHE_DIRECTIVES`): answer from a
 * copy 30 seconds past its minute while a fresh one is fetched, and for a day while this server cannot
 * answer. A stock change drops the dealer's pages from the page cache at once and purges the CDN's copies by
 * their surrogate keys (docs/cdn.md); a purged or dropped page is never served stale.
 */
export const PAGE_CACHE = "public, max-age=0, s-maxage=60";
/**
 * What the shared caches read beside `PAGE_CACHE`, as `CDN-Cache-Control` (RFC 9213; Cloudflare, and this
 * server's page cache) and `Surrogate-Control` (Fastly): the same minute, then stale while revalidating
 * and stale on error. Browsers ignore both headers.
 */
export const SHARED_CACHE_DIRECTIVES = "max-age=60, stale-while-revalidate=30, stale-if-error=86400";

/** Adds the shared caches' own directives to a public page's answer (one with `PAGE_CACHE`). */
export function withSharedCacheDirectives(headers: Headers): void {
  if (headers.get("cache-control") !== PAGE_CACHE) return;
  headers.set("CDN-Cache-Control", SHARED_CACHE_DIRECTIVES);
  headers.set("Surrogate-Control", SHARED_CACHE_DIRECTIVES);
}

/** Dealer-wide lists that change slowly (price ranges, missing media). */
export const PUBLIC_FIVE_MINUTES = "public, max-age=300";
/**
 * The ad channels' feeds (/feeds/...): any cache may keep a copy but must ask again every time (ETag,
 * Last-Modified), so a sold car is gone from the next fetch; the server answers an unchanged feed 304.
 */
export const CHANNEL_FEED = "public, no-cache";
/** Generated pictures and fingerprinted files never change under their address. */
export const IMMUTABLE_ASSET = "public, max-age=31536000, immutable";

/** Pages shaped for one shopper (print page, enquiry pages): kept, but checked every time. */
export const PRIVATE_NO_CACHE = "private, no-cache";
/** Answers to one shopper's post or limit (refused forms, success page, too many requests). */
export const PRIVATE_NO_STORE = "private, no-store";
/** One shopper's short-lived lookups (similar cars, compared cars). */
export const PRIVATE_ONE_MINUTE = "private, max-age=60";
/** One shopper's slower lookups (price comparison, delivery estimate, brochure). */
export const PRIVATE_FIVE_MINUTES = "private, max-age=300";
/** A car's history report, drawn for the shopper who opened it. */
export const PRIVATE_ONE_HOUR = "private, max-age=3600";

/** Health checks, counters, data exports and failures: never stored anywhere. */
export const NO_STORE = "no-store";
