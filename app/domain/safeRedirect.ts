/**
 * Where a sign-in may send the shopper back to: only a path on this site. Anything else (another
 * site, a protocol-relative `//host`, a backslash browsers read as a slash, control characters that
 * browsers strip) becomes the fallback, so `?redirect=` can never send a shopper to another site.
 * Characters a Location header cannot carry (anything outside printable ASCII, such as `/café` or a
 * space) are percent-encoded, as a browser would send them; a lone half of a surrogate pair is the fallback.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  if (value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  if (value.includes("\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    return value.replace(/[^\u0021-\u007e]/gu, (c) => encodeURIComponent(c));
  } catch {
    return fallback;
  }
}

/** Whether a value is a path on this site, as `safeRedirectPath` would keep it (for lists of pages a shopper saw). */
export function isSameSitePath(value: unknown): value is string {
  return typeof value === "string" && value !== "" && safeRedirectPath(value, "") === value;
}
