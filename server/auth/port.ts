/**
 * Phone sign-in (spec 001: sign-in types, phone verification states, rate limit, verifications, sign-out).
 * Two adapters: Supabase Auth when SUPABASE_URL and SUPABASE_ANON_KEY are set, else the embedded one
 * (codes hashed in the database, the "SMS" written to DATA_DIR/sms-outbox.jsonl).
 */
import type { TenantConfig } from "../tenants/schema";

/** What the shopper told us before the code was sent (spec: metadata of the sign-in call). */
export interface SignInDetails {
  first_name?: string;
  last_name?: string;
  email?: string;
  /** The dealership the shopper chose, if any. */
  dealership_slug?: string;
}

export interface SendCodeInput {
  tenant: TenantConfig;
  /** Any Australian mobile form (0412 345 678, +61412345678, 61412345678); normalised inside. */
  phone: string;
  details: SignInDetails;
  clientAddress: string;
}

export interface VerifyCodeInput {
  tenant: TenantConfig;
  phone: string;
  code: string;
  clientAddress: string;
}

/** Why a step was refused, in the spec's error catalogue's terms (the screen picks the words). */
export type SignInRefusal = "invalid-phone" | "too-many-attempts" | "invalid-code" | "expired-code" | "unavailable";

export type SendCodeResult = { ok: true; phone: string } | { ok: false; reason: SignInRefusal };

/** A verified shopper: the dealer's user row for this phone (created on first sign-in). */
export interface VerifiedShopper {
  userId: string;
  /** E.164, e.g. +61412345678. */
  phone: string;
  first_name: string;
  last_name: string;
  email: string;
}

export type VerifyCodeResult = { ok: true; shopper: VerifiedShopper } | { ok: false; reason: SignInRefusal };

export interface PhoneAuth {
  readonly kind: "embedded" | "supabase";
  sendCode(input: SendCodeInput): Promise<SendCodeResult>;
  verifyCode(input: VerifyCodeInput): Promise<VerifyCodeResult>;
}
