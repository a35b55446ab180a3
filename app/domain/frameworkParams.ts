/**
 * Query parameters the framework puts on a request, never the shopper's: they must not reach a lead's
 * `lead_attributes`, a canonical or sign-in address, or a redirect a shopper is sent on.
 *
 * - `_routes`: single fetch names the loaders a `/<path>.data` request runs (a client-side navigation
 *   that keeps the layout's data asks for the page's loader only). Remix takes `.data` off the path
 *   before the loaders see the request, but hands `_routes` on in its query.
 * - `index`: a post to an index route (`/?index`).
 * - `_data`: Remix's data requests before single fetch. The browser no longer sends it, but the server
 *   still answers an address that carries it, so a link or a bot may.
 */
export const FRAMEWORK_PARAMS: readonly string[] = ["_routes", "index", "_data"];

export function isFrameworkParam(name: string): boolean {
  return FRAMEWORK_PARAMS.includes(name);
}

/** The address without the framework's parameters (a copy; the shopper's own query kept as written). */
export function withoutFrameworkParams(url: URL): URL {
  const copy = new URL(url);
  for (const name of FRAMEWORK_PARAMS) copy.searchParams.delete(name);
  return copy;
}
