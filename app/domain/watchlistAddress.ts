/**
 * The watchlist's two calls (spec 000 section 7) and the outcome of one that a page's address carries
 * (spec 000 section 4, Watchlist): without JavaScript the form post is redirected back to the page with
 * it, and the page shows the toast from it. Kept apart from the watchlist's words so a page of Save
 * buttons loads only this.
 */

export const SAVE_CAR_PATH = "/api/watchlist/save-car";
export const REMOVE_CAR_PATH = "/api/watchlist/remove-car";

/**
 * What a plain form post (no JavaScript) or the sign-in it needed leaves in the page's address:
 * `?saved=<car id>`, `?removed=<car id>`, `?watchlist_error=<code>` (a code of WATCHLIST_ERRORS).
 */
export const WATCHLIST_ADDRESS_KEYS = ["saved", "removed", "watchlist_error"] as const;

/** Whether the address says this car was just saved (true) or removed (false); null when it says neither. */
export function watchlistOutcomeFor(params: URLSearchParams, carId: string): boolean | null {
  if (params.get("saved") === carId) return true;
  if (params.get("removed") === carId) return false;
  return null;
}

/**
 * The address's query (`?a=1&saved=x`) without a watchlist outcome, '' when nothing else is left. The
 * rest is kept exactly as it was written (a results page's 'price=5000:20000' stays readable, and the
 * page keeps its address in the page cache).
 */
export function withoutWatchlistOutcome(search: string): string {
  const query = search.startsWith("?") ? search.slice(1) : search;
  const kept = query.split("&").filter((pair) => pair !== "" && !(WATCHLIST_ADDRESS_KEYS as readonly string[]).includes(keyOf(pair)));
  return kept.length ? `?${kept.join("&")}` : "";
}

/** The address with this outcome added (after any other query), for a form post coming back. */
export function withWatchlistOutcome(pathAndQuery: string, key: WatchlistAddressKey, value: string): string {
  const hashAt = pathAndQuery.indexOf("#");
  const hash = hashAt === -1 ? "" : pathAndQuery.slice(hashAt);
  const beforeHash = hashAt === -1 ? pathAndQuery : pathAndQuery.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = withoutWatchlistOutcome(queryAt === -1 ? "" : beforeHash.slice(queryAt));
  const outcome = new URLSearchParams({ [key]: value }).toString();
  return `${path}${query ? `${query}&` : "?"}${outcome}${hash}`;
}

export type WatchlistAddressKey = (typeof WATCHLIST_ADDRESS_KEYS)[number];

function keyOf(pair: string): string {
  const name = pair.split("=", 1)[0].replace(/\+/g, " ");
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
