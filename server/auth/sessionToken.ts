/**
 * Session tokens: 256 random bits, sent to the shopper's browser in a cookie; the database keeps only
 * their sha256, so a copy of the sessions table signs nobody in.
 */
import { createHash, randomBytes } from "node:crypto";

/** A fresh session token: 32 random bytes, base64url (43 characters, safe in a cookie). */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database stores for a token: sha256 hex of its text. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(`session\n${token}`).digest("hex");
}

/** Whether a cookie value can be a token this server issued (checked before any database look-up). */
export function looksLikeSessionToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
