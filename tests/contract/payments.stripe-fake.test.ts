/**
 * The payments contract on the Stripe Checkout adapter against the fake Stripe (which checks every
 * request's shape, key and idempotency key), then the adapter's own behaviour: failures as
 * PaymentsError without the key, retries of Stripe's own failures, notices of expired sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@server/config/env.server";
import { createPaymentsFromEnv, PaymentsError, StripePayments } from "@server/payments";
import { startFakeStripe, type FakeStripe } from "../fakes/stripeServer";
import { depositRequest, describePaymentsContract } from "./payments.contract";

function adapter(fake: FakeStripe, overrides: { secretKey?: string; maxNetworkRetries?: number } = {}) {
  return new StripePayments({
    secretKey: overrides.secretKey ?? fake.secretKey,
    webhookSecret: fake.webhookSecret,
    host: fake.host,
    port: fake.port,
    protocol: "http",
    maxNetworkRetries: overrides.maxNetworkRetries ?? 0,
  });
}

describePaymentsContract("Stripe Checkout (fake Stripe)", async () => {
  const fake = await startFakeStripe();
  return {
    payments: adapter(fake),
    pay: async (start) => {
      if (start.kind !== "redirect") throw new Error("expected a payment page");
      return fake.signed(fake.pay(start.sessionId));
    },
    close: async () => {
      expect(fake.problems()).toEqual([]);
      await fake.close();
    },
  };
});

describe("Stripe adapter: requests and failures", () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => fake.close());

  it("asks for one AUD line item of the deposit, the reservation in metadata and the session id on the way back", async () => {
    const request = depositRequest({ amountCents: 25_000 });
    const start = await adapter(fake).startDeposit(request);
    const create = fake.requests.at(-1)!;
    expect(create.problems).toEqual([]);
    expect(create.headers["idempotency-key"]).toBe(`reservation-${request.reservationId}`);
    expect(create.form).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][currency]": "aud",
      "line_items[0][price_data][unit_amount]": "25000",
      "line_items[0][price_data][product_data][name]": "Reservation deposit: 2021 Mazda CX-5 Maxx Sport (stock #M123)",
      "metadata[reservation_id]": request.reservationId,
      "metadata[tenant]": "alpha-motors",
      "payment_intent_data[metadata][car_id]": "car-1",
      customer_email: "jo@example.com",
      cancel_url: request.cancelUrl,
    });
    expect(create.form.success_url).toBe(`${request.successUrl}&session_id={CHECKOUT_SESSION_ID}`);
    expect(start.kind).toBe("redirect");
  });

  it("names a payment against the dealer's reference as it is, not as a reservation deposit", async () => {
    await adapter(fake).startDeposit(depositRequest({ purpose: "payment", description: "Payment to Alpha Motors: reference INV-1042" }));
    const create = fake.requests.at(-1)!;
    expect(create.problems).toEqual([]);
    expect(create.form["line_items[0][price_data][product_data][name]"]).toBe("Payment to Alpha Motors: reference INV-1042");
  });

  it("turns Stripe's failures into PaymentsError without the key, after retrying its 500s", async () => {
    // Three 500s in a row: the first try and both retries fail.
    fake.failNext(500, 3);
    const failure = await adapter(fake, { maxNetworkRetries: 2 })
      .startDeposit(depositRequest())
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentsError);
    expect((failure as PaymentsError).reason).toBe("provider");
    expect(String((failure as Error).message)).not.toContain(fake.secretKey);
    // One 500 is retried and the deposit goes through.
    fake.failNext(500, 1);
    expect((await adapter(fake, { maxNetworkRetries: 1 }).startDeposit(depositRequest())).kind).toBe("redirect");
    const wrongKey = await adapter(fake, { secretKey: "sk_test_wrongwrongwrong" })
      .startDeposit(depositRequest())
      .catch((e: unknown) => e);
    expect(wrongKey).toBeInstanceOf(PaymentsError);
    expect(String((wrongKey as Error).message)).not.toContain("sk_test_wrongwrongwrong");
  });

  it("reads an expired session's notice, and refuses one signed with another secret", async () => {
    const payments = adapter(fake);
    const start = await payments.startDeposit(depositRequest());
    if (start.kind !== "redirect") throw new Error("expected a payment page");
    const expired = fake.signed(fake.expire(start.sessionId));
    expect(payments.readNotice(expired.body, expired.signature)).toMatchObject({ type: "expired", session: { state: "expired" } });
    const forged = fake.signed(fake.pay(start.sessionId), "whsec_someoneelsessecret");
    expect(() => payments.readNotice(forged.body, forged.signature)).toThrow(PaymentsError);
    expect(await payments.getSession("cs_test_nosuchsession").catch((e: unknown) => e)).toBeInstanceOf(PaymentsError);
    expect(await payments.getSession("../etc").catch((e: unknown) => e)).toBeInstanceOf(PaymentsError);
  });

  it("is chosen when both Stripe settings are set, and start-up refuses one without the other", () => {
    const env = parseEnv({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret });
    expect(createPaymentsFromEnv(env).name).toBe("stripe");
    expect(() => parseEnv({ STRIPE_SECRET_KEY: fake.secretKey })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "pk_test_publishablekey", STRIPE_WEBHOOK_SECRET: fake.webhookSecret })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "pk_test_publishablekey", STRIPE_WEBHOOK_SECRET: fake.webhookSecret })).not.toThrow(
      /pk_test_publishablekey/,
    );
  });
});
