/**
 * The CRM webhook's signature: `X-Signature: sha256=<hex HMAC-SHA256 of the exact body>` with the
 * dealer's webhook secret, so the CRM can tell a real lead from a forged one. Pure.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "X-Signature";

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/** What a receiver does: recompute and compare in constant time. */
export function verifySignature(secret: string, body: string, header: string | null | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
