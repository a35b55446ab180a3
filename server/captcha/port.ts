/**
 * The Captcha port: tells lead forms from bots without costing a shopper a lead. An adapter gives the
 * browser what it needs to show its challenge (never a secret) and checks the answer the form sent.
 * Two adapters: Cloudflare Turnstile (turnstile.ts, verified server-side against siteverify) and the
 * embedded default (embedded.ts, a self-hosted ALTCHA proof of work that needs no third party).
 * Whatever the adapter, the lead forms also have the honeypot, a minimum fill time and, for a shopper
 * without JavaScript, the server's own question (fallbackQuestion.ts): see checkLeadCaptcha in index.ts.
 */

/** What the browser needs to show the challenge: public values only. */
export type CaptchaWidget =
  /** The ALTCHA widget solves this proof-of-work challenge in the browser. */
  | { provider: "altcha"; challenge: unknown }
  /** Cloudflare's widget, shown with the dealer site's public site key. */
  | { provider: "turnstile"; siteKey: string }
  /** The dealer has switched the captcha off (features.captcha) or the platform has (CAPTCHA=off). */
  | { provider: "none" };

/** The names of the form fields each widget fills in. */
export const ALTCHA_FIELD = "altcha";
export const TURNSTILE_FIELD = "cf-turnstile-response";

/** Why an answer was not accepted; `unavailable` is the provider's failure, never the shopper's. */
export type CaptchaRefusal = "missing" | "invalid" | "expired" | "too-fast" | "unavailable";

export type CaptchaVerdict = { ok: true } | { ok: false; reason: CaptchaRefusal };

export interface CaptchaCheck {
  /** The dealer (site slug): a challenge made for one dealer's site is no good at another's. */
  tenant: string;
  /** The widget's answer, as the form sent it (empty when the form carried none). */
  answer: string;
  /** The shopper's address, when known (Turnstile weighs it). */
  remoteIp?: string;
  now: Date;
}

export interface Captcha {
  readonly name: "embedded" | "turnstile";
  /** The form field the widget's answer arrives in. */
  readonly field: string;
  /** A fresh challenge for a form of this dealer's site. */
  widget(tenant: string, now: Date): Promise<CaptchaWidget>;
  /** Judges the answer; never throws (a provider that cannot be asked is `unavailable`). */
  verify(check: CaptchaCheck): Promise<CaptchaVerdict>;
}
