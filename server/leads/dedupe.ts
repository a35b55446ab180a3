/**
 * Duplicate suppression: a shopper who presses Send twice, or resubmits after a slow page, should give
 * the dealer one lead, not two. Leads are the same when the dealer, the form (category + subcategory),
 * the car and the contact match within DUPLICATE_WINDOW_MS. Pure: the key only; storage is in
 * server/db/leads.ts (storeLead).
 */
import { createHash } from "node:crypto";
import type { LeadInput } from "../db/leads";

export const DUPLICATE_WINDOW_MS = 10 * 60_000;

/**
 * Who the lead is from: the e-mail address (lower-cased), else the phone's digits, else the visitor
 * string the caller passed (e.g. a hash of the shopper's address for a phone reveal); null when the
 * lead says nothing about who sent it, and then it is never treated as a duplicate.
 */
export function leadContact(input: Pick<LeadInput, "email" | "phone" | "visitor">): string | null {
  const email = (input.email ?? "").trim().toLowerCase();
  if (email) return `email:${email}`;
  const digits = (input.phone ?? "").replace(/\D/g, "");
  if (digits) return `phone:${digits}`;
  const visitor = (input.visitor ?? "").trim();
  if (visitor) return `visitor:${visitor}`;
  return null;
}

/**
 * The stored key for duplicates within one dealer (the tenant is a column of its own): a hash, so the
 * index holds no e-mail address or phone number in clear. Null when the lead has no contact.
 */
export function dedupeKey(input: LeadInput): string | null {
  const contact = leadContact(input);
  if (!contact) return null;
  const parts = [input.category, input.subcategory ?? "", input.car_id ?? "", contact];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

/**
 * A 64-bit advisory lock number for (tenant, key), as a decimal string for a ::bigint parameter. Two
 * different keys may share a number; that only makes one wait for the other, never merges leads.
 */
export function dedupeLockId(tenant: string, key: string): string {
  const digest = createHash("sha256").update(`lead-dedupe\0${tenant}\0${key}`).digest();
  return digest.readBigInt64BE(0).toString();
}
