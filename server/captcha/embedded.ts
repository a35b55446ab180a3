/**
 * The embedded captcha: a self-hosted ALTCHA proof of work (altcha-lib), needing no third party. The
 * browser's widget finds the counter that derives the challenge's key prefix (a second or so of work
 * for a phone, a real cost for a bot sending thousands of forms); the server checks it with HMACs only.
 * Challenges are signed for one dealer's site, carry when they were made (the form's minimum fill time
 * counts from then: the widget asks for one when the shopper starts on the form) and expire after ten
 * minutes. Nothing is stored.
 */
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { createHmac } from "node:crypto";
import { z } from "zod";
import { ALTCHA_FIELD, type Captcha, type CaptchaCheck, type CaptchaVerdict, type CaptchaWidget } from "./port";

/** How hard the work is: PBKDF2 rounds per try, and the range the secret counter is drawn from. */
export const PROOF_OF_WORK = { algorithm: "PBKDF2/SHA-256", cost: 1000, counterMin: 500, counterMax: 2500 } as const;
/** How long a challenge may be solved and sent. */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;
/** The widget's answer is a base64 JSON of a few hundred characters; anything far longer is not one. */
const MAX_PAYLOAD = 4000;

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(PROOF_OF_WORK.algorithm),
        nonce: z.string().max(200),
        salt: z.string().max(200),
        cost: z.number().int().positive().max(1_000_000),
        keyLength: z.number().int().positive().max(64),
        keyPrefix: z.string().max(200),
        keySignature: z.string().max(200).optional(),
        expiresAt: z.number().optional(),
        data: z.record(z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
      })
      .passthrough(),
    signature: z.string().max(200).optional(),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(200), time: z.number().optional() }),
});

export interface EmbeddedCaptchaOptions {
  /** The server's secret (HMAC key); the challenge and derived-key signatures use keys made from it. */
  secret: string;
  /** The least time between the challenge and the form being sent, in milliseconds. */
  minFillMs: number;
}

export class EmbeddedCaptcha implements Captcha {
  readonly name = "embedded" as const;
  readonly field = ALTCHA_FIELD;
  private readonly signatureKey: string;
  private readonly keySignatureKey: string;

  constructor(private readonly options: EmbeddedCaptchaOptions) {
    this.signatureKey = createHmac("sha256", options.secret).update("altcha-challenge").digest("hex");
    this.keySignatureKey = createHmac("sha256", options.secret).update("altcha-key").digest("hex");
  }

  async widget(tenant: string, now: Date): Promise<CaptchaWidget> {
    const challenge: Challenge = await createChallenge({
      algorithm: PROOF_OF_WORK.algorithm,
      cost: PROOF_OF_WORK.cost,
      counter: randomInt(PROOF_OF_WORK.counterMax, PROOF_OF_WORK.counterMin),
      deriveKey,
      data: { site: tenant, issued: now.getTime() },
      expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
      hmacSignatureSecret: this.signatureKey,
      hmacKeySignatureSecret: this.keySignatureKey,
    });
    return { provider: "altcha", challenge };
  }

  async verify({ tenant, answer, now }: CaptchaCheck): Promise<CaptchaVerdict> {
    if (!answer) return { ok: false, reason: "missing" };
    const payload = readPayload(answer);
    if (!payload) return { ok: false, reason: "invalid" };
    const data = payload.challenge.parameters.data ?? {};
    if (data.site !== tenant || typeof data.issued !== "number") return { ok: false, reason: "invalid" };
    let result;
    try {
      result = await verifySolution({
        challenge: payload.challenge as Challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.signatureKey,
        hmacKeySignatureSecret: this.keySignatureKey,
      });
    } catch {
      return { ok: false, reason: "invalid" };
    }
    if (result.expired || (payload.challenge.parameters.expiresAt ?? 0) * 1000 < now.getTime()) return { ok: false, reason: "expired" };
    if (!result.verified) return { ok: false, reason: "invalid" };
    // Signed with the challenge, so the shopper's browser cannot move it back.
    if (now.getTime() - data.issued < this.options.minFillMs) return { ok: false, reason: "too-fast" };
    return { ok: true };
  }
}

function readPayload(answer: string): Payload | null {
  if (answer.length > MAX_PAYLOAD || !/^[A-Za-z0-9+/=_-]+$/.test(answer)) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(answer, "base64").toString("utf8")));
    return parsed.success ? (parsed.data as Payload) : null;
  } catch {
    return null;
  }
}
