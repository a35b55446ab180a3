/**
 * Reserving a car through the real route modules (/cars/{slug}/checkout and the Stripe webhook) on an
 * embedded database with the embedded search engine kept in step by StockSync, as the server runs:
 * - embedded payments: the request is recorded without money, the car is reserved in the database and
 *   the index at once, the lead is filed, and the car cannot be reserved again;
 * - Stripe (the fake Stripe): the shopper goes on to the payment page; a signed webhook reserves the car
 *   and files one lead however often it is replayed; a wrong signature is refused and changes nothing;
 *   a cancelled or expired payment leaves the car available; a return after paying counts as paid;
 * - gating, the dealer's own path, and bad input never answering 500. Dealers are built here.
 */
import { FORM_FAILURE_ALERT, FORM_FAILURE_FIELD } from "~/domain/formFailure";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as reserveAction, loader as reserveLoader } from "~/routes/cars.$slug_.checkout/route";
import { NO_LONGER_RESERVABLE_MESSAGE } from "~/routes/cars.$slug_.checkout/reserve.server";
import { action as webhookAction } from "~/routes/api.payments.stripe-webhook/route";
import type { Database } from "@server/db/database";
import { listLeads } from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { getVehicleById, upsertVehicles } from "@server/db/vehicles";
import { EmbeddedPayments, PAYMENT_UNAVAILABLE_MESSAGE, PaymentsError, StripePayments } from "@server/payments";
import type { TenantConfig } from "@server/tenants/schema";
import { startFakeStripe, type FakeStripe } from "../fakes/stripeServer";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { loaderResult } from "../support/loaderResult";
import { testTenant } from "../support/testTenant";
import { testVehicle } from "../support/testVehicle";

const alpha = testTenant("alpha-motors", { features: { reserve: true } });
const gated = testTenant("gated-motors", { features: { reserve: true }, gating: { enabled: true, kinds: ["checkout"] } });
const buyOnline = testTenant("online-motors", {
  features: { reserve: true },
  paths: { checkout: "buy-online" },
  reserveDepositLabel: "$500",
});
const TENANTS = [alpha, gated, buyOnline];

let db: Database;
let platform: TestPlatform;
let fake: FakeStripe;
let n = 0;

type Refusal = { formId: string; fieldErrors: Record<string, string>; repopulateFields: Record<string, string> };

/** A fresh car of a dealer, in the database and the index. */
async function newCar(tenant: TenantConfig = alpha) {
  n += 1;
  const car = testVehicle({ id: `res-${n}`, slug: `2022-toyota-hilux-res-${n}`, stocknum: `R${n}`, car_type: "used", reserved: false });
  await upsertVehicles(db, tenant.slug, [car]);
  await platform.stockChanged(tenant.slug, [car.id]);
  return car;
}

function form(values: Record<string, string> = {}) {
  return new URLSearchParams({
    intent: "reserve",
    first_name: "Jo",
    last_name: "Citizen",
    email: "jo@example.com",
    phone: "0412 345 678",
    postcode: "2000",
    message: "",
    opt_in: "on",
    ...values,
  });
}

function pageUrl(tenant: TenantConfig, slug: string, query = "") {
  return `http://${tenant.slug}.localhost/cars/${slug}/${tenant.paths.checkout}${query}`;
}

async function reserve(tenant: TenantConfig, slug: string, body: BodyInit | null = form(), headers: Record<string, string> = {}) {
  const request = new Request(pageUrl(tenant, slug), { method: "POST", body, headers });
  return reserveAction({ request, params: { slug }, context: contextFor(platform, request) });
}

async function page(tenant: TenantConfig, slug: string, query = "") {
  const request = new Request(pageUrl(tenant, slug, query));
  const { data } = await loaderResult(reserveLoader({ request, params: { slug }, context: contextFor(platform, request) }));
  return data as {
    reservable: boolean;
    takesMoney: boolean;
    depositLabel: string;
    reservation: { id: string; status: string; deposit: number } | null;
    payUrl: string | null;
  };
}

async function webhook(body: string, signature: string | null) {
  const request = new Request(`http://${alpha.slug}.localhost/api/payments/stripe-webhook`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
  });
  return webhookAction({ request, params: {}, context: contextFor(platform, request) });
}

/** What a shopper's next results page says about the car. */
async function inResults(tenant: TenantConfig, id: string) {
  const result = await platform.search.search(tenant, {
    query: "",
    page: 1,
    perPage: 100,
    sortBy: "relevance" as never,
    filters: {},
    ranges: {},
    facets: [],
    stats: [],
  });
  return result.hits.find((h) => h.id === id);
}

const reservationId = (response: Response) => new URL(response.headers.get("Location")!, "http://x").searchParams.get("reservation")!;

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  fake = await startFakeStripe();
  platform = await testPlatform({ db, tenants: TENANTS, settings: { CAPTCHA: "off", RATE_LIMITS: "off" } });
});

afterAll(async () => {
  await platform?.close();
  await fake?.close();
  await db?.close();
});

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
  platform.payments = new EmbeddedPayments();
});

describe("reserving without a payment provider (embedded)", () => {
  it("records the request without money, reserves the car in the database and the results at once, and files the lead", async () => {
    const car = await newCar();
    const before = await page(alpha, car.slug);
    expect(before).toMatchObject({ reservable: true, takesMoney: false, depositLabel: "$200", reservation: null });
    expect((await inResults(alpha, car.id))?.reserved).toBe(false);

    const response = await reserve(alpha, car.slug);
    expect(response.status).toBe(303);
    const id = reservationId(response);
    expect(response.headers.get("Location")).toBe(`/cars/${car.slug}/checkout?reservation=${id}`);
    expect((await getVehicleById(db, alpha.slug, car.id))?.reserved).toBe(true);
    expect((await inResults(alpha, car.id))?.reserved).toBe(true);

    const leads = (await listLeads(db, alpha.slug)).filter((l) => l.car_id === car.id);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ category: "Reserve", name: "Jo", email: "jo@example.com" });
    expect(leads[0].message).toContain("Reservation request: no money has been taken. Please call to arrange the $200 deposit");
    expect(leads[0].payload).toMatchObject({
      reservation_id: id,
      reservation_status: "confirmed",
      payment_provider: "embedded",
      deposit_cents: 20000,
    });
    expect(leads[0].payload).toHaveProperty("lead_attributes");

    const after = await page(alpha, car.slug, `?reservation=${id}`);
    expect(after).toMatchObject({ reservable: false, reservation: { id, status: "confirmed", deposit: 20000 } });
    // Another shopper is told, with what they typed kept.
    const again = await reserve(alpha, car.slug, form({ email: "late@example.com" }));
    expect(again.status).toBe(409);
    const refusal = (await again.json()) as Refusal;
    expect(refusal.fieldErrors).toEqual({ form: NO_LONGER_RESERVABLE_MESSAGE });
    expect(refusal.repopulateFields.email).toBe("late@example.com");
  });

  it("two shoppers reserving at once: one holds the car, the other is told", async () => {
    const car = await newCar();
    const answers = await Promise.all([
      reserve(alpha, car.slug, form({ email: "a@example.com" })),
      reserve(alpha, car.slug, form({ email: "b@example.com" })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    expect((await listLeads(db, alpha.slug)).filter((l) => l.car_id === car.id)).toHaveLength(1);
  });

  it("charges the dealer's own deposit label on the dealer's own path only", async () => {
    const car = await newCar(buyOnline);
    expect((await page(buyOnline, car.slug)).depositLabel).toBe("$500");
    const wrongPath = new Request(`http://${buyOnline.slug}.localhost/cars/${car.slug}/checkout`);
    const refused = await reserveLoader({ request: wrongPath, params: { slug: car.slug }, context: contextFor(platform, wrongPath) }).catch(
      (r: unknown) => r,
    );
    expect((refused as Response).status).toBe(404);
    const response = await reserve(buyOnline, car.slug);
    const [lead] = (await listLeads(db, buyOnline.slug)).filter((l) => l.car_id === car.id);
    expect(lead.payload).toMatchObject({ deposit_cents: 50000, reservation_id: reservationId(response) });
  });

  it("asks a signed-out shopper to sign in first where the dealer gates checkout, for the page and the form", async () => {
    const car = await newCar(gated);
    const request = new Request(pageUrl(gated, car.slug));
    const answer = (await reserveLoader({ request, params: { slug: car.slug }, context: contextFor(platform, request) }).catch(
      (r: unknown) => r,
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/sign-in\?type=checkout&redirect=/);
    const post = (await reserve(gated, car.slug).catch((r: unknown) => r)) as Response;
    expect(post.status).toBe(302);
    expect((await getVehicleById(db, gated.slug, car.id))?.reserved).toBe(false);
  });

  it("where the dealer has the captcha on, a form without its answer is refused with the question and reserves nothing", async () => {
    const car = await newCar();
    const checked = { ...platform, env: { ...platform.env, CAPTCHA: "on" as const } };
    const request = new Request(pageUrl(alpha, car.slug), { method: "POST", body: form({ message: "Kept" }) });
    const response = await reserveAction({ request, params: { slug: car.slug }, context: contextFor(checked, request) });
    expect(response.status).toBe(422);
    const body = (await response.json()) as Refusal & { captcha?: unknown };
    expect(body.fieldErrors).toHaveProperty("captcha_answer");
    expect(body.captcha).toBeTruthy();
    expect(body.repopulateFields.message).toBe("Kept");
    expect((await getVehicleById(db, alpha.slug, car.id))?.reserved).toBe(false);
  });

  it("bad input never answers 500, and reserves nothing", async () => {
    const car = await newCar();
    const bodies: [BodyInit | null, Record<string, string>][] = [
      [null, {}],
      ["{}", { "Content-Type": "application/json" }],
      [form({ intent: "test-drive" }), {}],
      [form({ email: "nope", phone: "1" }), {}],
      [form({ first_name: "x".repeat(5000) }), {}],
      [new URLSearchParams({ intent: "reserve" }), {}],
    ];
    for (const [body, headers] of bodies) {
      const response = await reserve(alpha, car.slug, body, headers);
      expect(response.status, String(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, String(body)).toBeLessThan(500);
    }
    for (const query of [
      "?reservation=%3Cscript%3E",
      "?reservation=AAAAAAAAAAAAAAAAAAAAAAAA",
      "?reservation=x&session_id=../../etc&cancelled=yes",
    ]) {
      expect((await page(alpha, car.slug, query)).reservation).toBeNull();
    }
    expect((await getVehicleById(db, alpha.slug, car.id))?.reserved).toBe(false);
  });
});

describe("reserving with Stripe Checkout (fake Stripe)", () => {
  const stripeSettings = () => ({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    host: fake.host,
    port: fake.port,
    protocol: "http" as const,
    maxNetworkRetries: 0,
  });

  beforeEach(() => {
    platform.payments = new StripePayments(stripeSettings());
  });

  async function startPaying(car: { slug: string }) {
    const response = await reserve(alpha, car.slug);
    expect(response.status).toBe(303);
    const id = reservationId(response);
    const view = await page(alpha, car.slug, `?reservation=${id}`);
    expect(view.reservation?.status).toBe("pending");
    const session = [...fake.sessions.values()].find((s) => s.metadata.reservation_id === id)!;
    expect(view.payUrl).toBe(session.url);
    return { id, session };
  }

  it("a paid deposit's webhook reserves the car and files one lead, however often Stripe sends it", async () => {
    const car = await newCar();
    const { id, session } = await startPaying(car);
    expect(session.success_url).toBe(`http://alpha-motors.localhost/cars/${car.slug}/checkout?reservation=${id}&session_id=${session.id}`);
    expect(session.amount_total).toBe(20000);
    // Waiting for payment holds nothing.
    expect((await getVehicleById(db, alpha.slug, car.id))?.reserved).toBe(false);

    const notice = fake.signed(fake.pay(session.id));
    const response = await webhook(notice.body, notice.signature);
    expect(response.status).toBe(200);
    expect((await getVehicleById(db, alpha.slug, car.id))?.reserved).toBe(true);
    expect((await inResults(alpha, car.id))?.reserved).toBe(true);
    const leads = () => listLeads(db, alpha.slug).then((all) => all.filter((l) => l.car_id === car.id));
    expect(await leads()).toHaveLength(1);
    expect((await leads())[0].message).toContain("Deposit of $200 paid online (stripe)");

    const replay = await webhook(notice.body, notice.signature);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    // A new event about the same payment (Stripe's retry with a new id) changes nothing either.
    const again = fake.signed({ ...JSON.parse(notice.body), id: "evt_another" });
    expect((await webhook(again.body, again.signature)).status).toBe(200);
    expect(await leads()).toHaveLength(1);
    expect((await page(alpha, car.slug, `?reservation=${id}`)).reservation?.status).toBe("paid");
    expect(fake.problems()).toEqual([]);
  });

  it("a webhook with a wrong or missing signature is refused and changes nothing", async () => {
    const car = await newCar();
    const { session } = await startPaying(car);
    const paid = fake.pay(session.id);
    const forged = fake.signed(paid, "whsec_notthedealerssecret");
    for (const [body, signature] of [
      [forged.body, forged.signature],
      [forged.body, null],
      [fake.signed(paid).body.replace('"paid"', '"paid" '), fake.signed(paid).signature],
      ["not json", "t=1,v1=00"],
    ] as const) {
      const response = await webhook(body, signature);
      expect(response.status).toBe(400);
    }
    expect((await getVehicleById(db, alpha.slug, car.id))?.reserved).toBe(false);
    expect((await listLeads(db, alpha.slug)).filter((l) => l.car_id === car.id)).toHaveLength(0);
  });

  it("a cancelled payment leaves the car available, and so does an expired session", async () => {
    const car = await newCar();
    const { id } = await startPaying(car);
    const back = await page(alpha, car.slug, `?reservation=${id}&cancelled=1`);
    expect(back).toMatchObject({ reservable: true, reservation: { status: "cancelled" } });
    expect((await inResults(alpha, car.id))?.reserved).toBe(false);

    const second = await startPaying(car);
    const expired = fake.signed(fake.expire(second.session.id));
    expect((await webhook(expired.body, expired.signature)).status).toBe(200);
    expect((await page(alpha, car.slug, `?reservation=${second.id}`)).reservation?.status).toBe("cancelled");
    expect((await getVehicleById(db, alpha.slug, car.id))?.reserved).toBe(false);
    expect((await listLeads(db, alpha.slug)).filter((l) => l.car_id === car.id)).toHaveLength(0);
  });

  it("a shopper back from paying before the webhook sees the car reserved (Stripe asked)", async () => {
    const car = await newCar();
    const { id, session } = await startPaying(car);
    fake.pay(session.id);
    const back = await page(alpha, car.slug, `?reservation=${id}&session_id=${session.id}`);
    expect(back.reservation?.status).toBe("paid");
    expect((await inResults(alpha, car.id))?.reserved).toBe(true);
  });

  it("Stripe being down keeps the form and the car available", async () => {
    const car = await newCar();
    fake.failNext(500, 1);
    const response = await reserve(alpha, car.slug, form({ message: "Please hold it" }));
    expect(response.status).toBe(502);
    const refusal = (await response.json()) as Refusal;
    // A failure on our side: the spec's generic alert over the payment's own message (spec 000 section 4).
    expect(refusal.fieldErrors).toEqual({ form: PAYMENT_UNAVAILABLE_MESSAGE, [FORM_FAILURE_FIELD]: FORM_FAILURE_ALERT });
    expect(refusal.repopulateFields.message).toBe("Please hold it");
    expect((await getVehicleById(db, alpha.slug, car.id))?.reserved).toBe(false);
  });

  it("Stripe being down answers 502, never 500, when the adapter comes from another bundle's copy of the payments module", async () => {
    // As in production: the platform's adapter is the server build's, and throws that build's own copy of PaymentsError.
    vi.resetModules();
    const serverBuild = await import("@server/payments");
    expect(serverBuild.PaymentsError).not.toBe(PaymentsError);
    platform.payments = new serverBuild.StripePayments(stripeSettings());
    const car = await newCar();
    fake.failNext(500, 1);
    const response = await reserve(alpha, car.slug, form());
    expect(response.status).toBe(502);
    expect(((await response.json()) as Refusal).fieldErrors.form).toBe(PAYMENT_UNAVAILABLE_MESSAGE);
    expect((await getVehicleById(db, alpha.slug, car.id))?.reserved).toBe(false);
    // Its webhook with a signature that does not match: refused with 400.
    expect((await webhook(JSON.stringify({ id: "evt_other_copy", type: "checkout.session.completed" }), "t=1,v1=00")).status).toBe(400);
  });

  it("the webhook is not there without Stripe", async () => {
    platform.payments = new EmbeddedPayments();
    expect((await webhook("{}", "t=1,v1=00")).status).toBe(404);
  });
});
