/**
 * The captcha contract on the embedded default (an ALTCHA proof of work, needing no third party), and
 * what only it promises: a challenge belongs to one dealer's site, the minimum fill time counts from
 * the challenge, an expired or altered challenge fails; and the server's own question for shoppers
 * without JavaScript (fallbackQuestion.ts).
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { createCaptchaFromEnv, EmbeddedCaptcha, MIN_FILL_MS, PROOF_OF_WORK, type CaptchaWidget } from "@server/captcha";
import { checkAnswer, issueQuestion, questionOf, QUESTION_LIFETIME_MS } from "@server/captcha/fallbackQuestion";
import { describeCaptchaContract, later } from "./captcha.contract";

const SECRET = "embedded-captcha-test-secret-0123456789abcdef";

/** What the ALTCHA widget sends once it has solved the challenge: base64 JSON of the challenge and solution. */
async function solve(widget: CaptchaWidget): Promise<string> {
  if (widget.provider !== "altcha") throw new Error(`expected an ALTCHA challenge, got ${widget.provider}`);
  const challenge = widget.challenge as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("no solution");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

describeCaptchaContract("embedded", async () => ({
  captcha: new EmbeddedCaptcha({ secret: SECRET, minFillMs: MIN_FILL_MS }),
  pass: (widget) => solve(widget),
  secrets: [SECRET],
  close: async () => undefined,
}));

describe("embedded proof of work", () => {
  const captcha = new EmbeddedCaptcha({ secret: SECRET, minFillMs: MIN_FILL_MS });

  it("is the default without Turnstile settings", () => {
    const made = createCaptchaFromEnv({
      TURNSTILE_SITE_KEY: undefined,
      TURNSTILE_SECRET_KEY: undefined,
      TURNSTILE_VERIFY_URL: undefined,
      SESSION_SECRET: SECRET,
      dataDir: "/nonexistent",
    });
    expect(made.name).toBe("embedded");
    expect(made.field).toBe("altcha");
  });

  it("asks for real work: a PBKDF2 challenge whose counter is secret", async () => {
    const widget = await captcha.widget("alpha-motors", new Date());
    const challenge = (widget as { challenge: Challenge }).challenge;
    expect(challenge.parameters).toMatchObject({ algorithm: PROOF_OF_WORK.algorithm, cost: PROOF_OF_WORK.cost });
    expect(JSON.stringify(challenge)).not.toMatch(/"counter"/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a challenge of one dealer's site is no good at another's", async () => {
    const answer = await solve(await captcha.widget("alpha-motors", new Date()));
    expect(await captcha.verify({ tenant: "beta-cars", answer, now: later() })).toEqual({ ok: false, reason: "invalid" });
  });

  it("a form sent sooner than the minimum fill time after its challenge is refused as too fast", async () => {
    const issued = new Date();
    const answer = await solve(await captcha.widget("alpha-motors", issued));
    const at = (ms: number) => captcha.verify({ tenant: "alpha-motors", answer, now: new Date(issued.getTime() + ms) });
    expect(await at(MIN_FILL_MS - 1000)).toEqual({ ok: false, reason: "too-fast" });
    expect(await at(MIN_FILL_MS + 1000)).toEqual({ ok: true });
  });

  it("an expired challenge fails, and so does one whose data or solution was altered", async () => {
    const old = await solve(await captcha.widget("alpha-motors", new Date(Date.now() - 11 * 60_000)));
    expect(await captcha.verify({ tenant: "alpha-motors", answer: old, now: new Date() })).toEqual({ ok: false, reason: "expired" });

    const answer = await solve(await captcha.widget("alpha-motors", new Date()));
    const payload = JSON.parse(Buffer.from(answer, "base64").toString("utf8"));
    const moved = structuredClone(payload);
    moved.challenge.parameters.data.issued -= 3_600_000; // pretending the form was opened an hour ago
    const wrong = structuredClone(payload);
    wrong.solution.derivedKey = wrong.solution.derivedKey.replace(/^./, (c: string) => (c === "0" ? "1" : "0"));
    for (const altered of [moved, wrong]) {
      const text = Buffer.from(JSON.stringify(altered)).toString("base64");
      expect(await captcha.verify({ tenant: "alpha-motors", answer: text, now: later() })).toEqual({ ok: false, reason: "invalid" });
    }
  });
});

describe("the server's own question (shoppers without JavaScript)", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  const at = (ms: number) => new Date(now.getTime() + ms);
  const sum = (question: string) => {
    const [, a, b] = /What is (\d) plus (\d)\?/.exec(question)!;
    return Number(a) + Number(b);
  };

  it("is a small sum whose answer the token does not give away, checked without anything stored", () => {
    const q = issueQuestion(SECRET, "alpha-motors", now);
    expect(q.question).toMatch(/^What is [1-9] plus [1-9]\?$/);
    expect(q.token).toMatch(/^v1\.\d+\.[0-9a-f]{32}\.[0-9a-f]{64}$/);
    expect(questionOf(SECRET, "alpha-motors", q.token)).toBe(q.question);
    const answer = String(sum(q.question));
    expect(checkAnswer(SECRET, "alpha-motors", { token: q.token, answer }, at(10_000), MIN_FILL_MS)).toEqual({ ok: true });
    expect(checkAnswer(SECRET, "alpha-motors", { token: q.token, answer: ` ${answer} ` }, at(10_000), MIN_FILL_MS)).toEqual({ ok: true });
  });

  it("accepts the number in words and refuses a wrong answer, another dealer's token, a forged token and an old one", () => {
    const q = issueQuestion(SECRET, "alpha-motors", now);
    const words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
    const words2 = [...words, "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"];
    const right = sum(q.question);
    const check = (token: string, answer: string, when = at(10_000), tenant = "alpha-motors") =>
      checkAnswer(SECRET, tenant, { token, answer }, when, MIN_FILL_MS);
    expect(check(q.token, words2[right].toUpperCase())).toEqual({ ok: true });
    expect(check(q.token, String(right + 1))).toEqual({ ok: false, reason: "invalid" });
    expect(check(q.token, String(right), at(10_000), "beta-cars")).toEqual({ ok: false, reason: "invalid" });
    expect(
      check(
        q.token.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
        String(right),
      ),
    ).toEqual({ ok: false, reason: "invalid" });
    expect(checkAnswer("another-secret-0123456789", "alpha-motors", { token: q.token, answer: String(right) }, at(10_000), 0)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(check(q.token, String(right), at(QUESTION_LIFETIME_MS + 1000))).toEqual({ ok: false, reason: "expired" });
    expect(check("", String(right))).toEqual({ ok: false, reason: "missing" });
    expect(check(q.token, "  ")).toEqual({ ok: false, reason: "missing" });
  });

  it("the right answer sooner than the minimum fill time is a bot's", () => {
    const q = issueQuestion(SECRET, "alpha-motors", now);
    expect(checkAnswer(SECRET, "alpha-motors", { token: q.token, answer: String(sum(q.question)) }, at(500), MIN_FILL_MS)).toEqual({
      ok: false,
      reason: "too-fast",
    });
  });
});
