/**
 * What routes call: which allowances a request spends, whether the limits are on, and the plain 429
 * answer for endpoints the browser calls in the background (phone reveal, analytics beacons). Lead
 * forms answer 429 with their own form problem instead (app/components/vehicle/leadLimits.server.ts).
 */
import type { Env } from "../config/env.server";
import type { Queryable } from "../db/database";
import { addressVisitor } from "./hash";
import {
  ANALYTICS_EVENTS_PER_ADDRESS,
  checkLimits,
  LEAD_FORMS_PER_ADDRESS,
  LEAD_FORMS_PER_EMAIL,
  LEAD_FORMS_PER_PHONE,
  PHONE_REVEALS_PER_ADDRESS,
  type LimitCheck,
  type RateLimit,
} from "./rateLimit";
import { PRIVATE_NO_STORE } from "../http/cachePolicy";

/** What `clientAddressOf` answers when no server entry supplied an address (routes called directly). */
const UNKNOWN_ADDRESS = "unknown";

/**
 * Where allowances are counted, and whether they are: RATE_LIMITS=off turns the abuse limits off, for a
 * test server whose browser tests send every form from one address (127.0.0.1); start-up refuses any
 * value but "on" or "off" (server/config/env.server.ts). The platform is one; so is `{ db, env }`.
 */
export interface AbuseLimits {
  db: Queryable;
  env: Pick<Env, "RATE_LIMITS">;
}

/** Whether the abuse limits count anything (RATE_LIMITS is not "off"). */
export const limitsOn = (limits: { env: Pick<Env, "RATE_LIMITS"> }): boolean => limits.env.RATE_LIMITS !== "off";

type Hit = { limit: RateLimit; key: string };

/** An address only counts when the server entry knew it; otherwise every shopper would share one allowance. */
const byAddress = (limit: RateLimit, clientAddress: string): Hit[] =>
  clientAddress && clientAddress !== UNKNOWN_ADDRESS ? [{ limit, key: clientAddress }] : [];

/** A lead form's allowances: the shopper's address, and the e-mail and phone number typed (already checked). */
export function leadFormHits(clientAddress: string, contact: { email?: string; phone?: string }): Hit[] {
  const email = (contact.email ?? "").trim().toLowerCase();
  const phoneDigits = (contact.phone ?? "").replace(/\D/g, "");
  return [
    ...byAddress(LEAD_FORMS_PER_ADDRESS, clientAddress),
    ...(email ? [{ limit: LEAD_FORMS_PER_EMAIL, key: email }] : []),
    ...(phoneDigits ? [{ limit: LEAD_FORMS_PER_PHONE, key: phoneDigits }] : []),
  ];
}

export const phoneRevealHits = (clientAddress: string): Hit[] => byAddress(PHONE_REVEALS_PER_ADDRESS, clientAddress);

export const analyticsEventHits = (clientAddress: string): Hit[] => byAddress(ANALYTICS_EVENTS_PER_ADDRESS, clientAddress);

/**
 * The duplicate key for a lead that carries no contact (a phone reveal): a hash of the shopper's
 * address, so a repeated reveal is one lead. None when the address is unknown, so different shoppers
 * are never merged.
 */
export function leadVisitorOf(clientAddress: string): string | undefined {
  return clientAddress && clientAddress !== UNKNOWN_ADDRESS ? addressVisitor(clientAddress) : undefined;
}

/** Spends one hit of each allowance for this dealer; always allowed when the limits are off or nothing is counted. */
export async function spendAllowance(limits: AbuseLimits, tenant: string, hits: Hit[], now?: Date): Promise<LimitCheck> {
  if (hits.length === 0 || !limitsOn(limits)) return { allowed: true };
  return checkLimits(limits.db, tenant, hits, now);
}

/** 429 with Retry-After, for background calls that show the shopper nothing. */
export function tooManyRequests(retryAfterSeconds: number): Response {
  return new Response(null, {
    status: 429,
    headers: { "Retry-After": String(retryAfterSeconds), "Cache-Control": PRIVATE_NO_STORE },
  });
}
