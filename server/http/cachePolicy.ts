/**
 * Cache lifetimes, by what a response is. Shared pages (home, results) may be kept by the page cache
 * and a CDN; anything that depends on the shopper (their session, their saved cars, their lead) stays
 * private; answers that must never be replayed are not stored at all.
 */

/**
 * Public pages (home, results, vehicle, content, offers, locations, brands, models, reviews, dealer
 * locator) depend only on the URL and host: the page cache and a CDN keep them a minute (`s-maxage`); a
 * CDN may answer from its copy 30 seconds longer while it fetches a fresh one (`stale-while-revalidate`),
 * and for a day while this server cannot answer (`stale-if-error`). A stock change drops the dealer's
 * pages from this process's page cache at once and purges the configured CDN's copies by their surrogate
 * keys (docs/cdn.md); a purge is a hard one (Cloudflare's purge_cache, Fastly without soft purge), so no
 * stale copy of a purged page is served. A shopper's browser keeps no fresh copy (`max-age=0`: it asks
 * every time, and the server answers from its cache), but a browser that honours
 * `stale-while-revalidate` (Chrome, Firefox) may show its own copy, up to 30 seconds old, once while it
 * fetches the new one: a shopper who has just reserved a car can see its older page that once. What is
 * the shopper's comes from /api/me.
 */
export const PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400";
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
