/**
 * Embedded one-time codes: six digits from the operating system's CSPRNG, stored only as an
 * HMAC-SHA256 keyed with the server secret and bound to the dealer and the phone, compared in
 * constant time.
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";

export const CODE_LENGTH = 6;

/** A uniformly random code, 000000-999999. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
}

/** What is stored for a code: hex HMAC-SHA256 of the dealer, the E.164 phone and the code. */
export function hashCode(secret: string, tenant: string, phone: string, code: string): string {
  return createHmac("sha256", secret).update(`one-time-code\n${tenant}\n${phone}\n${code}`).digest("hex");
}

/** Whether `code` is the one behind `storedHash`; the comparison takes the same time whatever matches. */
export function codeMatches(secret: string, tenant: string, phone: string, code: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashCode(secret, tenant, phone, code), "hex");
  const stored = Buffer.from(storedHash, "hex");
  // Both are 32-byte digests; a malformed stored value (the only way lengths differ) never matches.
  if (stored.length !== candidate.length) return false;
  return timingSafeEqual(candidate, stored);
}

/** The shape of a code the shopper typed (spaces allowed: "123 456"); anything else cannot match. */
export function normaliseCodeInput(code: string): string | null {
  const digits = code.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}
