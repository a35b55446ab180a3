/**
 * The trade-in valuation's steps through the real route module (/trade-in, /cars/trade-in?car_id=,
 * /sell-my-car) on an embedded database with the embedded lookup and valuation: the rego found in the
 * dealer's stock or described by hand, the answers, the offer and the decision, each stored in the
 * valuation's row with its lead (start, adjustments, '3. Offer Accepted') and event 18; no figure for a
 * car over 7 years or 100,000 km; bad input is never a 500 and keeps what was typed; a tampered, unknown,
 * another dealer's or another shopper's valuation is refused; prices never come from the form; gating;
 * the valuation data of POST /api/miscellaneous. Dealers are built here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as miscellaneousAction, loader as miscellaneousLoader } from "~/routes/api.miscellaneous/route";
import { successLoader } from "~/routes/success/success.server";
import { action, loader } from "~/routes/trade-in/route";
import type { TradeInPageData } from "~/routes/trade-in/tradeIn.server";
import { startSession } from "@server/auth/session";
import { CAPTCHA_MESSAGES } from "@server/captcha";
import { upsertUser } from "@server/db/accounts";
import { listAnalyticsEvents } from "@server/db/activity";
import type { Database } from "@server/db/database";
import { listLeads, type StoredLead } from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import type { Platform } from "@server/platform.server";
import { TenantRegistry } from "@server/tenants/registry";
import type { TenantConfig } from "@server/tenants/schema";
import { EmbeddedVehicleLookup } from "@server/tradeIn/embeddedLookup";
import { EmbeddedValuation } from "@server/tradeIn/embeddedValuation";
import { TradeInProviderError } from "@server/tradeIn/port";
import { getMiscellaneousValuation, getValuation } from "@server/tradeIn/store";
import { afterFillTime, answerOf, withCaptchaOn } from "../support/captcha";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { loaderResult } from "../support/loaderResult";
import { testTenant } from "../support/testTenant";
import { testVehicle } from "../support/testVehicle";

const alpha = testTenant("alpha-motors", { name: "Alpha Motors" });
const keeper = testTenant("keeper-motors", { name: "Keeper Motors", features: { saveValuation: true, checkoutJourney: true } });
const gated = testTenant("gated-motors", { name: "Gated Motors", gating: { enabled: true, kinds: ["trade-in"] } });
const tagged = testTenant("tagged-motors", { name: "Tagged Motors", analytics: { ga4MeasurementId: "G-TAGGED123" } });

const year = new Date().getFullYear();
const PHONE = "+61412345678";

let db: Database;
let platform: TestPlatform;

const stock = (tenant: string) => [
  // The dealer's car a shopper changes over to.
  testVehicle({
    id: "car-1",
    slug: "car-1",
    make: "Mazda",
    model: "CX-5",
    year: year - 1,
    price: 41_990,
    status: "in_stock",
    regplate: "",
  }),
  // A car the dealer sold, registered in NSW: the shopper's trade-in.
  testVehicle({
    id: "sold-1",
    slug: "sold-1",
    make: "Toyota",
    model: "Corolla",
    badge: "Ascent Sport",
    year: year - 3,
    km: 40_000,
    price: 25_990,
    status: "sold",
    regplate: "ABC123",
    state: "NSW",
  }),
  // An old one, and comparable Corollas to value against.
  testVehicle({
    id: "old-1",
    slug: "old-1",
    make: "Toyota",
    model: "Corolla",
    badge: "Ascent",
    year: year - 10,
    km: 150_000,
    price: 9_990,
    status: "sold",
    regplate: "OLD999",
    state: "NSW",
  }),
  ...[24_000, 26_000, 25_000].map((price, i) =>
    testVehicle({
      id: `cmp-${i}`,
      slug: `cmp-${i}`,
      make: "Toyota",
      model: "Corolla",
      badge: "Ascent Sport",
      year: year - 3,
      km: 45_000,
      price,
      regplate: "",
      dealership_slug: tenant,
    }),
  ),
];

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  for (const t of [alpha, keeper, gated, tagged]) await upsertVehicles(db, t.slug, stock(t.slug));
  // The captcha has its own tests below, with it on.
  platform = await testPlatform({ db, tenants: [alpha, keeper, gated, tagged], settings: { CAPTCHA: "off", RATE_LIMITS: "off" } });
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(async () => {
  vi.stubEnv("LOG_LEVEL", "silent");
  platform.tradeIn = { lookup: new EmbeddedVehicleLookup(db), valuation: new EmbeddedValuation(db) };
  await db.query("DELETE FROM leads");
  await db.query("DELETE FROM trade_in_valuations");
  await db.query("DELETE FROM miscellaneous");
  await db.query("DELETE FROM analytics_events");
});

// --- Helpers ------------------------------------------------------------------------------------------------

function url(tenant: TenantConfig, pathAndQuery: string) {
  return `http://${tenant.slug}.localhost${pathAndQuery}`;
}

async function post(
  tenant: TenantConfig,
  pathAndQuery: string,
  fields: Record<string, string> | BodyInit,
  headers: Record<string, string> = {},
) {
  const body =
    typeof fields === "object" && !(fields instanceof URLSearchParams) && !(typeof fields === "string")
      ? new URLSearchParams(fields as Record<string, string>)
      : fields;
  const request = new Request(url(tenant, pathAndQuery), {
    method: "POST",
    body: body as BodyInit,
    headers: { "User-Agent": "Mozilla/5.0 (test)", Referer: url(tenant, "/cars/car-1"), ...headers },
  });
  return (await action({ request, params: {}, context: contextFor(platform, request) }).catch((r: unknown) => r)) as Response;
}

/** A redirect or 404 the loader throws is its answer; anything else thrown fails the test. */
function thrownResponse(thrown: unknown): Response {
  if (thrown instanceof Response) return thrown;
  throw thrown;
}

async function open(tenant: TenantConfig, pathAndQuery: string, headers: Record<string, string> = {}) {
  const request = new Request(url(tenant, pathAndQuery), { headers });
  const response = await loaderResult(loader({ request, params: {}, context: contextFor(platform, request) }).catch(thrownResponse));
  return { response, data: response.status < 300 || response.status === 404 ? (response.data as TradeInPageData) : null };
}

/** What /success's loader hands its page. */
async function successData(tenant: TenantConfig, pathAndQuery: string) {
  const request = new Request(url(tenant, pathAndQuery));
  const { data } = await loaderResult(successLoader({ request, params: {}, context: contextFor(platform, request) }));
  return data as Record<string, unknown> & { dealerLead: Record<string, unknown> | null };
}

function valuationIdOf(response: Response): string {
  const location = response.headers.get("Location") ?? "";
  const id = new URL(location, "http://x").searchParams.get("valuation");
  if (!id) throw new Error(`no valuation in ${location}`);
  return id;
}

const answers = { km: "45000", accident: "none", service: "full", keys: "two", financeOwing: "no", condition: "good" };
const contact = { first_name: "Sam", last_name: "Lee", email: "sam@example.com", phone: "0412 345 678", opt_in: "on" };

async function leadsOf(tenant: TenantConfig): Promise<StoredLead[]> {
  return (await listLeads(db, tenant.slug)).reverse();
}

/** Steps 1 and 2 for the NSW 'ABC123' Corolla: the valuation's id, at the offer. */
async function toOffer(tenant: TenantConfig = alpha, page = "/trade-in", extra: Record<string, string> = {}) {
  const started = await post(tenant, page, {
    intent: "rego",
    rego: "abc 123",
    state: "NSW",
    from: "/cars/car-1",
    linked: "utm_source=google",
  });
  expect(started.status).toBe(302);
  const id = valuationIdOf(started);
  const valued = await post(tenant, page, { intent: "adjustments", valuation: id, ...answers, ...contact, ...extra });
  expect(valued.status).toBe(302);
  return id;
}

// --- A dealer with its own analytics tags -------------------------------------------------------------------------

describe("a dealer with its own analytics tags", () => {
  it("each step's page carries the reference of the lead it stored, and its loader hands the page that lead for the tags (kind and car, nobody's details)", async () => {
    const steps: { fields: Record<string, string>; subcategory: string }[] = [
      { fields: { intent: "rego", rego: "abc 123", state: "NSW" }, subcategory: "1. Valuation Started" },
      { fields: { intent: "adjustments", ...answers, ...contact }, subcategory: "2. Condition Adjustments" },
      { fields: { intent: "decision", decision: "accept" }, subcategory: "3. Offer Accepted" },
    ];
    let id = "";
    for (const step of steps) {
      const answer = await post(tagged, "/cars/trade-in?car_id=car-1", { ...step.fields, ...(id ? { valuation: id } : {}) });
      expect(answer.status).toBe(302);
      id ||= valuationIdOf(answer);
      const lead = (await leadsOf(tagged)).at(-1)!;
      expect(lead.subcategory).toBe(step.subcategory);
      const location = answer.headers.get("Location")!;
      // The decision ends the journey on /success, which reports the lead to the tags as every form's does.
      const last = step.fields.intent === "decision";
      expect(location).toBe(
        last ? `/success?lead=${lead.id}&car=car-1` : `/cars/trade-in?car_id=car-1&valuation=${id}&lead=${lead.id}#trade-in-form`,
      );
      const data = last ? await successData(tagged, location) : (await open(tagged, location.replace("#trade-in-form", ""))).data;
      expect(data!.dealerLead).toEqual({
        id: lead.id,
        category: "Trade-In",
        subcategory: step.subcategory,
        car: expect.objectContaining({ id: "car-1" }),
      });
      expect(JSON.stringify({ ...data!.dealerLead, id: "" })).not.toMatch(/Sam|Lee|example\.com|0412|ABC/);
    }
    // A dealer without tags: no reference in the address, no lead for tags in the page.
    const plain = await post(alpha, "/cars/trade-in?car_id=car-1", { intent: "rego", rego: "abc 123", state: "NSW" });
    expect(plain.headers.get("Location")).not.toContain("lead=");
    const { data } = await open(
      alpha,
      `${plain.headers.get("Location")!.replace("#trade-in-form", "")}&lead=${(await leadsOf(alpha)).at(-1)!.id}`,
    );
    expect(data!.dealerLead).toBeNull();
  });
});

// --- The happy path -------------------------------------------------------------------------------------------

describe("rego -> found -> answers -> offer -> accepted", () => {
  it("finds the car by its plate, keeps the valuation and sends the start lead", async () => {
    const response = await post(alpha, "/cars/trade-in?car_id=car-1", {
      intent: "rego",
      rego: "abc 123",
      state: "NSW",
      visited_page: "/cars/car-1",
      linked_query: "car_id=car-1&utm_source=google",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const id = valuationIdOf(response);
    expect(response.headers.get("Location")).toBe(`/cars/trade-in?car_id=car-1&valuation=${id}#trade-in-form`);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const row = (await getValuation(db, alpha.slug, id))!;
    expect(row).toMatchObject({ status: "adjustments", rego: "ABC123", rego_state: "NSW", car_id: "car-1", source_path: "/cars/trade-in" });
    expect(row.vehicle).toMatchObject({
      year: year - 3,
      make: "Toyota",
      model: "Corolla",
      badge: "Ascent Sport",
      km: 40_000,
      source: "stock",
    });

    const [lead] = await leadsOf(alpha);
    expect(row.lead_id).toBe(lead!.id);
    expect(lead).toMatchObject({
      category: "Trade-In",
      subcategory: "1. Valuation Started",
      car_id: "car-1",
      source_path: "/cars/trade-in",
    });
    expect(lead!.payload).toMatchObject({
      url: "http://alpha-motors.localhost/cars/trade-in?car_id=car-1",
      source: "Website",
      user_agent: "Mozilla/5.0 (test)",
      car_id: "car-1",
      car_dealership_id: expect.any(String),
      valuation_id: id,
      rego: "ABC123",
      regoState: "NSW",
      lead_attributes: {
        visited_pages: ["/cars/car-1", "/cars/trade-in?car_id=car-1"],
        linked_query_params: { car_id: "car-1", utm_source: "google" },
      },
    });
    expect(lead!.message).toContain(`Found in our records: ${year - 3} Toyota Corolla Ascent Sport`);
  });

  it("shows the found car with the condition step, the odometer from the records", async () => {
    const started = await post(alpha, "/trade-in", { intent: "rego", rego: "ABC123", state: "NSW" });
    const { response, data } = await open(alpha, `/trade-in?valuation=${valuationIdOf(started)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(data).toMatchObject({
      step: "adjustments",
      vehicle: { line: `${year - 3} Toyota Corolla Ascent Sport`, source: "stock", km: 40_000 },
      rego: { rego: "ABC123", state: "NSW" },
      defaults: { km: "40000", opt_in: "on" },
      offer: null,
    });
    expect(data!.choices.condition.map((c) => c.value)).toEqual(["excellent", "good", "fair", "poor"]);
  });

  it("values the car from the answers, keeps them, and sends the adjustments lead with the offer", async () => {
    const id = await toOffer(alpha, "/cars/trade-in?car_id=car-1");
    const row = (await getValuation(db, alpha.slug, id))!;
    expect(row.status).toBe("offer");
    expect(row.adjustment_answers).toEqual({
      km: 45_000,
      accident: "none",
      service: "full",
      keys: "two",
      financeOwing: "no",
      condition: "good",
    });
    expect(row.contact).toEqual({ name: "Sam", last_name: "Lee", email: "sam@example.com", phone: "0412345678", opt_in: true });
    // Comparables 24,000, 26,000, 25,000 and the sold trade-in itself (25,990 with 5,000 km fewer: 25,730) -> market value
    // 25,365, to the $100 25,400; 80% -> 20,320, rounded down to 20,300.
    expect(row.offer_price).toBe(20_300);
    expect(row.valuation).toMatchObject({ kind: "offer", basis: "comparables", marketValue: 25_400, adapter: "embedded" });

    const lead = (await leadsOf(alpha)).find((l) => l.subcategory === "2. Condition Adjustments")!;
    expect(lead).toMatchObject({ category: "Trade-In", name: "Sam", email: "sam@example.com", phone: "0412345678", car_id: "car-1" });
    expect(lead.payload).toMatchObject({
      id,
      lead_id: row.lead_id,
      adjustmentAnswers: row.adjustment_answers,
      offer_price: 20_300,
      online_estimate: true,
    });
    expect(lead.message).toContain("Online offer shown: $20,300");

    const { data } = await open(alpha, `/cars/trade-in?car_id=car-1&valuation=${id}`);
    expect(data!.step).toBe("offer");
    expect(data!.offer).toMatchObject({
      price: 20_300,
      marketValue: 25_400,
      validDays: 7,
      changeOver: { carPrice: 41_990, line: { label: "Change-over price", amount: 21_690, text: "$21,690" } },
    });
    expect(data!.offer!.lines.reduce((sum, l) => sum + (l.amount ?? 0), 0)).toBe(20_300);
  });

  it("accepts: the '3. Offer Accepted' lead with the start lead's id, event 18, and a second press changes nothing", async () => {
    const id = await toOffer();
    // A price in the form is never believed.
    const accepted = await post(alpha, "/trade-in", { intent: "decision", valuation: id, decision: "accept", offer_price: "99999" });
    expect(accepted.status).toBe(302);
    const row = (await getValuation(db, alpha.slug, id))!;
    expect(row).toMatchObject({ status: "accepted", offer_accepted: true, form_completed: true, offer_price: 20_300 });

    const leads = await leadsOf(alpha);
    expect(leads.map((l) => l.subcategory)).toEqual(["1. Valuation Started", "2. Condition Adjustments", "3. Offer Accepted"]);
    expect(leads[2]!.payload).toMatchObject({
      category: "Trade-In",
      subcategory: "3. Offer Accepted",
      lead_id: leads[0]!.id,
      form_completed: true,
      offer_accepted: true,
      offer_price: 20_300,
    });
    expect(leads[2]).toMatchObject({ name: "Sam", phone: "0412345678" });
    // The journey ends on /success, which says what was decided, read from the lead.
    expect(accepted.headers.get("Location")).toBe(`/success?lead=${leads[2]!.id}`);
    expect(await successData(alpha, accepted.headers.get("Location")!)).toMatchObject({
      category: "Trade-In",
      details: { kind: "trade-in", accepted: true, offer: 20_300, valuationHref: `/trade-in?valuation=${id}`, checkoutHref: null },
    });
    const events = await listAnalyticsEvents(db, alpha.slug, 18);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event_id: 18, name: "offer accepted", path: "/trade-in" });

    const again = await post(alpha, "/trade-in", { intent: "decision", valuation: id, decision: "decline" });
    expect(again.status).toBe(302);
    expect((await getValuation(db, alpha.slug, id))!.status).toBe("accepted");
    expect(await leadsOf(alpha)).toHaveLength(3);

    const { data } = await open(alpha, `/trade-in?valuation=${id}`);
    expect(data).toMatchObject({ step: "accepted", firstName: "Sam", offer: { price: 20_300 }, saveValuation: false, checkoutHref: null });
  });

  it("sends a shopper buying online back to the purchase journey with the accepted valuation", async () => {
    const id = await toOffer(keeper, "/cars/trade-in?car_id=car-1");
    await post(keeper, "/cars/trade-in?car_id=car-1", { intent: "decision", valuation: id, decision: "accept" });
    const { data } = await open(keeper, `/cars/trade-in?car_id=car-1&valuation=${id}`);
    expect(data!.checkoutHref).toBe(`/checkout-journey?car_id=car-1&valuation=${id}`);
  });

  it("declines: '3. Offer Declined', no event 18", async () => {
    const id = await toOffer();
    await post(alpha, "/trade-in", { intent: "decision", valuation: id, decision: "decline" });
    expect(await getValuation(db, alpha.slug, id)).toMatchObject({ status: "declined", offer_accepted: false, form_completed: true });
    expect((await leadsOf(alpha)).at(-1)).toMatchObject({
      subcategory: "3. Offer Declined",
      payload: expect.objectContaining({ offer_accepted: false }),
    });
    expect(await listAnalyticsEvents(db, alpha.slug, 18)).toHaveLength(0);
  });
});

// --- The manual path and no online figure ---------------------------------------------------------------------

describe("an unknown rego, and cars with no online figure", () => {
  it("asks for the car by hand, with the makes and the catalogue's models, then carries on", async () => {
    const started = await post(alpha, "/trade-in", { intent: "rego", rego: "NEW 001", state: "VIC" });
    const id = valuationIdOf(started);
    expect(await getValuation(db, alpha.slug, id)).toMatchObject({ status: "vehicle", vehicle: null, rego: "NEW001" });
    expect((await leadsOf(alpha))[0]!.message).toContain("Rego not found: the shopper is describing the car.");

    const { data } = await open(alpha, `/trade-in?valuation=${id}`);
    expect(data!.step).toBe("vehicle");
    expect(data!.lists!.makes).toContain("Toyota");
    expect(data!.lists!.makes).toContain("Holden");
    expect(data!.lists!.models).toContainEqual({ make: "Toyota", model: "Corolla" });
    expect(data!.lists!.years[0]).toBe(year + 1);

    const refused = await post(alpha, "/trade-in", {
      intent: "vehicle",
      valuation: id,
      year: "1800",
      make: "Toyota",
      model: "",
      km: "lots",
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      formId: "trade-in-vehicle",
      fieldErrors: {
        year: `Please enter a year between 1950 and ${year + 1}.`,
        model: "Please enter your car's model.",
        km: expect.any(String),
      },
      repopulateFields: { year: "1800", make: "Toyota", model: "", km: "lots" },
    });

    const described = await post(alpha, "/trade-in", {
      intent: "vehicle",
      valuation: id,
      year: String(year - 3),
      make: "Toyota",
      model: "Corolla",
      badge: "Ascent Sport",
      km: "52,000",
    });
    expect(described.status).toBe(302);
    expect((await getValuation(db, alpha.slug, id))!).toMatchObject({
      status: "adjustments",
      vehicle: { year: year - 3, make: "Toyota", model: "Corolla", badge: "Ascent Sport", km: 52_000, source: "shopper" },
    });
    await post(alpha, "/trade-in", { intent: "adjustments", valuation: id, ...answers, km: "52000", ...contact });
    expect((await getValuation(db, alpha.slug, id))!.status).toBe("offer");
  });

  it("'Not your car?' goes back to describing it, the found details kept as a start", async () => {
    const id = valuationIdOf(await post(alpha, "/trade-in", { intent: "rego", rego: "ABC123", state: "NSW" }));
    await post(alpha, "/trade-in", { intent: "manual", valuation: id });
    const { data } = await open(alpha, `/trade-in?valuation=${id}`);
    expect(data).toMatchObject({ step: "vehicle", defaults: { year: String(year - 3), make: "Toyota", model: "Corolla", km: "40000" } });
  });

  it("gives no figure for a car over 7 years old: our team will call, and the adjustments lead asks them to", async () => {
    const id = valuationIdOf(await post(alpha, "/trade-in", { intent: "rego", rego: "OLD999", state: "NSW" }));
    await post(alpha, "/trade-in", { intent: "adjustments", valuation: id, ...answers, km: "90000", ...contact });
    const row = (await getValuation(db, alpha.slug, id))!;
    expect(row).toMatchObject({ status: "call", offer_price: null, form_completed: true, valuation: { kind: "call", reason: "over-age" } });
    const lead = (await leadsOf(alpha)).at(-1)!;
    expect(lead.subcategory).toBe("2. Condition Adjustments");
    expect(lead.message).toContain("our team will call you");
    expect(lead.payload).toMatchObject({ online_estimate: false, no_online_estimate: "over-age", offer_price: null });
    const { data } = await open(alpha, `/trade-in?valuation=${id}`);
    expect(data).toMatchObject({ step: "call", offer: null });
    expect(data!.callText).toBe("We don't give online estimates for cars over 7 years old, so our team will call you to arrange a price.");
    // Nothing to accept.
    await post(alpha, "/trade-in", { intent: "decision", valuation: id, decision: "accept" });
    expect((await getValuation(db, alpha.slug, id))!.status).toBe("call");
  });

  it("gives no figure over 100,000 km, however new the car", async () => {
    const id = await toOffer(alpha, "/trade-in", { km: "100001" });
    expect(await getValuation(db, alpha.slug, id)).toMatchObject({ status: "call", valuation: { reason: "over-km" } });
  });

  it("carries on by hand when the lookup fails, and with our team's call when the valuation fails", async () => {
    platform.tradeIn = {
      lookup: { name: "http", lookup: () => Promise.reject(new TradeInProviderError("Rego lookup /lookup: HTTP 503")) },
      valuation: { name: "http", value: () => Promise.reject(new TradeInProviderError("Valuation /valuation: HTTP 503")) },
    };
    const id = valuationIdOf(await post(alpha, "/trade-in", { intent: "rego", rego: "ABC123", state: "NSW" }));
    expect((await getValuation(db, alpha.slug, id))!.status).toBe("vehicle");
    await post(alpha, "/trade-in", {
      intent: "vehicle",
      valuation: id,
      year: String(year - 3),
      make: "Toyota",
      model: "Corolla",
      km: "45000",
    });
    await post(alpha, "/trade-in", { intent: "adjustments", valuation: id, ...answers, ...contact });
    expect(await getValuation(db, alpha.slug, id)).toMatchObject({ status: "call", valuation: { reason: "unavailable" } });
  });
});

// --- Bad input and tampering -------------------------------------------------------------------------------

describe("bad input is never a 500, and keeps what was typed", () => {
  it("names the rego and state problems in the forms kit's words", async () => {
    const response = await post(alpha, "/trade-in", { intent: "rego", rego: "!!", state: "XX" });
    expect(response.status).toBe(422);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({
      formId: "trade-in-rego",
      fieldErrors: {
        rego: "Please enter a registration of up to 9 letters and numbers.",
        state: "Please choose the state your car is registered in.",
      },
      repopulateFields: { rego: "!!", state: "XX" },
    });
    expect(await leadsOf(alpha)).toEqual([]);
  });

  it("names each unanswered question and contact problem, keeping the answers given", async () => {
    const id = valuationIdOf(await post(alpha, "/trade-in", { intent: "rego", rego: "ABC123", state: "NSW" }));
    const response = await post(alpha, "/trade-in", {
      intent: "adjustments",
      valuation: id,
      km: "45000",
      accident: "sunk",
      condition: "good",
      first_name: "Sam",
      email: "nope",
      phone: "123",
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { fieldErrors: Record<string, string>; repopulateFields: Record<string, string> };
    expect(body.fieldErrors).toMatchObject({
      accident: "Please tell us about any accident damage.",
      service: "Please choose its service history.",
      keys: "Please tell us how many keys you have.",
      financeOwing: "Please tell us whether there is finance owing.",
      email: "Please enter a valid email address.",
      phone: "Please enter a valid Australian phone number.",
    });
    expect(body.fieldErrors.condition).toBeUndefined();
    expect(body.repopulateFields).toMatchObject({ km: "45000", accident: "sunk", condition: "good", first_name: "Sam", email: "nope" });
    expect((await getValuation(db, alpha.slug, id))!.status).toBe("adjustments");
  });

  it("answers bodies that are not forms, unknown steps and empty posts with a 400", async () => {
    for (const [body, headers] of [
      [JSON.stringify({ intent: "rego" }), { "Content-Type": "application/json" }],
      ["", { "Content-Type": "application/x-www-form-urlencoded" }],
      [new URLSearchParams({ intent: "hack" }), {}],
      [new URLSearchParams({ intent: "decision" }), {}],
    ] as [BodyInit, Record<string, string>][]) {
      const response = await post(alpha, "/trade-in", body, headers);
      expect(response.status, String(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, String(body)).toBeLessThan(500);
    }
  });

  it("drops a bot's post (the honeypot) without storing anything", async () => {
    const response = await post(alpha, "/trade-in", { intent: "rego", rego: "ABC123", state: "NSW", company_website: "http://spam" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/trade-in");
    expect((await db.query("SELECT id FROM trade_in_valuations")).length).toBe(0);
  });
});

describe("a tampered valuation is refused", () => {
  it("refuses a malformed, unknown or another dealer's valuation id with its message, keeping what was typed", async () => {
    const theirs = await toOffer(keeper);
    for (const valuation of ["1 OR 1=1", "00000000-0000-4000-8000-000000000000", theirs, ""]) {
      const response = await post(alpha, "/trade-in", { intent: "adjustments", valuation, ...answers, ...contact });
      expect(response.status, valuation).toBe(404);
      expect(await response.json()).toMatchObject({
        formId: "trade-in-adjustments",
        fieldErrors: { form: "We couldn't find that valuation. Please start again with your car's rego." },
        repopulateFields: { first_name: "Sam", km: "45000" },
      });
    }
    const decided = await post(alpha, "/trade-in", { intent: "decision", valuation: theirs, decision: "accept" });
    expect(decided.status).toBe(404);
    expect((await getValuation(db, keeper.slug, theirs))!.status).toBe("offer");
  });

  it("opens step 1 with the message (404) for an address naming a valuation it cannot carry on", async () => {
    const theirs = await toOffer(keeper);
    for (const query of ["?valuation=nonsense", `?valuation=${theirs}`, "?valuation="]) {
      const { response, data } = await open(alpha, `/trade-in${query}`);
      expect(response.status, query).toBe(404);
      expect(data).toMatchObject({
        step: "rego",
        valuationId: null,
        notice: "We couldn't find that valuation. Please start again with your car's rego.",
      });
    }
  });

  it("keeps a signed-in shopper's valuation theirs: signed out, it is not found", async () => {
    const user = await upsertUser(db, alpha.slug, { phone: PHONE, first_name: "Jo", email: "jo@example.com" });
    const cookie = (await startSession(platform, alpha, new Request(url(alpha, "/sign-in")), { userId: user.id })).split(";")[0]!;
    const started = await post(alpha, "/trade-in", { intent: "rego", rego: "ABC123", state: "NSW" }, { Cookie: cookie });
    const id = valuationIdOf(started);
    // Signed in, the start lead carries the shopper's details, and the contact step starts from them.
    expect((await leadsOf(alpha))[0]).toMatchObject({ name: "Jo", email: "jo@example.com", phone: "0412345678" });
    const mine = await open(alpha, `/trade-in?valuation=${id}`, { Cookie: cookie });
    expect(mine.data!.defaults).toMatchObject({ first_name: "Jo", email: "jo@example.com", phone: "0412 345 678" });
    expect((await open(alpha, `/trade-in?valuation=${id}`)).response.status).toBe(404);
    expect((await post(alpha, "/trade-in", { intent: "adjustments", valuation: id, ...answers, ...contact })).status).toBe(404);
  });
});

// --- Gating -------------------------------------------------------------------------------------------------

describe("gated where the dealer gates trade-in", () => {
  it("sends a signed-out shopper to sign in from /cars/trade-in?car_id= and /sell-my-car, not from /trade-in", async () => {
    for (const page of ["/cars/trade-in?car_id=car-1", "/sell-my-car"]) {
      const { response } = await open(gated, page);
      expect(response.status, page).toBe(302);
      expect(response.headers.get("Location"), page).toMatch(/^\/sign-in\?type=trade-in&redirect=/);
      const posted = await post(gated, page, { intent: "rego", rego: "ABC123", state: "NSW" });
      expect(posted.status, page).toBe(302);
      expect(posted.headers.get("Location"), page).toMatch(/^\/sign-in\?type=trade-in/);
    }
    expect((await open(gated, "/trade-in")).response.status).toBe(200);
    expect((await open(alpha, "/sell-my-car")).response.status).toBe(200);
    expect((await db.query("SELECT id FROM trade_in_valuations WHERE tenant = $1", [gated.slug])).length).toBe(0);
  });
});

// --- The valuation data (POST /api/miscellaneous) ----------------------------------------------------------------

describe("the valuation data of dealers that keep it (features.saveValuation)", () => {
  async function callMiscellaneous(
    tenant: TenantConfig,
    body: unknown,
    headers: Record<string, string> = { "Content-Type": "application/json" },
  ) {
    const request = new Request(url(tenant, "/api/miscellaneous"), {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return miscellaneousAction({ request, params: {}, context: contextFor(platform, request) });
  }

  it("is saved by the accept step itself without script, from the server's own record", async () => {
    const id = await toOffer(keeper);
    await post(keeper, "/trade-in", { intent: "decision", valuation: id, decision: "accept" });
    expect(await getMiscellaneousValuation(db, keeper.slug, id)).toMatchObject({
      id,
      rego: "ABC123",
      regoState: "NSW",
      offer_price: 20_300,
      offer_accepted: true,
      form_completed: true,
      adjustmentAnswers: { condition: "good" },
    });
    expect((await open(keeper, `/trade-in?valuation=${id}`)).data!.saveValuation).toBe(false);
  });

  it("is left to the page's script when it sent the step, which then posts it: only the id is believed", async () => {
    const id = await toOffer(keeper);
    await post(keeper, "/trade-in", { intent: "decision", valuation: id, decision: "accept", enhanced: "1" });
    expect(await getMiscellaneousValuation(db, keeper.slug, id)).toBeNull();
    expect((await open(keeper, `/trade-in?valuation=${id}`)).data!.saveValuation).toBe(true);

    const response = await callMiscellaneous(keeper, { column_name: "valuation", id, offer_price: 1_000_000, offer_accepted: true });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ success: true });
    expect(await getMiscellaneousValuation(db, keeper.slug, id)).toMatchObject({ offer_price: 20_300 });
    expect((await open(keeper, `/trade-in?valuation=${id}`)).data!.saveValuation).toBe(false);
  });

  it("refuses what is not its call: no flag, not JSON, a bad body, a valuation not accepted or unknown, a GET", async () => {
    const accepted = await toOffer(alpha);
    await post(alpha, "/trade-in", { intent: "decision", valuation: accepted, decision: "accept" });
    expect((await callMiscellaneous(alpha, { column_name: "valuation", id: accepted })).status).toBe(404);
    expect(await getMiscellaneousValuation(db, alpha.slug, accepted)).toBeNull();

    const offered = await toOffer(keeper);
    expect(
      (await callMiscellaneous(keeper, `column_name=valuation&id=${offered}`, { "Content-Type": "application/x-www-form-urlencoded" }))
        .status,
    ).toBe(415);
    expect((await callMiscellaneous(keeper, "{not json")).status).toBe(400);
    expect((await callMiscellaneous(keeper, { column_name: "phone", id: offered })).status).toBe(400);
    expect((await callMiscellaneous(keeper, { column_name: "valuation", id: "nope" })).status).toBe(400);
    expect((await callMiscellaneous(keeper, { column_name: "valuation", id: offered })).status).toBe(404);
    expect((await callMiscellaneous(keeper, { column_name: "valuation", id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect(miscellaneousLoader().status).toBe(405);
  });

  it("logs 'Failed to save valuation data' when it cannot be saved, and the shopper's acceptance stands", async () => {
    vi.stubEnv("LOG_LEVEL", "");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const id = await toOffer(keeper);
    await db.query("ALTER TABLE miscellaneous RENAME TO miscellaneous_away");
    try {
      const accepted = await post(keeper, "/trade-in", { intent: "decision", valuation: id, decision: "accept" });
      expect(accepted.status).toBe(302);
      expect((await getValuation(db, keeper.slug, id))!.status).toBe("accepted");
      expect(errors.mock.calls.some((call) => String(call[0]).includes("Failed to save valuation data"))).toBe(true);
      const response = await callMiscellaneous(keeper, { column_name: "valuation", id });
      expect(response.status).toBe(503);
    } finally {
      await db.query("ALTER TABLE miscellaneous_away RENAME TO miscellaneous");
      errors.mockRestore();
    }
  });
});

// --- The captcha ------------------------------------------------------------------------------------------------

describe("the captcha, where the dealer has it on", () => {
  const noCaptcha = testTenant("open-trade-motors", { name: "Open Trade Motors", features: { captcha: false } });
  let checked: Platform;
  beforeAll(() => {
    checked = withCaptchaOn({ ...platform, tenants: new TenantRegistry([alpha, noCaptcha], alpha.slug) });
  });

  async function postChecked(tenant: TenantConfig, pathAndQuery: string, fields: Record<string, string>) {
    const request = new Request(url(tenant, pathAndQuery), { method: "POST", body: new URLSearchParams(fields) });
    return (await action({ request, params: {}, context: contextFor(checked, request) }).catch((r: unknown) => r)) as Response;
  }
  async function openChecked(tenant: TenantConfig, pathAndQuery: string) {
    const request = new Request(url(tenant, pathAndQuery));
    const { data } = await loaderResult(loader({ request, params: {}, context: contextFor(checked, request) }));
    return data as TradeInPageData;
  }
  type Refusal = {
    formId: string;
    fieldErrors: Record<string, string>;
    repopulateFields: Record<string, string>;
    captcha?: { question: string; token: string };
  };

  it("step 1 without the answer, or with a wrong one, is refused with the rego kept and nothing started; the right answer starts it", async () => {
    const page = await openChecked(alpha, "/sell-my-car");
    expect(page.captchaQuestion?.question).toMatch(/^What is \d+ plus \d+\?$/);

    const missing = await postChecked(alpha, "/sell-my-car", { intent: "rego", rego: "abc 123", state: "NSW" });
    expect(missing.status).toBe(422);
    const refusal = (await missing.json()) as Refusal;
    expect(refusal.formId).toBe("trade-in-rego");
    expect(refusal.fieldErrors).toEqual({ captcha_answer: CAPTCHA_MESSAGES.missing });
    expect(refusal.repopulateFields).toMatchObject({ rego: "abc 123", state: "NSW", captcha_answer: "" });
    expect(refusal.captcha?.question).toMatch(/^What is \d+ plus \d+\?$/);

    afterFillTime();
    try {
      const wrong = await postChecked(alpha, "/sell-my-car", {
        intent: "rego",
        rego: "abc 123",
        state: "NSW",
        captcha_token: refusal.captcha!.token,
        captcha_answer: "99",
      });
      expect(wrong.status).toBe(422);
      const wrongRefusal = (await wrong.json()) as Refusal;
      expect(wrongRefusal.fieldErrors).toEqual({ captcha_answer: CAPTCHA_MESSAGES["wrong-answer"] });
      expect(wrongRefusal.repopulateFields).toMatchObject({ rego: "abc 123", state: "NSW" });
      const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM trade_in_valuations");
      expect(rows[0].n).toBe(0);
      expect(await leadsOf(alpha)).toHaveLength(0);

      const right = await postChecked(alpha, "/sell-my-car", {
        intent: "rego",
        rego: "abc 123",
        state: "NSW",
        captcha_token: page.captchaQuestion!.token,
        captcha_answer: answerOf(page.captchaQuestion!.question),
      });
      expect(right.status).toBe(302);
      const id = valuationIdOf(right);
      expect((await getValuation(db, alpha.slug, id))!.status).toBe("adjustments");
      expect((await leadsOf(alpha)).map((l) => l.subcategory)).toEqual(["1. Valuation Started"]);
      // The later steps need that valuation, so they ask nothing more.
      const valued = await postChecked(alpha, "/sell-my-car", { intent: "adjustments", valuation: id, ...answers, ...contact });
      expect(valued.status).toBe(302);
      expect((await openChecked(alpha, `/sell-my-car?valuation=${id}`)).captchaQuestion).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a field error and the captcha are judged together, everything typed kept", async () => {
    const response = await postChecked(alpha, "/trade-in", { intent: "rego", rego: "abc 123", state: "" });
    expect(response.status).toBe(422);
    const refusal = (await response.json()) as Refusal;
    expect(Object.keys(refusal.fieldErrors).sort()).toEqual(["captcha_answer", "state"]);
    expect(refusal.repopulateFields).toMatchObject({ rego: "abc 123" });
  });

  it("a dealer with the captcha off asks nothing", async () => {
    expect((await openChecked(noCaptcha, "/trade-in")).captchaQuestion).toBeNull();
    const response = await postChecked(noCaptcha, "/trade-in", { intent: "rego", rego: "abc 123", state: "NSW" });
    expect(response.status).toBe(302);
  });
});
