/**
 * Saved searches' addresses and limits (issue 27), kept apart from the filters in words so the results
 * page and the garage load only this: where the save form posts, the disclosure's fragment, the outcome a
 * post without JavaScript leaves in the results page's address, the limits and the consent line.
 */

/** At most this many saved searches a shopper a dealer. */
export const SAVED_SEARCH_LIMIT = 20;
/** A saved search's name, at most this many characters. */
export const SAVED_SEARCH_NAME_MAX = 80;

/** The consent line, in the dealer's name (the Spam Act asks for express consent naming the sender). */
export function consentWords(dealerName: string): string {
  return `I agree to receive alerts about cars matching this search from ${dealerName} by SMS or e-mail. Unsubscribe at any time.`;
}

/** Where the save form and the garage's saved-search buttons post (app/routes/saved-searches). */
export const SAVED_SEARCHES_PATH = "/saved-searches";
/** The disclosure on the results page, opened by this fragment (after signing in with JavaScript). */
export const SAVE_SEARCH_ANCHOR = "save-search";
/** The results page's address after a save without JavaScript: `?search_saved=1` or `?search_error=<code>`. */
export const SEARCH_SAVED_KEY = "search_saved";
export const SEARCH_ERROR_KEY = "search_error";

const OUTCOME_KEYS = new Set<string>([SEARCH_SAVED_KEY, SEARCH_ERROR_KEY, "saved", "removed", "watchlist_error"]);

function keyOf(pair: string): string {
  const name = pair.split("=", 1)[0].replace(/\+/g, " ");
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * A results page's query without an outcome shown on it (a search saved, a car saved), '' when nothing
 * else is left; the rest exactly as written, so the page keeps its address (and its place in the page cache).
 */
export function withoutSaveOutcome(search: string): string {
  const query = search.startsWith("?") ? search.slice(1) : search;
  const kept = query.split("&").filter((pair) => pair !== "" && !OUTCOME_KEYS.has(keyOf(pair)));
  return kept.length ? `?${kept.join("&")}` : "";
}

/** The page's path and query with the save's outcome added: `?search_saved=1`, `?search_error=limit`. */
export function withSaveOutcome(pathAndQuery: string, key: typeof SEARCH_SAVED_KEY | typeof SEARCH_ERROR_KEY, value: string): string {
  const hashAt = pathAndQuery.indexOf("#");
  const beforeHash = hashAt === -1 ? pathAndQuery : pathAndQuery.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = withoutSaveOutcome(queryAt === -1 ? "" : beforeHash.slice(queryAt));
  return `${path}${query ? `${query}&` : "?"}${key}=${encodeURIComponent(value)}`;
}
