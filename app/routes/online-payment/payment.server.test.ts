/**
 * /online-payment's loader and action as Remix calls them, on an embedded database with the embedded
 * payments adapter: 404 where the dealer has no online payments, sign-in with type online-payment where
 * the dealer gates it (and open where it does not), bad input answered with the field's message (never
 * a 500), and a good request recorded, confirmed with its reference and filed as the dealer's lead.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CAPTCHA_MESSAGES } from "@server/captcha";
import type { Database } from "@server/db/database";
import { listLeads } from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../../../tests/support/freshPglite";
import type { DepositRequest, Payments, SessionState } from "@server/payments";
import type { TenantConfig } from "@server/tenants/schema";
import { afterFillTime, answerOf, withCaptchaOn } from "../../../tests/support/captcha";
import { testPlatform, type TestPlatform } from "../../../tests/support/testPlatform";
import { contextFor } from "../../../tests/support/loadContext";
import { loaderResult, type DataOf, type LoaderResult } from "../../../tests/support/loaderResult";
import { paymentPost, testPaymentForm } from "../../../tests/support/testPayment";
import { testTenant } from "../../../tests/support/testTenant";
import { action, loader } from "./route";

const gated = testTenant("gated-pay", { features: { onlinePayment: true }, gating: { enabled: true, kinds: ["online-payment"] } });
const otherGate = testTenant("other-gate", { features: { onlinePayment: true }, gating: { enabled: true, kinds: ["checkout"] } });
const open = testTenant("open-pay", { features: { onlinePayment: true } });
const off = testTenant("off-pay", {});

let db: Database;
let platform: TestPlatform;

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  platform = await testPlatform({
    db,
    tenants: [gated, otherGate, open, off],
    defaultTenant: open.slug,
    // The captcha has its own tests below, with it on.
    settings: { CAPTCHA: "off", RATE_LIMITS: "off" },
  });
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

async function run<R>(fn: () => Promise<R>): Promise<LoaderResult<DataOf<R>>> {
  try {
    return await loaderResult(fn());
  } catch (thrown) {
    if (thrown instanceof Response) return (await loaderResult(thrown)) as LoaderResult<DataOf<R>>;
    throw thrown;
  }
}

const view = (dealer: TenantConfig, query = "") => {
  const request = new Request(`http://${dealer.slug}.localhost/online-payment${query}`);
  return run(() => loader({ request, context: contextFor(platform, request), params: {} }));
};
const send = (dealer: TenantConfig, form: Record<string, string> | string, type?: string) => {
  const request = paymentPost(dealer.slug, form, type);
  return run(() => action({ request, context: contextFor(platform, request), params: {} }));
};
const good = testPaymentForm();

describe("/online-payment", () => {
  it("is not found where the dealer has no online payments", async () => {
    expect((await view(off)).status).toBe(404);
    expect((await send(off, good)).status).toBe(404);
  });

  it("sends a signed-out shopper to sign in with type online-payment where the dealer gates it", async () => {
    for (const response of [await view(gated), await send(gated, good)]) {
      expect(response.status).toBe(302);
      const to = new URL(response.headers.get("Location")!, "http://x");
      expect(to.pathname).toBe("/sign-in");
      expect(to.searchParams.get("type")).toBe("online-payment");
    }
    expect((await view(otherGate)).status).toBe(200);
    expect((await view(open)).status).toBe(200);
  });

  it("answers bad input with the field's message, never a 500", async () => {
    const bodies: [Record<string, string> | string, string?][] = [
      [{ ...good, amount: "50000.01" }],
      [{ ...good, amount: "0.50" }],
      [{ ...good, amount: "ten" }],
      [{ reference: "'; DROP TABLE x" }],
      ["{not a form", "application/json"],
      ["", "text/plain"],
    ];
    for (const [body, type] of bodies) {
      const response = await send(open, body, type);
      expect(response.status).toBe(400);
    }
    const answer = (await send(open, { ...good, amount: "60000" })).data;
    expect(answer.fieldErrors).toEqual({ amount: "Enter an amount between $1 and $50,000" });
    expect(answer.values.reference).toBe("INV-1042");
    expect(await db.query("SELECT * FROM online_payments")).toHaveLength(0);
  });

  it("records a request without taking money, confirms it with the reference and files the dealer's lead", async () => {
    const response = await send(open, good);
    expect(response.status).toBe(302);
    const to = response.headers.get("Location")!;
    expect(to).toMatch(/^\/online-payment\?payment=[A-Za-z0-9_-]{24}$/);
    const page = (await view(open, to.slice(to.indexOf("?")))).data;
    expect(page.takesMoney).toBe(false);
    expect(page.payment).toEqual({ status: "recorded", reference: "INV-1042", amountCents: 125_050 });
    const leads = (await listLeads(db, open.slug)).filter((l) => l.category === "Online Payment");
    expect(leads).toHaveLength(1);
    expect(leads[0].payload).toMatchObject({ reference: "INV-1042", amount_cents: 125_050, status: "recorded" });
    expect(leads[0].message).toContain("$1,250.50");
    // Another dealer's address does not show this payment.
    expect((await view(otherGate, to.slice(to.indexOf("?")))).data.payment).toBeNull();
  });

  it("with a payment provider, sends the shopper to pay and confirms on their return once the provider says it is paid", async () => {
    const started: DepositRequest[] = [];
    let state: SessionState = "open";
    const provider: Payments = {
      name: "stripe",
      takesMoney: true,
      async startDeposit(request) {
        started.push(request);
        return { kind: "redirect", url: "https://pay.example.com/cs_test_1", sessionId: "cs_test_1" };
      },
      async getSession(id) {
        return {
          id,
          state,
          url: "https://pay.example.com/cs_test_1",
          reservationId: started[0]?.reservationId ?? null,
          amountCents: 5_000,
        };
      },
      readNotice() {
        throw new Error("not used");
      },
    };
    const paying = { ...platform, payments: provider };
    const request = paymentPost(open.slug, testPaymentForm({ reference: "SO-77", amount: "50" }));
    const response = await run(() => action({ request, context: contextFor(paying, request), params: {} }));
    expect(response.headers.get("Location")).toBe("https://pay.example.com/cs_test_1");
    expect(started[0]).toMatchObject({ amountCents: 5_000, description: expect.stringContaining("SO-77") });
    const back = new URL(started[0].successUrl);
    const returning = async () => {
      const r = new Request(back);
      return (await run(() => loader({ request: r, context: contextFor(paying, r), params: {} }))).data.payment;
    };
    expect(await returning()).toEqual({ status: "pending", reference: "SO-77", amountCents: 5_000 });
    expect((await listLeads(db, open.slug)).filter((l) => l.payload.reference === "SO-77")).toHaveLength(0);
    state = "paid";
    expect(await returning()).toEqual({ status: "paid", reference: "SO-77", amountCents: 5_000 });
    expect(await returning()).toMatchObject({ status: "paid" });
    const leads = (await listLeads(db, open.slug)).filter((l) => l.payload.reference === "SO-77");
    expect(leads).toHaveLength(1);
    expect(leads[0].message).toContain("Paid $50.00 online");
  });
});

describe("/online-payment's captcha, where the dealer has it on", () => {
  it("refuses a request without the answer or with a wrong one, every typed value kept and nothing recorded; the right answer records it", async () => {
    const checked = withCaptchaOn(platform);
    const openPage = async () => {
      const request = new Request(`http://${open.slug}.localhost/online-payment`);
      return run(() => loader({ request, context: contextFor(checked, request), params: {} }));
    };
    const call = async (body: Record<string, string>) => {
      const request = paymentPost(open.slug, body);
      return run(() => action({ request, context: contextFor(checked, request), params: {} }));
    };
    const mine = { ...good, reference: "CAP-1" };
    const stored = async () => db.query("SELECT * FROM online_payments WHERE reference = 'CAP-1'");

    const page = (await openPage()).data;
    expect(page.captcha).toBe(true);
    expect(page.captchaQuestion!.question).toMatch(/^What is \d+ plus \d+\?$/);

    const missing = await call(mine);
    expect(missing.status).toBe(422);
    const refusal = missing.data;
    expect(refusal.fieldErrors).toEqual({ captcha_answer: CAPTCHA_MESSAGES.missing });
    expect(refusal.values).toEqual(mine);
    expect(refusal.captcha!.question).toMatch(/^What is \d+ plus \d+\?$/);

    // A wrong amount and no answer: both messages at once, the typed values kept.
    const both = (await call({ ...mine, amount: "ten" })).data;
    expect(Object.keys(both.fieldErrors).sort()).toEqual(["amount", "captcha_answer"]);
    expect(both.values).toMatchObject({ reference: "CAP-1", amount: "ten", email: "ava@example.com" });

    afterFillTime();
    try {
      const wrong = await call({ ...mine, captcha_token: refusal.captcha!.token, captcha_answer: "99" });
      expect(wrong.status).toBe(422);
      expect(wrong.data.fieldErrors).toEqual({ captcha_answer: CAPTCHA_MESSAGES["wrong-answer"] });
      expect(await stored()).toHaveLength(0);

      const right = await call({
        ...mine,
        captcha_token: page.captchaQuestion!.token,
        captcha_answer: answerOf(page.captchaQuestion!.question),
      });
      expect(right.status).toBe(302);
      expect(right.headers.get("Location")).toMatch(/^\/online-payment\?payment=/);
      expect(await stored()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks nothing where the captcha is off", async () => {
    const page = (await view(open)).data;
    expect(page).toMatchObject({ captcha: false, captchaQuestion: null });
  });
});
