/**
 * Choosing the captcha adapter and the check every lead form passes (server/leads/formAction.ts).
 * Cloudflare Turnstile when TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are set (parseEnv refuses one
 * without the other), else the embedded ALTCHA proof of work. The platform makes it once at start
 * (server/platform.server.ts) as `platform.captcha`, with `platform.captchaKey` keying the question.
 *
 * A form passes with the widget's answer or, for a shopper without JavaScript (or whose widget could
 * not finish, or when Turnstile cannot be reached), with the right answer to the server's own question
 * (fallbackQuestion.ts). A form that fails gets a new question and a message, everything typed kept.
 * Dealers switch the captcha off with features.captcha; CAPTCHA=off switches it off for a whole test
 * server (its browser tests send forms at machine speed), never for a dealer's site.
 */
import { createHmac } from "node:crypto";
import { loadServerSecret } from "../auth/secret";
import type { Env } from "../config/env.server";
import type { Queryable } from "../db/database";
import { CAPTCHA_ANSWER_PER_ADDRESS, CAPTCHA_ANSWER_USES, checkLimits } from "../limits/rateLimit";
import { log } from "../log";
import type { TenantConfig } from "../tenants/schema";
import { EmbeddedCaptcha } from "./embedded";
import { checkAnswer, issueQuestion, questionOf, sharedQuestion, type FallbackQuestion } from "./fallbackQuestion";
import type { Captcha, CaptchaRefusal, CaptchaWidget } from "./port";
import { TurnstileCaptcha } from "./turnstile";

export * from "./port";
export { EmbeddedCaptcha, PROOF_OF_WORK } from "./embedded";
export { TurnstileCaptcha, TURNSTILE_VERIFY_URL } from "./turnstile";
export {
  issueQuestion,
  checkAnswer,
  questionOf,
  sharedQuestion,
  SHARED_QUESTION_WINDOW_MS,
  type FallbackQuestion,
} from "./fallbackQuestion";

/** The least time from the challenge (or the question) to the form being sent: people take longer. */
export const MIN_FILL_MS = 3000;

/** The form fields of the server's own question. */
export const QUESTION_TOKEN_FIELD = "captcha_token";
export const QUESTION_ANSWER_FIELD = "captcha_answer";

type CaptchaEnv = Pick<Env, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY" | "TURNSTILE_VERIFY_URL" | "SESSION_SECRET" | "dataDir">;

/** The key of the captcha's HMACs, made from the server secret (never the secret itself). */
export function captchaKeyFromEnv(env: Pick<Env, "SESSION_SECRET" | "dataDir">): string {
  return createHmac("sha256", loadServerSecret(env)).update("lead-form-captcha").digest("hex");
}

export function createCaptchaFromEnv(env: CaptchaEnv): Captcha {
  if (env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY) {
    log.info("Captcha: Cloudflare Turnstile on lead forms");
    return new TurnstileCaptcha({
      siteKey: env.TURNSTILE_SITE_KEY,
      secretKey: env.TURNSTILE_SECRET_KEY,
      verifyUrl: env.TURNSTILE_VERIFY_URL,
    });
  }
  log.info("Captcha: embedded proof of work on lead forms (set TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY for Cloudflare Turnstile)");
  return new EmbeddedCaptcha({ secret: captchaKeyFromEnv(env), minFillMs: MIN_FILL_MS });
}

/** What the captcha check reads from the platform. */
export interface CaptchaPlatform {
  env: Pick<Env, "CAPTCHA" | "RATE_LIMITS">;
  /** The platform's captcha adapter (Turnstile or the embedded proof of work). */
  captcha: Captcha;
  /** Keys the server's own question for shoppers without JavaScript (captchaKeyFromEnv). */
  captchaKey: string;
  /** Where accepted answers are counted (the abuse limits' table); without it answers are not counted. */
  db?: Queryable;
}

/** Whether this dealer's lead forms are checked at all. */
export function captchaOn(platform: CaptchaPlatform, tenant: Pick<TenantConfig, "features">): boolean {
  return tenant.features.captcha && platform.env.CAPTCHA !== "off";
}

/** The widget a lead form of this dealer shows (GET /api/captcha): nothing when the captcha is off. */
export async function captchaWidgetFor(platform: CaptchaPlatform, tenant: TenantConfig, now = new Date()): Promise<CaptchaWidget> {
  if (!captchaOn(platform, tenant)) return { provider: "none" };
  return platform.captcha.widget(tenant.slug, now);
}

/** A question for a form the server renders up front (a page that knows the shopper may have no script). */
export function fallbackQuestionFor(platform: CaptchaPlatform, tenant: TenantConfig, now = new Date()): FallbackQuestion | null {
  return captchaOn(platform, tenant) ? issueQuestion(platform.captchaKey, tenant.slug, now) : null;
}

/**
 * The question the pages kept in the page cache carry for a shopper without JavaScript (the root loader
 * hands it to every lead form): one per dealer per minute, the same in every cached page of that minute,
 * so nothing of one shopper's is in the shared HTML. With JavaScript the widget replaces it.
 */
export function sharedQuestionFor(platform: CaptchaPlatform, tenant: TenantConfig, now = new Date()): FallbackQuestion | null {
  return captchaOn(platform, tenant) ? sharedQuestion(platform.captchaKey, tenant.slug, now) : null;
}

/**
 * Counts one accepted answer: false when it has been accepted too often (CAPTCHA_ANSWER_USES in all,
 * CAPTCHA_ANSWER_PER_ADDRESS from one address). Off with the abuse limits (RATE_LIMITS=off); a database
 * failure lets the answer through (checkLimits), as a limit never costs a dealer a lead.
 */
async function answerAllowance(platform: CaptchaPlatform, tenant: string, answer: string, remoteIp: string | undefined, now?: Date) {
  if (!platform.db || platform.env.RATE_LIMITS === "off") return true;
  // The address's allowance first, so an address past it does not use up everyone else's.
  if (
    remoteIp &&
    !(await checkLimits(platform.db, tenant, [{ limit: CAPTCHA_ANSWER_PER_ADDRESS, key: `${remoteIp}\n${answer}` }], now)).allowed
  )
    return false;
  return (await checkLimits(platform.db, tenant, [{ limit: CAPTCHA_ANSWER_USES, key: answer }], now)).allowed;
}

/** Shown beside the question when a form did not pass, by why (the shopper's words, never the provider's). */
export const CAPTCHA_MESSAGES: Record<CaptchaRefusal | "wrong-answer", string> = {
  missing: "Please answer the question below so we know you're not a robot, then send the form again.",
  invalid: "We couldn't confirm you're not a robot. Please answer the question below and send the form again.",
  "wrong-answer": "That answer isn't right. Please answer the new question below and send the form again.",
  expired: "The check has expired. Please answer the question below and send the form again.",
  "too-fast": "That was very quick! Please answer the question below so we know you're not a robot, then send the form again.",
  unavailable: "We couldn't check the form just now. Please answer the question below and send the form again.",
};

export type LeadCaptchaOutcome =
  /** Passed; `question` is the one the shopper answered, shown again (answered) if the form goes back for other reasons. */
  { passed: true; question: FallbackQuestion | null } | { passed: false; message: string; question: FallbackQuestion };

const field = (data: FormData, name: string, max: number) => {
  const value = data.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
};

/** The check a lead form passes before it is stored: the question's answer, else the widget's. */
export async function checkLeadCaptcha(
  platform: CaptchaPlatform,
  tenant: TenantConfig,
  data: FormData,
  options: { remoteIp?: string; now?: Date } = {},
): Promise<LeadCaptchaOutcome> {
  if (!captchaOn(platform, tenant)) return { passed: true, question: null };
  const now = options.now ?? new Date();
  const { captcha, captchaKey: key } = platform;
  const token = field(data, QUESTION_TOKEN_FIELD, 200);
  const answer = field(data, QUESTION_ANSWER_FIELD, 20);
  const fresh = () => issueQuestion(key, tenant.slug, now);

  if (token && answer.trim()) {
    const verdict = checkAnswer(key, tenant.slug, { token, answer }, now, MIN_FILL_MS);
    if (verdict.ok) {
      // A shared question is answered by many: each answer counts, and past its allowance the shopper gets their own.
      if (!(await answerAllowance(platform, tenant.slug, token, options.remoteIp, options.now)))
        return { passed: false, message: CAPTCHA_MESSAGES.expired, question: fresh() };
      return { passed: true, question: { question: questionOf(key, tenant.slug, token)!, token } };
    }
    if (verdict.reason === "too-fast") {
      // The right answer, sooner than a person reads a question: the same question, to be sent again.
      return { passed: false, message: CAPTCHA_MESSAGES["too-fast"], question: { question: questionOf(key, tenant.slug, token)!, token } };
    }
    return { passed: false, message: CAPTCHA_MESSAGES[verdict.reason === "invalid" ? "wrong-answer" : verdict.reason], question: fresh() };
  }
  const widgetAnswer = field(data, captcha.field, 8000);
  const verdict = await captcha.verify({ tenant: tenant.slug, answer: widgetAnswer, remoteIp: options.remoteIp, now });
  if (verdict.ok) {
    if (!(await answerAllowance(platform, tenant.slug, widgetAnswer, options.remoteIp, options.now)))
      return { passed: false, message: CAPTCHA_MESSAGES.expired, question: fresh() };
    return { passed: true, question: null };
  }
  return { passed: false, message: CAPTCHA_MESSAGES[verdict.reason], question: fresh() };
}
