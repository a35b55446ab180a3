/**
 * The embedded phone sign-in (the default, no set-up): six-digit codes from the CSPRNG, stored as an
 * HMAC with the server secret, valid ten minutes, used once, five tries per code and five wrong codes
 * per phone per hour; the SMS goes through the SmsSender port (DATA_DIR/sms-outbox.jsonl by default).
 */
import { codeRefusal, consumeCodeOnce, replaceOneTimeCode, takeCodeAttempt } from "../db/accounts";
import type { Database } from "../db/database";
import { log } from "../log";
import { codeMatches, hashCode, newCode, normaliseCodeInput } from "./codes";
import { MAX_TRIES_PER_CODE, spendWrongCode, wrongCodesExhausted } from "./limits";
import type { PhoneAuth, SendCodeInput, SendCodeResult, VerifyCodeInput, VerifyCodeResult } from "./port";
import { codeMessage, type SmsSender } from "./sms";
import { completeSignIn, normaliseMobile, sendCodeThrough } from "./signInRecords";

export const CODE_VALID_MINUTES = 10;
export const CODE_TTL_MS = CODE_VALID_MINUTES * 60_000;

export interface EmbeddedPhoneAuthOptions {
  db: Database;
  sms: SmsSender;
  /** Keys the codes' HMAC (loadServerSecret). */
  secret: string;
  /** The clock for codes and limits; the database's own clock when absent (tests move time with this). */
  now?: () => Date;
  /** RATE_LIMITS: "off" stops counting code sends by address (a test server); the phone's allowances always count. */
  rateLimits?: "on" | "off";
}

export class EmbeddedPhoneAuth implements PhoneAuth {
  readonly kind = "embedded" as const;
  constructor(private readonly options: EmbeddedPhoneAuthOptions) {}

  private at(): Date | undefined {
    return this.options.now?.();
  }

  async sendCode(input: SendCodeInput): Promise<SendCodeResult> {
    const { db, sms, secret } = this.options;
    const tenant = input.tenant;
    const at = this.at();
    return sendCodeThrough({ db, env: { RATE_LIMITS: this.options.rateLimits ?? "on" } }, input, at, async (phone, metadata) => {
      const code = newCode();
      await replaceOneTimeCode(
        db,
        tenant.slug,
        { phone, codeHash: hashCode(secret, tenant.slug, phone, code), details: { ...metadata }, ttlMs: CODE_TTL_MS },
        at,
      );
      await sms.send({ to: phone, body: codeMessage(tenant.name, code, CODE_VALID_MINUTES), tenant: tenant.slug });
      return null;
    });
  }

  async verifyCode(input: VerifyCodeInput): Promise<VerifyCodeResult> {
    const phone = normaliseMobile(input.phone);
    if (!phone) return { ok: false, reason: "invalid-phone" };
    const { db, secret } = this.options;
    const tenant = input.tenant;
    const at = this.at();
    try {
      if (await wrongCodesExhausted(db, tenant.slug, phone, at)) return { ok: false, reason: "too-many-attempts" };
      // The try is spent before the comparison, so parallel guesses cannot share one.
      const live = await takeCodeAttempt(db, tenant.slug, phone, MAX_TRIES_PER_CODE, at);
      if (!live) {
        const why = await codeRefusal(db, tenant.slug, phone, MAX_TRIES_PER_CODE, at);
        if (why === "exhausted") return { ok: false, reason: "too-many-attempts" };
        if (why === "expired") return { ok: false, reason: "expired-code" };
        await spendWrongCode(db, tenant.slug, phone, at);
        return { ok: false, reason: "invalid-code" };
      }
      const code = normaliseCodeInput(input.code);
      if (!code || !codeMatches(secret, tenant.slug, phone, code, live.code_hash)) {
        await spendWrongCode(db, tenant.slug, phone, at);
        return { ok: false, reason: "invalid-code" };
      }
      // Two right answers at once: exactly one consumes the code.
      const details = await consumeCodeOnce(db, tenant.slug, live.id, at);
      if (!details) return { ok: false, reason: "invalid-code" };
      return { ok: true, shopper: await completeSignIn(db, tenant, phone, details) };
    } catch (error) {
      log.error("sign-in code not verified", { tenant: tenant.slug, error: String(error) });
      return { ok: false, reason: "unavailable" };
    }
  }
}
