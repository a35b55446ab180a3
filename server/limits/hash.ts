/**
 * One-way keys for counting shoppers without storing who they are: rate limit keys (addresses, e-mails,
 * phone numbers) and the visitor behind a vehicle view. sha256 hex of a labelled value, so the same
 * address gives unrelated keys in different buckets.
 *
 * An IPv4 address hash can be reversed by trying every address; the tables holding these keys keep
 * them only for minutes (rate limits) or two days (view visitors), and never next to a lead.
 */
import { createHash } from "node:crypto";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The stored key for a raw rate limit key in a bucket. */
export function hashKey(bucket: string, raw: string): string {
  return sha256(`rate-limit\n${bucket}\n${raw.trim().toLowerCase()}`);
}

/**
 * The visitor for once-a-day view counting: the shopper's address and browser (user agent). No cookie
 * is set, so vehicle pages stay cacheable; two people behind one address with the same browser count
 * once, which errs on the side of an honest 'N people viewed this car'.
 */
export function visitorHash(clientAddress: string, userAgent: string | null | undefined): string {
  return sha256(`visitor\n${clientAddress}\n${userAgent ?? ""}`);
}

/** The shopper's address as a duplicate key for leads without contact details (phone reveals). */
export function addressVisitor(clientAddress: string): string {
  return sha256(`lead-visitor\n${clientAddress}`);
}
