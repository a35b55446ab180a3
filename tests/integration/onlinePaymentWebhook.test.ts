/**
 * Online payments (/online-payment) settled by Stripe's webhook, through the real route modules on an
 * embedded database against the fake Stripe: a paid notice marks the payment paid and files the dealer's
 * one 'Online Payment' lead however often Stripe sends it (and whether or not the shopper came back
 * first); a failed or expired payment is cancelled and files nothing, and never undoes a paid one; a
 * wrong signature, another dealer's address or another session's notice changes nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as webhookAction } from "~/routes/api.payments.stripe-webhook/route";
import { action as paymentAction, loader as paymentLoader } from "~/routes/online-payment/route";
import type { Database } from "@server/db/database";
import { listLeads } from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { StripePayments } from "@server/payments";
import { getOnlinePayment } from "@server/payments/onlinePayments";
import type { TenantConfig } from "@server/tenants/schema";
import { startFakeStripe, type FakeStripe } from "../fakes/stripeServer";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { loaderResult, type LoaderResult } from "../support/loaderResult";
import { paymentPost, testPaymentForm } from "../support/testPayment";
import { testTenant } from "../support/testTenant";

const alpha = testTenant("alpha-pay", { features: { onlinePayment: true } });
const beta = testTenant("beta-pay", { features: { onlinePayment: true } });

let db: Database;
let platform: TestPlatform;
let fake: FakeStripe;
let n = 0;

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  fake = await startFakeStripe();
  platform = await testPlatform({
    db,
    tenants: [alpha, beta],
    settings: { CAPTCHA: "off", RATE_LIMITS: "off" },
    payments: new StripePayments({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      host: fake.host,
      port: fake.port,
      protocol: "http",
      maxNetworkRetries: 0,
    }),
  });
});

afterAll(async () => {
  await fake?.close();
  await platform?.close();
  await db?.close();
});

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

async function run(fn: () => Promise<unknown>): Promise<LoaderResult<unknown>> {
  try {
    return await loaderResult(fn());
  } catch (thrown) {
    if (thrown instanceof Response) return loaderResult(thrown);
    throw thrown;
  }
}

/** A shopper sends the payment form and is sent to Stripe: the payment's id and its session. */
async function startPayment(dealer: TenantConfig = alpha) {
  n += 1;
  const reference = `INV-${n}`;
  const request = paymentPost(dealer.slug, testPaymentForm({ reference, amount: "120", email: `ava${n}@example.com` }));
  const response = await run(() => paymentAction({ request, params: {}, context: contextFor(platform, request) }));
  expect(response.status).toBe(302);
  const session = [...fake.sessions.values()].find((s) => s.url === response.headers.get("Location"))!;
  expect(session).toBeTruthy();
  const id = session.metadata.reservation_id;
  expect((await getOnlinePayment(db, dealer.slug, id))?.status).toBe("pending");
  return { id, session, reference };
}

async function webhook(body: string, signature: string | null, dealer: TenantConfig = alpha) {
  const request = new Request(`http://${dealer.slug}.localhost/api/payments/stripe-webhook`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
  });
  return webhookAction({ request, params: {}, context: contextFor(platform, request) });
}

/** The shopper's return to the page after paying (or giving up). */
async function returnTo(dealer: TenantConfig, id: string, query = "") {
  const request = new Request(`http://${dealer.slug}.localhost/online-payment?payment=${id}${query}`);
  const response = await run(() => paymentLoader({ request, params: {}, context: contextFor(platform, request) }));
  return (response.data as { payment: { status: string } | null }).payment;
}

const paymentLeads = async (dealer: TenantConfig, reference: string) =>
  (await listLeads(db, dealer.slug)).filter((l) => l.category === "Online Payment" && l.payload.reference === reference);

describe("Stripe's webhook for online payments", () => {
  it("a paid notice marks the payment paid and files one lead, however often Stripe sends it", async () => {
    const { id, session, reference } = await startPayment();
    const notice = fake.signed(fake.pay(session.id));
    const first = await webhook(notice.body, notice.signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    expect((await getOnlinePayment(db, alpha.slug, id))?.status).toBe("paid");
    const leads = await paymentLeads(alpha, reference);
    expect(leads).toHaveLength(1);
    expect(leads[0].message).toBe(`Paid $120.00 online against reference ${reference}.`);
    expect(leads[0].payload).toMatchObject({ status: "paid", provider: "stripe", payment_id: id, amount_cents: 12_000 });

    // Stripe's retry of the same event, and the shopper's return afterwards: nothing more.
    const again = await webhook(notice.body, notice.signature);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await returnTo(alpha, id)).toMatchObject({ status: "paid" });
    expect(await paymentLeads(alpha, reference)).toHaveLength(1);
    expect((await getOnlinePayment(db, alpha.slug, id))?.lead_id).toBe(leads[0].id);
  });

  it("after the shopper's return has settled it, the webhook files no second lead", async () => {
    const { id, session, reference } = await startPayment();
    const event = fake.pay(session.id);
    expect(await returnTo(alpha, id)).toMatchObject({ status: "paid" });
    const notice = fake.signed(event);
    expect((await webhook(notice.body, notice.signature)).status).toBe(200);
    expect(await paymentLeads(alpha, reference)).toHaveLength(1);
  });

  it("a failed or expired payment is cancelled and files nothing; a late failure never undoes a paid one", async () => {
    const failed = await startPayment();
    const failure = fake.signed(fake.fail(failed.session.id));
    expect((await webhook(failure.body, failure.signature)).status).toBe(200);
    expect((await getOnlinePayment(db, alpha.slug, failed.id))?.status).toBe("cancelled");
    expect(await paymentLeads(alpha, failed.reference)).toHaveLength(0);

    const expired = await startPayment();
    const expiry = fake.signed(fake.expire(expired.session.id));
    expect((await webhook(expiry.body, expiry.signature)).status).toBe(200);
    expect((await getOnlinePayment(db, alpha.slug, expired.id))?.status).toBe("cancelled");
    expect(await returnTo(alpha, expired.id)).toMatchObject({ status: "cancelled" });
    expect(await paymentLeads(alpha, expired.reference)).toHaveLength(0);

    const paid = await startPayment();
    const payment = fake.signed(fake.pay(paid.session.id));
    await webhook(payment.body, payment.signature);
    const late = fake.signed(fake.fail(paid.session.id));
    expect((await webhook(late.body, late.signature)).status).toBe(200);
    expect((await getOnlinePayment(db, alpha.slug, paid.id))?.status).toBe("paid");
    expect(await paymentLeads(alpha, paid.reference)).toHaveLength(1);
  });

  it("a wrong or missing signature is refused and changes nothing", async () => {
    const { id, session, reference } = await startPayment();
    const event = fake.pay(session.id);
    const forged = fake.signed(event, "whsec_not_the_secret");
    expect((await webhook(forged.body, forged.signature)).status).toBe(400);
    expect((await webhook(fake.signed(event).body, null)).status).toBe(400);
    const tampered = fake.signed(event);
    expect((await webhook(tampered.body.replace('"paid"', '"unpaid"'), tampered.signature)).status).toBe(400);
    expect((await getOnlinePayment(db, alpha.slug, id))?.status).toBe("pending");
    expect(await paymentLeads(alpha, reference)).toHaveLength(0);
  });

  it("another dealer's address, or a notice about another session naming this payment, changes nothing", async () => {
    const { id, session, reference } = await startPayment(alpha);
    const notice = fake.signed(fake.pay(session.id));
    expect((await webhook(notice.body, notice.signature, beta)).status).toBe(200);
    expect((await getOnlinePayment(db, alpha.slug, id))?.status).toBe("pending");

    const other = await startPayment(alpha);
    const stray = fake.pay(other.session.id);
    (stray.data.object as { metadata: Record<string, string> }).metadata.reservation_id = id;
    const strayNotice = fake.signed(stray);
    expect((await webhook(strayNotice.body, strayNotice.signature)).status).toBe(200);
    expect((await getOnlinePayment(db, alpha.slug, id))?.status).toBe("pending");
    expect(await paymentLeads(alpha, reference)).toHaveLength(0);
  });
});
