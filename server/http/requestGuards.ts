/**
 * The checks every request passes before Remix sees it (the order is decision 0012): method, request
 * target, Host, percent-encoding, same-origin for anything that changes state, content type and body
 * size. Each check is a pure function of the request line and headers, so the hostile-request cases
 * are unit-tested here and the server only wires them up.
 */
import { tagSources, type DealerTags } from "~/domain/dealerTags";
import { isOnHost } from "./sameSite";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
export const ALLOW_HEADER = ALLOWED_METHODS.join(", ");

/** A form body larger than this is refused (413): every lead form is a few kilobytes. */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

export interface Refusal {
  status: 400 | 401 | 403 | 405 | 413 | 415;
  message: string;
  headers?: Record<string, string>;
}

const refuse = (status: Refusal["status"], message: string, headers?: Record<string, string>): Refusal => ({ status, message, headers });

/** GET, HEAD and POST are served; OPTIONS is answered by the server itself; anything else is 405. */
export function checkMethod(method: string): Refusal | null {
  return (ALLOWED_METHODS as readonly string[]).includes(method)
    ? null
    : refuse(405, "This address answers GET, HEAD and POST only.", { Allow: ALLOW_HEADER });
}

/**
 * Host names as browsers and proxies send them: a DNS name (with an optional trailing dot) or a
 * bracketed IPv6 address, and at most one port. `dealer.localhost:3000:80` and the like are refused.
 */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}\.?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

export function isValidHost(host: string | undefined | null): boolean {
  if (!host || host.length > 260 || !HOST.test(host)) return false;
  const port = /:(\d+)$/.exec(host.startsWith("[") ? host.slice(host.indexOf("]")) : host);
  return !port || Number(port[1]) <= 65535;
}

/** `%` not followed by two hex digits, or escapes that do not decode to UTF-8 text. */
function hasBadPercentEncoding(text: string): boolean {
  if (/%(?![0-9a-f]{2})/i.test(text)) return true;
  try {
    decodeURIComponent(text.replace(/\+/g, " "));
    return false;
  } catch {
    return true;
  }
}

/**
 * The request target must be a path (origin form). Absolute-form targets (`GET http://host/ HTTP/1.1`)
 * are only for proxies, asterisk-form only for OPTIONS, and a path may not carry a NUL or broken
 * percent-encoding anywhere in it or its query.
 */
export function checkTarget(method: string, target: string): Refusal | null {
  if (method === "OPTIONS" && target === "*") return null;
  if (!target.startsWith("/") || target.startsWith("//")) return refuse(400, "Bad request: the address must be a path on this site.");
  if (target.length > 8192) return refuse(400, "Bad request: the address is too long.");
  const [path, ...rest] = target.split("?");
  const query = rest.join("?");
  // eslint-disable-next-line no-control-regex -- a raw control character in the request path is refused
  if (hasBadPercentEncoding(path) || /%00/.test(path) || /[\u0000-\u001f\u007f]/.test(path)) {
    return refuse(400, "Bad request: the address is not correctly encoded.");
  }
  if (query && query.split("&").some((part) => hasBadPercentEncoding(part))) {
    return refuse(400, "Bad request: the address is not correctly encoded.");
  }
  return null;
}

export function checkHost(host: string | undefined): Refusal | null {
  return isValidHost(host) ? null : refuse(400, "Bad request: missing or malformed Host header.");
}

/** The origin a browser would send for a page at this host, with either scheme (see `checkSameOrigin`). */
function originHost(origin: string): string | null {
  const match = /^(https?):\/\/([^/?#\s]+)$/i.exec(origin.trim());
  return match ? match[2].toLowerCase() : null;
}

/**
 * Cross-site request forgery: a request that changes state must come from a page of the same dealer
 * site. Browsers send `Origin` (and `Sec-Fetch-Site`) on every POST; a foreign or `null` origin, or a
 * fetch marked cross-site or same-site (another dealer under the same parent domain is "same-site"),
 * is refused. A request with neither header is not from a browser (the stock importer, a monitor), so
 * it cannot carry a shopper's credentials and is let through to the route's own checks.
 *
 * The scheme is not compared: behind a TLS-terminating proxy without TRUST_PROXY the server sees http
 * while the browser says https; the host is what tells one dealer site from another.
 */
export function checkSameOrigin(
  headers: { origin?: string | null; secFetchSite?: string | null; referer?: string | null },
  requestHost: string,
): Refusal | null {
  const host = requestHost.toLowerCase();
  const forged = refuse(403, "Forbidden: this form can only be sent from the dealer's own website.");
  if (headers.origin !== undefined && headers.origin !== null) {
    return originHost(headers.origin) === host ? null : forged;
  }
  if (headers.secFetchSite) return headers.secFetchSite === "same-origin" ? null : forged;
  if (headers.referer) return isOnHost(headers.referer, host) ? null : forged;
  return null;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Pages take HTML forms only; the JSON and beacon endpoints live under /api and check their own bodies. */
export function checkContentType(path: string, contentType: string | undefined): Refusal | null {
  if (path.startsWith("/api/")) return null;
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return FORM_TYPES.includes(type) ? null : refuse(415, "Unsupported form encoding: send the form from the page.");
}

/** Largest request body accepted at a path: the stock feed has its own (larger) limit. */
export function bodyLimitFor(path: string, stockImportLimit: number): number {
  return path === "/api/stock/import" ? stockImportLimit : FORM_BODY_LIMIT_BYTES;
}

export function tooLarge(limit: number): Refusal {
  return refuse(413, `Request body too large: at most ${Math.round(limit / 1024)} KB is accepted here.`);
}

/** Where Cloudflare Turnstile's script and challenge frame come from. */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

export interface PageSecurityOptions {
  /** The lead forms' captcha is Cloudflare Turnstile (platform.captcha.name === "turnstile"). */
  turnstile?: boolean;
  /** The page's dealer's own analytics tags (tenant.json `analytics`): their hosts are allowed on its pages only. */
  dealerTags?: DealerTags | null;
  /** Origins the page's dealer frames (its online service booking provider): allowed in frame-src on its pages only. */
  frameOrigins?: readonly string[];
}

/** The origin of a dealer's framed page (its service booking provider), or null for an address that is not https. */
export function frameOriginOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && !parsed.username && !parsed.password ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * What lets a page's own inline scripts run: this response's nonce (a page rendered for this answer), or
 * the hash source of each inline script (a stored page, the same bytes for everyone; decision 0028).
 */
export type PageScripts = { nonce: string } | { hashes: readonly string[] };

/**
 * Content-Security-Policy for a page: inline scripts only by this response's nonce or the stored page's
 * hashes, and `'strict-dynamic'`, so the modules and scripts those load (the page's code, a dealer's tags,
 * the captcha) are trusted through them and no script host need be listed; `'self'` and the hosts stay for
 * browsers older than `'strict-dynamic'` (a browser that knows it ignores them). No plugins, no framing by
 * other sites, forms post to this site only. Styles allow inline `style` attributes (the dealer's theme
 * colours are set on <html>). Photos may come from a dealer's image host; videos from YouTube and Vimeo
 * players. Where the platform's captcha is Cloudflare Turnstile (server/captcha), and only then, its
 * challenge frame comes from Cloudflare. Where the page's dealer has its own analytics tags
 * (app/domain/dealerTags.ts), and only there, their hits and their pixels' hosts are allowed (img-src
 * already takes any https: picture; the tag hosts are named there too, so the policy stays right if that
 * is ever narrowed). A dealer's online service booking provider may be framed on that dealer's pages only.
 */
export function contentSecurityPolicy(scripts: PageScripts, https: boolean, options: PageSecurityOptions = {}): string {
  const turnstile = options.turnstile ? ` ${TURNSTILE_ORIGIN}` : "";
  const tags = tagSources(options.dealerTags);
  const hosts = (list: string[]) => list.map((host) => ` ${host}`).join("");
  const own = "nonce" in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.join(" ");
  return [
    "default-src 'self'",
    `script-src ${own ? `${own} ` : ""}'strict-dynamic' 'self'${turnstile}${hosts(tags.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${hosts(tags.img)}`,
    "font-src 'self' data:",
    `connect-src 'self'${hosts(tags.connect)}`,
    "media-src 'self' https:",
    `frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com https://www.google.com${turnstile}${hosts([...(options.frameOrigins ?? [])])}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(self), payment=(self), usb=(), interest-cohort=()";

/** Headers every HTML page carries; HSTS only when the shopper reached us over HTTPS. */
export function pageSecurityHeaders(scripts: PageScripts, https: boolean, options: PageSecurityOptions = {}): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(scripts, https, options),
    "Permissions-Policy": PERMISSIONS_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
