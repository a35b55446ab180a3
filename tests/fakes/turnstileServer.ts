/**
 * A fake Cloudflare Turnstile siteverify endpoint for the Turnstile captcha adapter's tests, on the
 * fakes' checking server (./jsonProviderServer.ts). It checks each request as Cloudflare would: `POST
 * /turnstile/v0/siteverify`, a form body (`application/x-www-form-urlencoded`) with exactly `secret`,
 * `response`, optionally `remoteip` and `idempotency_key` (a UUID), a token of at most 2048 characters,
 * and the site's secret; anything else is noted as a problem. Tokens it "issued" (`issueToken`) verify
 * once; a second use is `timeout-or-duplicate`, as Cloudflare answers; any other token is
 * `invalid-input-response`. It fails on demand: an HTTP status, a slow answer, a body of your choosing,
 * or text that is not JSON.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { startFakeProvider, type FakeFailure, type FakeRequest } from "./jsonProviderServer";

export type TurnstileFailure = FakeFailure;
export type TurnstileRequest = FakeRequest;

export interface FakeTurnstile {
  /** The endpoint to give the adapter (TURNSTILE_VERIFY_URL). */
  verifyUrl: string;
  siteKey: string;
  secretKey: string;
  requests: TurnstileRequest[];
  /** A token the widget would have put in the form after the shopper passed. */
  issueToken(): string;
  failNext(failure: TurnstileFailure): void;
  problems(): string[];
  close(): Promise<void>;
}

const PATH = "/turnstile/v0/siteverify";

/** The siteverify form: an empty secret or token is Cloudflare's own answer, not a malformed request. */
const siteverifyForm = z
  .object({
    secret: z.string().default(""),
    response: z.string().max(2048, "token longer than 2048 characters").default(""),
    remoteip: z
      .string()
      .regex(/^[0-9a-fA-F:.]{2,45}$/, "not an address")
      .optional(),
    idempotency_key: z.string().uuid("not a UUID").optional(),
  })
  .strict();

export async function startFakeTurnstile(
  options: { siteKey?: string; secretKey?: string; hostname?: string } = {},
): Promise<FakeTurnstile> {
  const siteKey = options.siteKey ?? "0x4AAAAAAAfakeSiteKey";
  const secretKey = options.secretKey ?? "0x4AAAAAAAfakeSecretKey0123456789";
  const issued = new Set<string>();
  const spent = new Set<string>();
  const verdict = (success: boolean, codes: string[]) => ({
    status: 200,
    payload: {
      success,
      "error-codes": codes,
      ...(success ? { challenge_ts: new Date().toISOString(), hostname: options.hostname ?? "localhost", action: "", cdata: "" } : {}),
    },
  });

  const provider = await startFakeProvider({
    endpoints: [
      {
        path: PATH,
        fields: "form",
        schema: siteverifyForm,
        answer: (form: z.infer<typeof siteverifyForm>, note) => {
          if (!form.secret) return verdict(false, ["missing-input-secret"]);
          if (form.secret !== secretKey) {
            note(`${PATH}: wrong secret`);
            return verdict(false, ["invalid-input-secret"]);
          }
          if (!form.response) {
            note(`${PATH}: no response token`);
            return verdict(false, ["missing-input-response"]);
          }
          if (spent.has(form.response)) return verdict(false, ["timeout-or-duplicate"]);
          if (!issued.has(form.response)) return verdict(false, ["invalid-input-response"]);
          issued.delete(form.response);
          spent.add(form.response);
          return verdict(true, []);
        },
      },
    ],
    refusal: () => ({ success: false, "error-codes": ["bad-request"] }),
    failure: (status) => ({ status, payload: { success: false, "error-codes": ["internal-error"] } }),
  });

  return {
    ...provider,
    verifyUrl: `${provider.url}${PATH}`,
    siteKey,
    secretKey,
    issueToken: () => {
      const token = `XXXX.DUMMY.TOKEN.${randomUUID()}`;
      issued.add(token);
      return token;
    },
    failNext: (failure) => provider.failNext(failure),
  };
}
