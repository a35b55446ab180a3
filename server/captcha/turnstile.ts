/**
 * Cloudflare Turnstile: the browser shows Cloudflare's widget with the dealer platform's site key
 * (TURNSTILE_SITE_KEY, public) and the form carries its token; the server checks the token with the
 * secret key (TURNSTILE_SECRET_KEY, never sent anywhere else) at the siteverify endpoint, with the
 * shopper's address and one idempotency key per check, through the outbound helper
 * (server/http/outbound.ts): within five seconds, one more try after a network failure, a time-out, 429
 * or 5xx (the idempotency key makes a repeat the same check). The endpoint can be moved
 * (TURNSTILE_VERIFY_URL) so tests use a fake.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { OutboundError, outboundJson } from "../http/outbound";
import { log } from "../log";
import { TURNSTILE_FIELD, type Captcha, type CaptchaCheck, type CaptchaVerdict, type CaptchaWidget } from "./port";

export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** Turnstile tokens are at most 2048 characters. */
const MAX_TOKEN = 2048;

const answerSchema = z.object({
  success: z.boolean(),
  "error-codes": z.array(z.string()).default([]),
  hostname: z.string().optional(),
  challenge_ts: z.string().optional(),
});

export interface TurnstileOptions {
  siteKey: string;
  secretKey: string;
  verifyUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class TurnstileCaptcha implements Captcha {
  readonly name = "turnstile" as const;
  readonly field = TURNSTILE_FIELD;
  private readonly verifyUrl: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: TurnstileOptions) {
    this.verifyUrl = options.verifyUrl ?? TURNSTILE_VERIFY_URL;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.fetchImpl = options.fetch ?? fetch;
  }

  async widget(): Promise<CaptchaWidget> {
    return { provider: "turnstile", siteKey: this.options.siteKey };
  }

  async verify({ answer, remoteIp }: CaptchaCheck): Promise<CaptchaVerdict> {
    if (!answer) return { ok: false, reason: "missing" };
    if (answer.length > MAX_TOKEN) return { ok: false, reason: "invalid" };
    const body = new URLSearchParams({ secret: this.options.secretKey, response: answer, idempotency_key: randomUUID() });
    if (remoteIp) body.set("remoteip", remoteIp);
    let reply: unknown;
    try {
      reply = await outboundJson({
        provider: "Turnstile siteverify",
        url: this.verifyUrl,
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
        timeoutMs: this.timeoutMs,
        // At once: the shopper is waiting on the form, and the idempotency key makes the repeat the same check.
        retries: 1,
        backoffMs: 0,
        fetch: this.fetchImpl,
      });
    } catch (error) {
      log.warn(
        "Turnstile verify failed",
        error instanceof OutboundError ? { status: error.status, failure: error.failure } : { error: "error" },
      );
      return { ok: false, reason: "unavailable" };
    }
    const parsed = answerSchema.safeParse(reply);
    if (!parsed.success) {
      log.warn("Turnstile verify answered something unexpected");
      return { ok: false, reason: "unavailable" };
    }
    if (parsed.data.success) return { ok: true };
    const codes = parsed.data["error-codes"];
    if (codes.includes("timeout-or-duplicate")) return { ok: false, reason: "expired" };
    if (codes.some((c) => c.startsWith("missing-input-secret") || c.startsWith("invalid-input-secret") || c === "internal-error")) {
      log.warn("Turnstile refused the site's secret or failed", { codes });
      return { ok: false, reason: "unavailable" };
    }
    return { ok: false, reason: "invalid" };
  }
}
