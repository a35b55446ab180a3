/**
 * Cloudflare Turnstile: the browser shows Cloudflare's widget with the dealer platform's site key
 * (TURNSTILE_SITE_KEY, public) and the form carries its token; the server checks the token with the
 * secret key (TURNSTILE_SECRET_KEY, never sent anywhere else) at the siteverify endpoint, with the
 * shopper's address and one idempotency key per check, within five seconds and one more try after a
 * 5xx or a time-out. The endpoint can be moved (TURNSTILE_VERIFY_URL) so tests use a fake.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
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
    for (let attempt = 1; attempt <= 2; attempt++) {
      let response: Response;
      try {
        response = await this.fetchImpl(this.verifyUrl, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        log.warn("Turnstile verify failed", { attempt, error: error instanceof Error ? error.name : "error" });
        continue;
      }
      if (response.status >= 500) {
        log.warn("Turnstile verify failed", { attempt, status: response.status });
        continue;
      }
      const parsed = answerSchema.safeParse(await response.json().catch(() => null));
      if (!response.ok || !parsed.success) {
        log.warn("Turnstile verify answered something unexpected", { status: response.status });
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
    return { ok: false, reason: "unavailable" };
  }
}
