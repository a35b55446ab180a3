/**
 * The captcha question a refused form comes back with (server/leads/formAction.ts refuseFields). Kept
 * apart from leadFormNames.ts, which pages load with themselves, as only the form's own chunk needs it.
 */

/** The server's question for a form, as a refusal carries it (`captcha` beside the field errors). */
export interface CaptchaQuestion {
  question: string;
  token: string;
}

/** The captcha question a refused form's answer carries for this form, if any. */
export function captchaQuestionIn(value: unknown, formId: string): CaptchaQuestion | null {
  if (!value || typeof value !== "object") return null;
  const answer = value as { formId?: unknown; captcha?: { question?: unknown; token?: unknown } };
  if (answer.formId !== formId || !answer.captcha) return null;
  const { question, token } = answer.captcha;
  return typeof question === "string" && typeof token === "string" ? { question, token } : null;
}
