/**
 * The captcha contract on the Cloudflare Turnstile adapter against the fake siteverify endpoint
 * (tests/fakes/turnstileServer.ts), which checks every request's shape; and what only Turnstile does:
 * the secret goes only to siteverify, a token verifies once, and a provider that fails or cannot be
 * reached is `unavailable` (the shopper then gets the server's question), never an exception.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@server/config/env.server";
import { createCaptchaFromEnv, TurnstileCaptcha } from "@server/captcha";
import { startFakeTurnstile, type FakeTurnstile } from "../fakes/turnstileServer";
import { describeCaptchaContract, later } from "./captcha.contract";

let shared: FakeTurnstile | null = null;

describeCaptchaContract("turnstile (fake siteverify)", async () => {
  const fake = await startFakeTurnstile();
  shared = fake;
  return {
    captcha: new TurnstileCaptcha({ siteKey: fake.siteKey, secretKey: fake.secretKey, verifyUrl: fake.verifyUrl }),
    pass: async () => fake.issueToken(),
    secrets: [fake.secretKey],
    close: async () => {
      expect(fake.problems()).toEqual([]);
      await fake.close();
    },
  };
});

describe("Turnstile adapter", () => {
  let fake: FakeTurnstile;
  let captcha: TurnstileCaptcha;
  beforeAll(async () => {
    fake = await startFakeTurnstile();
    captcha = new TurnstileCaptcha({ siteKey: fake.siteKey, secretKey: fake.secretKey, verifyUrl: fake.verifyUrl, timeoutMs: 500 });
  });
  afterAll(async () => {
    await fake.close();
    expect(shared).not.toBeNull();
  });
  const check = (answer: string) => captcha.verify({ tenant: "alpha-motors", answer, remoteIp: "203.0.113.5", now: later() });

  it("is chosen by TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY together (never one without the other)", () => {
    const env = parseEnv({
      DATA_DIR: "/tmp/captcha-env-test",
      TURNSTILE_SITE_KEY: fake.siteKey,
      TURNSTILE_SECRET_KEY: fake.secretKey,
      TURNSTILE_VERIFY_URL: fake.verifyUrl,
    });
    expect(createCaptchaFromEnv(env).name).toBe("turnstile");
    expect(() => parseEnv({ DATA_DIR: "/tmp/captcha-env-test", TURNSTILE_SITE_KEY: fake.siteKey })).toThrow(/TURNSTILE_SECRET_KEY/);
    expect(() => parseEnv({ DATA_DIR: "/tmp/captcha-env-test", TURNSTILE_SECRET_KEY: fake.secretKey })).toThrow(/TURNSTILE_SECRET_KEY/);
  });

  it("sends the token, the secret, the shopper's address and an idempotency key as a form, as Cloudflare expects", async () => {
    const token = fake.issueToken();
    expect(await check(token)).toEqual({ ok: true });
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: "POST", path: "/turnstile/v0/siteverify", problems: [], status: 200 });
    expect(sent.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.form).toMatchObject({ secret: fake.secretKey, response: token, remoteip: "203.0.113.5" });
    expect(sent.form.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await captcha.widget()).toEqual({ provider: "turnstile", siteKey: fake.siteKey });
  });

  it("a token verifies once: sent again it has expired", async () => {
    const token = fake.issueToken();
    expect(await check(token)).toEqual({ ok: true });
    expect(await check(token)).toEqual({ ok: false, reason: "expired" });
  });

  it("tries once more after a 5xx or a time-out", async () => {
    fake.failNext({ status: 503 });
    expect(await check(fake.issueToken())).toEqual({ ok: true });
    fake.failNext({ delayMs: 900 });
    expect(await check(fake.issueToken())).toEqual({ ok: true });
  });

  it("a provider that keeps failing, answers nonsense or refuses the secret is unavailable, never an exception", async () => {
    fake.failNext({ status: 500 });
    fake.failNext({ status: 502 });
    expect(await check(fake.issueToken())).toEqual({ ok: false, reason: "unavailable" });
    fake.failNext({ notJson: true });
    expect(await check(fake.issueToken())).toEqual({ ok: false, reason: "unavailable" });
    fake.failNext({ body: { ok: "yes" } });
    expect(await check(fake.issueToken())).toEqual({ ok: false, reason: "unavailable" });
    const wrongSecret = new TurnstileCaptcha({ siteKey: fake.siteKey, secretKey: "0x4AAAAAAAwrongSecret", verifyUrl: fake.verifyUrl });
    expect(await wrongSecret.verify({ tenant: "alpha-motors", answer: fake.issueToken(), now: later() })).toEqual({
      ok: false,
      reason: "unavailable",
    });
    const nowhere = new TurnstileCaptcha({
      siteKey: fake.siteKey,
      secretKey: fake.secretKey,
      verifyUrl: "http://127.0.0.1:9/x",
      timeoutMs: 300,
    });
    expect(await nowhere.verify({ tenant: "alpha-motors", answer: "token", now: later() })).toEqual({ ok: false, reason: "unavailable" });
  });
});
