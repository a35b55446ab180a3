/**
 * The online purchase journey through its real route module on an embedded database: only where the
 * dealer's flag is on; one step per post, the answers kept on the order's row; the trade-in step reads
 * a valuation from /cars/trade-in; delivery estimated by postcode; the submit files one order lead with
 * every step's answers; gated dealers send a signed-out shopper to sign in and the journey resumes on
 * their account; bad input never answers 500. Dealers are built here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as journeyAction, loader as journeyLoader } from "~/routes/checkout-journey/route";
import { ORDER_CATEGORY, VALUATION_NOT_FOUND } from "~/routes/checkout-journey/journey.server";
import { successLoader } from "~/routes/success/success.server";
import { startSession } from "@server/auth/session";
import { upsertUser } from "@server/db/accounts";
import { CAPTCHA_MESSAGES } from "@server/captcha";
import type { Database } from "@server/db/database";
import { listLeads } from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import type { TenantConfig } from "@server/tenants/schema";
import { afterFillTime, answerOf, withCaptchaOn } from "../support/captcha";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { loaderResult, type LoaderResult } from "../support/loaderResult";
import { testTenant } from "../support/testTenant";
import { testVehicle } from "../support/testVehicle";

const delivery = { regions: [{ name: "Perth Metro", postcodes: [[6000, 6199]], price: 350 }] };
const open = testTenant("open-motors", { features: { checkoutJourney: true }, delivery });
const gated = testTenant("gated-motors", { features: { checkoutJourney: true }, gating: { enabled: true, kinds: ["checkout"] }, delivery });
const off = testTenant("off-motors");
const car = testVehicle({ id: "cj-1", slug: "2021-mazda-cx-5-cj-1", car_type: "used", location_id: "l1" });
const sold = testVehicle({ id: "cj-sold", slug: "2020-kia-rio-cj-sold", status: "sold" });

let db: Database;
let platform: TestPlatform;

type Answer = { status: number; location: string | null; cookie: string | null; body: unknown };

async function call(tenant: TenantConfig, query: string, body?: Record<string, string>, cookie = ""): Promise<Answer> {
  const request = new Request(`http://${tenant.slug}.localhost/checkout-journey${query}`, {
    method: body ? "POST" : "GET",
    body: body ? new URLSearchParams(body) : undefined,
    headers: cookie ? { Cookie: cookie } : {},
  });
  const args = { request, params: {}, context: contextFor(platform, request) };
  let response: LoaderResult<unknown>;
  try {
    response = await loaderResult(body ? journeyAction(args) : journeyLoader(args));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = await loaderResult(thrown);
  }
  return {
    status: response.status,
    location: response.headers.get("Location"),
    cookie: response.headers.get("Set-Cookie"),
    body: response.data ?? "",
  };
}

const details = {
  intent: "details",
  first_name: "Jo",
  last_name: "Citizen",
  email: "jo@example.com",
  phone: "0412 345 678",
  postcode: "6000",
};

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  for (const t of [open, gated, off]) await upsertVehicles(db, t.slug, [car, sold]);
  // The captcha has its own tests below, with it on.
  platform = await testPlatform({ db, tenants: [open, gated, off], settings: { CAPTCHA: "off", RATE_LIMITS: "off" } });
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

describe("the online purchase journey", () => {
  it("is a 404 where the dealer's flag is off, and for a car the dealer does not have", async () => {
    expect((await call(off, `?car_id=${car.slug}`)).status).toBe(404);
    expect((await call(off, `?car_id=${car.slug}`, details)).status).toBe(404);
    expect((await call(open, "?car_id=no-such-car")).status).toBe(404);
    expect((await call(open, "")).status).toBe(404);
  });

  it("goes step by step to one order lead with every step's answers", async () => {
    await db.query(
      "INSERT INTO trade_in_valuations (id, tenant, car_id, rego, rego_state, offer_price, offer_accepted) VALUES ('val-00000001', $1, $2, '1ABC234', 'WA', 9500, true)",
      [open.slug, car.id],
    );
    const start = await call(open, `?car_id=${car.slug}`);
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ step: "details", orderId: null, car: { title: expect.stringContaining("Toyota") } });

    const first = await call(open, `?car_id=${car.slug}`, details);
    expect(first.status).toBe(303);
    const order = new URL(first.location!, "http://x").searchParams.get("order")!;
    expect(first.location).toBe(`/checkout-journey?car_id=${car.slug}&order=${order}&step=trade-in`);
    expect(first.cookie).toMatch(new RegExp(`^checkout_order=${order}; Path=/checkout-journey; HttpOnly; SameSite=Lax`));
    const q = `?car_id=${car.slug}&order=${order}`;

    const missing = await call(open, q, { intent: "trade-in", has_trade_in: "yes", valuation: "val-99999999" });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      step: "trade-in",
      errors: { valuation: VALUATION_NOT_FOUND },
      values: { valuation: "val-99999999" },
    });
    expect(
      (await call(open, q, { intent: "trade-in", has_trade_in: "yes", valuation: "val-00000001", trade_rego: "1abc234" })).location,
    ).toContain("step=payment");
    expect((await call(open, q, { intent: "payment", payment_method: "finance" })).location).toContain("step=delivery");
    const noPostcode = await call(open, q, { intent: "delivery", delivery_method: "delivery", delivery_postcode: "" });
    expect(noPostcode.body).toMatchObject({ errors: { delivery_postcode: "Please enter a postcode." } });
    expect((await call(open, q, { intent: "delivery", delivery_method: "delivery", delivery_postcode: "6050" })).location).toContain(
      "step=review",
    );

    const review = await call(open, q);
    expect(review.body).toMatchObject({
      step: "review",
      answers: {
        details: { first_name: "Jo", phone: "0412345678" },
        tradeIn: { has: "yes", rego: "1ABC234", valuation: { id: "val-00000001", offerPrice: 9500, offerAccepted: true } },
        payment: { method: "finance" },
        delivery: { method: "delivery", postcode: "6050", estimate: { price: 350, name: "Perth Metro" } },
      },
      financeHref: `/personalised/finance?car_id=${car.id}`,
    });
    // A step already answered can be opened again and changed.
    expect((await call(open, `${q}&step=payment`)).body).toMatchObject({ step: "payment" });

    const done = await call(open, q, { intent: "submit" });
    expect(done.status).toBe(303);
    const leads = (await listLeads(db, open.slug)).filter((l) => l.category === ORDER_CATEGORY);
    expect(leads).toHaveLength(1);
    // The journey ends on /success, which reads the order's reference from its lead.
    expect(done.location).toBe(`/success?lead=${leads[0].id}&car=${car.slug}&order=${order}`);
    const successRequest = new Request(`http://${open.slug}.localhost${done.location}`);
    const success = await loaderResult(
      successLoader({
        request: successRequest,
        params: {},
        context: contextFor(platform, successRequest),
      }),
    );
    expect(success.data).toMatchObject({
      category: "Online Purchase",
      details: {
        kind: "order",
        reference: expect.stringMatching(/^ORD-/),
        orderHref: `/checkout-journey?car_id=${car.slug}&order=${order}&step=done`,
      },
    });
    expect(leads[0]).toMatchObject({
      car_id: car.id,
      name: "Jo",
      last_name: "Citizen",
      phone: "0412345678",
      postcode: "6000",
      subcategory: "Order",
    });
    expect(leads[0].message).toMatch(new RegExp(`Order reference: ORD-[A-Z0-9]{4}-[A-Z0-9]{4} \\(order ${order}\\)`));
    expect(leads[0].message).toContain("Trade-in: rego 1ABC234 (valuation val-00000001, online offer $9,500, accepted)");
    expect(leads[0].message).toContain("Payment: Finance (finance journey offered)");
    expect(leads[0].message).toContain("Delivery to 6050: Perth Metro, estimate $350");
    expect(leads[0].payload).toMatchObject({ order_id: order, order: { payment: { method: "finance" } } });
    expect((await call(open, q)).body).toMatchObject({ submitted: true, orderId: order });
    // A submitted order is not sent twice.
    expect((await call(open, q, { intent: "submit" })).location).toContain("step=done");
    expect((await listLeads(db, open.slug)).filter((l) => l.category === ORDER_CATEGORY)).toHaveLength(1);
  });

  it("keeps the journey in a cookie, and will not skip ahead of unanswered steps", async () => {
    const first = await call(open, `?car_id=${car.slug}`, { ...details, email: "cookie@example.com" });
    const cookie = first.cookie!.split(";")[0];
    const order = cookie.split("=")[1];
    expect((await call(open, `?car_id=${car.slug}`, undefined, cookie)).body).toMatchObject({ orderId: order, step: "trade-in" });
    expect((await call(open, `?car_id=${car.slug}&order=${order}&step=review`)).body).toMatchObject({ step: "trade-in" });
    expect((await call(open, `?car_id=${car.slug}&order=${order}`, { intent: "submit" })).location).toBe(
      `/checkout-journey?car_id=${car.slug}&order=${order}`,
    );
  });

  it("offers nothing for a sold car", async () => {
    expect((await call(open, `?car_id=${sold.slug}`)).body).toMatchObject({ available: false });
    expect((await call(open, `?car_id=${sold.slug}`, details)).status).toBe(409);
  });

  it("bad input never answers 500", async () => {
    const bodies: Record<string, string>[] = [
      {},
      { intent: "nonsense" },
      { ...details, phone: "x".repeat(400) },
      { intent: "trade-in", has_trade_in: "yes" },
      { intent: "payment", payment_method: "bitcoin" },
      { intent: "delivery", delivery_method: "teleport" },
      { intent: "submit" },
    ];
    for (const body of bodies) {
      const answer = await call(open, `?car_id=${car.slug}&order=AAAAAAAAAAAAAAAAAAAAAAAA`, body);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const query of [`?car_id=${car.slug}&order=%3Cx%3E&step=%00`, `?car_id=%3Cscript%3E`, `?car_id=${car.slug}&valuation=../../x`]) {
      expect((await call(open, query)).status, query).toBeLessThan(500);
    }
  });
});

describe("where the dealer gates checkout", () => {
  it("asks a signed-out shopper to sign in, then resumes their journey on their account", async () => {
    const signedOut = await call(gated, `?car_id=${car.slug}`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe(
      // Reached from a direct link: 'back' is the car's page, not the home page.
      `/sign-in?type=checkout&redirect=${encodeURIComponent(`/checkout-journey?car_id=${car.slug}`)}&back=${encodeURIComponent(`/cars/${car.slug}`)}`,
    );

    const user = await upsertUser(db, gated.slug, { phone: "+61412345678" });
    const session = (await startSession(platform, gated, new Request(`http://${gated.slug}.localhost/sign-in`), { userId: user.id })).split(
      ";",
    )[0];
    const first = await call(gated, `?car_id=${car.slug}`, details, session);
    const order = new URL(first.location!, "http://x").searchParams.get("order")!;
    await call(gated, `?car_id=${car.slug}&order=${order}`, { intent: "trade-in", has_trade_in: "no" }, session);
    // Another device, the same account, no order in the address: the journey carries on where it was.
    expect((await call(gated, `?car_id=${car.slug}`, undefined, session)).body).toMatchObject({ orderId: order, step: "payment" });

    const other = await upsertUser(db, gated.slug, { phone: "+61412000111" });
    const otherSession = (
      await startSession(platform, gated, new Request(`http://${gated.slug}.localhost/sign-in`), { userId: other.id })
    ).split(";")[0];
    expect((await call(gated, `?car_id=${car.slug}&order=${order}`, undefined, otherSession)).body).toMatchObject({
      orderId: null,
      step: "details",
    });
  });
});

describe("the captcha on the order's submit, where the dealer has it on", () => {
  type Review = { step: string; captcha: boolean; captchaQuestion: { question: string; token: string } | null };
  type Refused = {
    step: string;
    errors: Record<string, string>;
    values: Record<string, string>;
    captcha: { question: string; token: string };
  };

  /** An order answered up to its review, on the platform as it is now. */
  async function toReview(email: string): Promise<string> {
    const first = await call(open, `?car_id=${car.slug}`, { ...details, email });
    const q = `?car_id=${car.slug}&order=${new URL(first.location!, "http://x").searchParams.get("order")!}`;
    await call(open, q, { intent: "trade-in", has_trade_in: "no" });
    await call(open, q, { intent: "payment", payment_method: "cash" });
    expect((await call(open, q, { intent: "delivery", delivery_method: "pickup" })).location).toContain("step=review");
    return q;
  }
  const orderLeads = async (email: string) =>
    (await listLeads(db, open.slug)).filter((l) => l.category === ORDER_CATEGORY && l.email === email);

  it("a submit without the answer or with a wrong one files nothing and keeps the order; the right answer files it", async () => {
    const unchecked = platform;
    platform = withCaptchaOn(unchecked);
    try {
      const q = await toReview("captcha@example.com");
      const review = (await call(open, q)).body as Review;
      expect(review).toMatchObject({ step: "review", captcha: true });
      expect(review.captchaQuestion?.question).toMatch(/^What is \d+ plus \d+\?$/);

      const missing = await call(open, q, { intent: "submit" });
      expect(missing.status).toBe(422);
      const refused = missing.body as Refused;
      expect(refused).toMatchObject({ step: "review", errors: { captcha_answer: CAPTCHA_MESSAGES.missing } });
      expect(refused.captcha.question).toMatch(/^What is \d+ plus \d+\?$/);

      afterFillTime();
      const wrong = await call(open, q, { intent: "submit", captcha_token: refused.captcha.token, captcha_answer: "99" });
      expect(wrong.status).toBe(422);
      expect((wrong.body as Refused).errors).toEqual({ captcha_answer: CAPTCHA_MESSAGES["wrong-answer"] });
      expect(await orderLeads("captcha@example.com")).toHaveLength(0);
      // Every answer of the order is kept for the next try.
      expect((await call(open, q)).body).toMatchObject({
        step: "review",
        submitted: false,
        answers: { details: { email: "captcha@example.com" }, payment: { method: "cash" }, delivery: { method: "pickup" } },
      });

      const right = await call(open, q, {
        intent: "submit",
        captcha_token: review.captchaQuestion!.token,
        captcha_answer: answerOf(review.captchaQuestion!.question),
      });
      expect(right.status).toBe(303);
      expect(right.location).toMatch(/^\/success\?lead=/);
      expect(await orderLeads("captcha@example.com")).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      platform = unchecked;
    }
  });

  it("asks nothing where the captcha is off", async () => {
    const q = await toReview("nocaptcha@example.com");
    expect((await call(open, q)).body).toMatchObject({ captcha: false, captchaQuestion: null });
    expect((await call(open, q, { intent: "submit" })).status).toBe(303);
    expect(await orderLeads("nocaptcha@example.com")).toHaveLength(1);
  });
});
