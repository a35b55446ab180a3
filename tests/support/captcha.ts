/**
 * The server's own captcha question as route tests answer it (server/captcha fallbackQuestion.ts): the
 * question's sum worked out, and the clock moved past the least time a person takes to fill a form in.
 */
import { vi } from "vitest";
import { MIN_FILL_MS } from "@server/captcha";
import type { Platform } from "@server/platform.server";

/** The right answer to a question such as 'What is 3 plus 4?'. */
export function answerOf(question: string): string {
  const match = /What is (\d+) plus (\d+)\?/.exec(question);
  if (!match) throw new Error(`not a captcha question: ${question}`);
  return String(Number(match[1]) + Number(match[2]));
}

/** The platform as the server runs it for dealers with the captcha on (CAPTCHA=on): the same adapters, the setting on. */
export function withCaptchaOn<P extends Platform>(platform: P): P {
  return { ...platform, env: { ...platform.env, CAPTCHA: "on" } };
}

/** Moves the clock on past the least fill time, so an answer sent now is a person's (call vi.useRealTimers after). */
export function afterFillTime(): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + MIN_FILL_MS + 2000);
}
