/**
 * The shopper's session cookie: the random token only (the database keeps its hash), HttpOnly so page
 * scripts never see it, SameSite=Lax so another site cannot post with it, Secure over HTTPS, for the
 * whole site, 30 days.
 */
import { looksLikeSessionToken } from "./sessionToken";

export const SESSION_COOKIE = "dealer_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Set-Cookie value that stores a session token in the browser. */
export function sessionCookieHeader(token: string, options: { secure: boolean }): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    `Max-Age=${Math.floor(SESSION_TTL_MS / 1000)}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** Set-Cookie value that removes the session cookie (sign-out). */
export function clearSessionCookieHeader(options: { secure?: boolean } = {}): string {
  return [
    `${SESSION_COOKIE}=`,
    "Path=/",
    "Max-Age=0",
    "Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** The session token the request's cookie carries, or null (none, or not a token this server issues). */
export function readSessionToken(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (looksLikeSessionToken(value)) return value;
  }
  return null;
}

/** Whether the shopper reached us over HTTPS (the server entry builds the URL, honouring TRUST_PROXY). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}
