/**
 * The captcha contract (server/captcha/port.ts): the embedded proof of work and the Turnstile adapter
 * (against the fake siteverify endpoint) must both pass it. The widget a form shows carries no secret;
 * an answer the widget gave a person passes; no answer, a made-up answer or an oversized one does not,
 * and `verify` never throws.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Captcha, CaptchaWidget } from "@server/captcha/port";

export interface CaptchaHarness {
  captcha: Captcha;
  /** What the widget puts in the form once a person has passed it (for this widget and dealer). */
  pass(widget: CaptchaWidget, tenant: string): Promise<string>;
  /** Values that must never reach the browser. */
  secrets: string[];
  close(): Promise<void>;
}

/** A moment comfortably after the minimum fill time of a challenge made now. */
export const later = () => new Date(Date.now() + 60_000);

export function describeCaptchaContract(name: string, setup: () => Promise<CaptchaHarness>) {
  describe(`Captcha contract: ${name}`, () => {
    let harness: CaptchaHarness;
    beforeAll(async () => {
      harness = await setup();
    });
    afterAll(async () => {
      await harness?.close();
    });

    it("gives the browser a widget with public values only", async () => {
      const widget = await harness.captcha.widget("alpha-motors", new Date());
      expect(["altcha", "turnstile"]).toContain(widget.provider);
      const shown = JSON.stringify(widget);
      for (const secret of harness.secrets) expect(shown).not.toContain(secret);
      expect(harness.captcha.field).toMatch(/^[a-z-]+$/);
    });

    it("passes the answer the widget gave a person", async () => {
      const widget = await harness.captcha.widget("alpha-motors", new Date());
      const answer = await harness.pass(widget, "alpha-motors");
      expect(await harness.captcha.verify({ tenant: "alpha-motors", answer, remoteIp: "203.0.113.5", now: later() })).toEqual({ ok: true });
    });

    it("refuses a form without an answer, a made-up answer and an oversized one, without throwing", async () => {
      const check = (answer: string) => harness.captcha.verify({ tenant: "alpha-motors", answer, now: later() });
      expect(await check("")).toEqual({ ok: false, reason: "missing" });
      expect(await check("not-an-answer")).toEqual({ ok: false, reason: "invalid" });
      expect(await check("eyJjaGFsbGVuZ2UiOnt9fQ==")).toEqual({ ok: false, reason: "invalid" });
      expect(await check("x".repeat(20_000))).toEqual({ ok: false, reason: "invalid" });
    });
  });
}
