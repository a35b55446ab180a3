/**
 * Whether a request came from a page of this dealer's site: the one check behind the lead forms'
 * visited pages, the sign-in's way back, and the watchlist's GET after sign-in. The host is what tells
 * one dealer site from another; the scheme is not compared (behind a TLS-terminating proxy the server
 * may see http where the browser says https). Paths handed on as redirects still pass
 * `safeRedirectPath` (app/domain/safeRedirect.ts), the one redirect-safety check.
 */

/** Whether `url` (absolute, as browsers send Referer and Origin) is on `host`. A malformed one is not. */
export function isOnHost(url: string, host: string): boolean {
  try {
    return new URL(url).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

/** The page of this site the shopper came from (the Referer, when it is on the request's host), else null. */
export function refererOnThisSite(request: Request): URL | null {
  const referer = request.headers.get("Referer");
  if (!referer || !isOnHost(referer, new URL(request.url).host)) return null;
  return new URL(referer);
}

/** That page as a path with its query (cut to `max` characters), else null. */
export function refererPath(request: Request, max = 300): string | null {
  const from = refererOnThisSite(request);
  return from ? `${from.pathname}${from.search}`.slice(0, max) : null;
}

/**
 * Whether a GET is a navigation from a page of this site: Sec-Fetch-Site says so where the browser
 * sends it, else the Referer's host; a request with neither (a browser that sends no Referer) counts.
 */
export function isSameOriginNavigation(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin";
  const referer = request.headers.get("Referer");
  return !referer || isOnHost(referer, new URL(request.url).host);
}
