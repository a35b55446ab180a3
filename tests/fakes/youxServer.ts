/**
 * A fake YouX API for the YouX adapter's tests, on the fakes' checking server (./jsonProviderServer.ts).
 * It checks each request's shape as YouX would: `POST /quote` with exactly the spec's seven quote fields, `POST
 * /create-customer` with `{ data, additionalData }` and the twelve customer fields, both JSON with
 * `Authorization: Bearer <key>` (401 without the key, 415 without JSON, 400 for a malformed body, each
 * noted as a problem). It quotes by plain amortisation at a rate per credit history and answers a
 * customer with an application address, and fails on demand: an HTTP status, a slow answer, a body
 * without redirectUrl, or text that is not JSON.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { startFakeProvider, type FakeFailure, type FakeRequest } from "./jsonProviderServer";

export type YouxRequest = FakeRequest;

/** What the next request to a path does instead of answering normally (`{ body }`: 200 with it, e.g. `{}` without redirectUrl). */
export type YouxFailure = FakeFailure;

export interface FakeYoux {
  url: string;
  apiKey: string;
  requests: YouxRequest[];
  /** Queues a failure for the next request to `path` ("/quote" or "/create-customer"). */
  failNext(path: string, failure: YouxFailure): void;
  /** Requests with shape problems (a test expects none unless it sent a bad one on purpose). */
  problems(): string[];
  close(): Promise<void>;
}

const credit = z.enum(["GREAT", "DECENT", "POOR"]);
const quoteBody = z
  .object({
    selfAssessedCreditScore: credit,
    purchasePrice: z.number().positive(),
    loanTerm: z.number().int().min(1).max(7),
    year: z.number().int().nullable(),
    vin: z.string(),
    nvic: z.string(),
    whoIsHelping: z.string(),
  })
  .strict();

const customerBody = z
  .object({
    data: z
      .object({
        nvic: z.string(),
        vin: z.string(),
        selfAssessedCreditScore: credit,
        purchasePrice: z.number().positive(),
        year: z.number().int().nullable(),
        loanTerm: z.number().int().min(1).max(7),
        phoneNumber: z.string().regex(/^04\d{8}$/, "a local mobile (a leading 61 turned into 0)"),
        firstName: z.string().min(1),
        lastName: z.string(),
        email: z.string().email(),
        subscribe: z.boolean(),
        postCode: z.string().regex(/^(\d{4})?$/),
      })
      .strict(),
    additionalData: z.record(z.unknown()),
  })
  .strict();

/** The fake's rates (percent a year) by credit history. */
export const FAKE_YOUX_RATES = { GREAT: 6.5, DECENT: 9.5, POOR: 14.5 } as const;

function fakeQuote(body: z.infer<typeof quoteBody>) {
  const annual = FAKE_YOUX_RATES[body.selfAssessedCreditScore];
  const r = annual / 100 / 52;
  const n = body.loanTerm * 52;
  const weekly = (body.purchasePrice * r) / (1 - Math.pow(1 + r, -n));
  return {
    weeklyRepaymentAmount: Math.ceil(weekly * 100) / 100,
    advertisedRate: annual,
    comparisonRate: Math.round((annual + 0.85) * 100) / 100,
  };
}

export async function startFakeYoux(options: { apiKey?: string } = {}): Promise<FakeYoux> {
  const apiKey = options.apiKey ?? "fake-youx-key-0123456789";
  let baseUrl = "";
  const provider = await startFakeProvider({
    apiKey,
    endpoints: [
      { path: "/quote", schema: quoteBody, answer: (body: z.infer<typeof quoteBody>) => ({ status: 200, payload: fakeQuote(body) }) },
      {
        path: "/create-customer",
        schema: customerBody,
        answer: () => {
          const customerId = randomUUID();
          return { status: 200, payload: { customerId, redirectUrl: `${baseUrl}/apply/${customerId}` } };
        },
      },
    ],
  });
  baseUrl = provider.url;
  return { ...provider, apiKey, failNext: (path, failure) => provider.failNext(failure, { path }) };
}
