/**
 * What both sign-in adapters do around the code itself: one E.164 form of the phone, the metadata sent
 * with a code, the verification rows and analytics events (36 code sent, 37 code verified), and the
 * dealer's user row written on a verified code so the rest of the site sees the same shopper whichever
 * adapter signed them in.
 */
import { EVENT } from "~/domain/analyticsEvents";
import { toInternationalMobile } from "~/domain/phone";
import { trackEvent } from "../analytics.server";
import { recordVerification, upsertUser } from "../db/accounts";
import type { Queryable } from "../db/database";
import type { AbuseLimits } from "../limits/guard";
import { log } from "../log";
import type { TenantConfig } from "../tenants/schema";
import { spendCodeSend } from "./limits";
import type { SendCodeInput, SendCodeResult, SignInDetails, VerifiedShopper } from "./port";

/** Any Australian mobile form (0412 345 678, +61 412 345 678, 61412345678) as E.164, or null. */
export function normaliseMobile(phone: string): string | null {
  return toInternationalMobile(String(phone ?? ""));
}

/** The metadata a code is sent with (spec 001: first_name, last_name, email, website, dealership_slug). */
export interface SignInMetadata {
  first_name: string;
  last_name: string;
  email: string;
  /** The website (tenant) the shopper signs in on: always the host's dealer, never a form value. */
  website: string;
  dealership_slug: string;
}

const clean = (value: unknown, max = 200) => (typeof value === "string" ? value.trim().slice(0, max) : "");

export function signInMetadata(tenant: TenantConfig, details: SignInDetails): SignInMetadata {
  const chosen = clean(details.dealership_slug, 100);
  // Only one of this dealer's own dealerships counts; otherwise the dealer's first.
  const dealership = tenant.dealerships.find((d) => d.slug === chosen)?.slug ?? tenant.dealerships[0]?.slug ?? "";
  return {
    first_name: clean(details.first_name, 100),
    last_name: clean(details.last_name, 100),
    email: clean(details.email, 254),
    website: tenant.slug,
    dealership_slug: dealership,
  };
}

/** A code went out: a `verifications` row of type sms and event 36. */
export async function recordCodeSent(db: Queryable, tenant: TenantConfig, phone: string, metadata: SignInMetadata): Promise<void> {
  await recordVerification(db, tenant.slug, { dealership_slug: metadata.dealership_slug, verification_type: "sms", phone });
  await trackEvent(db, tenant.slug, EVENT.codeSent, { payload: { dealership_slug: metadata.dealership_slug } });
}

/**
 * Sending a code, the same for every adapter: the phone normalised, the send allowance spent, the
 * adapter's own delivery (`deliver` answers a refusal, or null once the code is on its way), then the
 * verification row and event 36. A failure is logged and answered "unavailable".
 */
export async function sendCodeThrough(
  limits: AbuseLimits,
  input: SendCodeInput,
  at: Date | undefined,
  deliver: (phone: string, metadata: SignInMetadata) => Promise<SendCodeResult | null>,
): Promise<SendCodeResult> {
  const phone = normaliseMobile(input.phone);
  if (!phone) return { ok: false, reason: "invalid-phone" };
  const tenant = input.tenant;
  const { db } = limits;
  try {
    const allowance = await spendCodeSend(limits, tenant.slug, phone, input.clientAddress, at);
    if (!allowance.allowed) return { ok: false, reason: "too-many-attempts" };
    const metadata = signInMetadata(tenant, input.details);
    const refused = await deliver(phone, metadata);
    if (refused) return refused;
    await recordCodeSent(db, tenant, phone, metadata);
    return { ok: true, phone };
  } catch (error) {
    log.error("sign-in code not sent", { tenant: tenant.slug, error: String(error) });
    return { ok: false, reason: "unavailable" };
  }
}

/**
 * A code was right: the dealer's user row for the phone is created or completed with what the shopper
 * told us (names and e-mail already known are kept when nothing new is given), a `verifications` row
 * of type verify and event 37.
 */
export async function completeSignIn(
  db: Queryable,
  tenant: TenantConfig,
  phone: string,
  metadata: Partial<SignInMetadata>,
): Promise<VerifiedShopper> {
  const user = await upsertUser(db, tenant.slug, {
    phone,
    first_name: clean(metadata.first_name, 100),
    last_name: clean(metadata.last_name, 100),
    email: clean(metadata.email, 254),
  });
  const dealership = clean(metadata.dealership_slug, 100) || tenant.dealerships[0]?.slug || "";
  await recordVerification(db, tenant.slug, { dealership_slug: dealership, verification_type: "verify", user_id: user.id, phone });
  await trackEvent(db, tenant.slug, EVENT.codeVerified, { payload: { dealership_slug: dealership } });
  return { userId: user.id, phone: user.phone, first_name: user.first_name, last_name: user.last_name, email: user.email };
}
