/**
 * Phone sign-in through Supabase Auth (`@supabase/supabase-js`), chosen when SUPABASE_URL and
 * SUPABASE_ANON_KEY are set: Supabase sends the SMS (`signInWithOtp`) and checks the code
 * (`verifyOtp`, type sms). The site's own allowances (a code a minute, five an hour per phone, twenty
 * an hour per address, five wrong codes per phone an hour) are spent here as with the embedded
 * adapter. After a verified code the dealer's `users` row is written and the Supabase session is
 * signed out at once: the shopper's session on the dealer's site is the site's own cookie.
 */
import { AuthClient, type AuthError } from "@supabase/supabase-js";
import { codeSentRecently } from "../db/accounts";
import type { Database } from "../db/database";
import { log } from "../log";
import { normaliseCodeInput } from "./codes";
import { spendWrongCode, wrongCodesExhausted } from "./limits";
import type { PhoneAuth, SendCodeInput, SendCodeResult, SignInRefusal, VerifyCodeInput, VerifyCodeResult } from "./port";
import { completeSignIn, normaliseMobile, sendCodeThrough, type SignInMetadata } from "./signInRecords";

export interface SupabasePhoneAuthOptions {
  url: string;
  anonKey: string;
  db: Database;
  /** The clock for the site's allowances; the database's own clock when absent. */
  now?: () => Date;
  /** RATE_LIMITS: "off" stops counting code sends by address (a test server); the phone's allowances always count. */
  rateLimits?: "on" | "off";
}

/** A code is taken on the dealer's site that sent it within this long (Supabase's own expiry applies too). */
const CODE_SENT_WITHIN_MS = 60 * 60_000;

/** How Supabase's refusals read in the sign-in screens' terms. */
function refusalOf(error: AuthError): SignInRefusal {
  const status = error.status ?? 0;
  if (status === 429) return "too-many-attempts";
  if (status === 0 || status >= 500) return "unavailable";
  // A wrong, used or expired code are one answer in Supabase: "Token has expired or is invalid".
  if (error.code === "otp_expired" || status === 400 || status === 403 || status === 422) return "invalid-code";
  return "unavailable";
}

export class SupabasePhoneAuth implements PhoneAuth {
  readonly kind = "supabase" as const;
  constructor(private readonly options: SupabasePhoneAuthOptions) {}

  /**
   * A client per call, so nothing of one shopper's Supabase session is kept between requests: the
   * auth client of supabase-js (`supabase.auth`) as `createClient` builds it, without the realtime
   * client `createClient` also builds (it needs a WebSocket Node 20 lacks, and sign-in never uses it).
   */
  private client() {
    const { url, anonKey } = this.options;
    return {
      auth: new AuthClient({
        url: `${url.replace(/\/+$/, "")}/auth/v1`,
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
      }),
    };
  }

  async sendCode(input: SendCodeInput): Promise<SendCodeResult> {
    const tenant = input.tenant;
    return sendCodeThrough(
      { db: this.options.db, env: { RATE_LIMITS: this.options.rateLimits ?? "on" } },
      input,
      this.options.now?.(),
      async (phone, metadata) => {
        const { error } = await this.client().auth.signInWithOtp({ phone, options: { data: { ...metadata } } });
        if (!error) return null;
        const reason = refusalOf(error);
        log.warn("Supabase did not send a sign-in code", { tenant: tenant.slug, status: error.status, code: error.code });
        return { ok: false, reason: reason === "invalid-code" ? "unavailable" : reason };
      },
    );
  }

  async verifyCode(input: VerifyCodeInput): Promise<VerifyCodeResult> {
    const phone = normaliseMobile(input.phone);
    if (!phone) return { ok: false, reason: "invalid-phone" };
    const { db } = this.options;
    const tenant = input.tenant;
    const at = this.options.now?.();
    try {
      if (await wrongCodesExhausted(db, tenant.slug, phone, at)) return { ok: false, reason: "too-many-attempts" };
      const code = normaliseCodeInput(input.code);
      if (!code) {
        await spendWrongCode(db, tenant.slug, phone, at);
        return { ok: false, reason: "invalid-code" };
      }
      // One Supabase project serves every dealer: a code counts only on the site that sent it.
      if (!(await codeSentRecently(db, tenant.slug, phone, CODE_SENT_WITHIN_MS, at))) {
        await spendWrongCode(db, tenant.slug, phone, at);
        return { ok: false, reason: "invalid-code" };
      }
      const client = this.client();
      const { data, error } = await client.auth.verifyOtp({ phone, token: code, type: "sms" });
      if (error || !data.user) {
        const reason = error ? refusalOf(error) : "unavailable";
        if (reason === "invalid-code") await spendWrongCode(db, tenant.slug, phone, at);
        else log.warn("Supabase did not verify a sign-in code", { tenant: tenant.slug, status: error?.status, code: error?.code });
        return { ok: false, reason };
      }
      // The metadata Supabase keeps is from the user's first sign-up, possibly on another dealer's site.
      const stored = (data.user.user_metadata ?? {}) as Partial<SignInMetadata>;
      const metadata = stored.website === tenant.slug ? stored : {};
      if (data.session) {
        const { error: signOutError } = await client.auth.signOut({ scope: "local" });
        if (signOutError) log.warn("Supabase session not signed out", { tenant: tenant.slug, status: signOutError.status });
      }
      return { ok: true, shopper: await completeSignIn(db, tenant, phone, metadata) };
    } catch (error) {
      log.error("sign-in code not verified", { tenant: tenant.slug, error: String(error) });
      return { ok: false, reason: "unavailable" };
    }
  }
}
