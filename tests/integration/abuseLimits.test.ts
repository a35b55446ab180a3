/**
 * Abuse limits and hostile bodies through the real route actions and loaders, on an embedded database
 * (PGlite) with the dealers' real configuration: floods of enquiries, phone reveals and analytics
 * beacons are refused with 429 while shoppers keep what they typed; a reloaded vehicle page counts one
 * view per visitor; bodies that are not forms answer 400 and store nothing.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TOO_MANY_LEADS_MESSAGE, UNREADABLE_FORM_MESSAGE } from "@server/leads/formAction";
import { action as vehicleAction } from "~/routes/cars.$slug/route";
import { loader as viewLoader } from "~/routes/cars.$slug.view[.]json/route";
import { action as financeAction } from "~/routes/finance/route";
import { action as testDriveAction } from "~/routes/book-test-drive/route";
import { action as phoneRevealAction } from "~/routes/api.phone-reveal/route";
import { action as eventsAction } from "~/routes/api.events/route";
import type { Database } from "@server/db/database";
import { getVehicleViews } from "@server/db/activity";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import { loadTenantsFromDir } from "@server/tenants/registry";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { minimalTenantInput, writeTenantsDir } from "../support/testTenant";
import { contextFor } from "../support/loadContext";
import { loaderResult, type LoaderResult } from "../support/loaderResult";
import { testVehicle } from "../support/testVehicle";

const DEALER = "alpha-motors";
/** A dealer with every shopper feature the limits guard: saved cars, compare, reserve, buy online, trade-in. */
const DEALER_FEATURES = { garage: true, favourites: true, compare: true, reserve: true, buyOnline: true, tradeIn: true };
const HOST = `${DEALER}.localhost`;

/** A refused form as the forms kit reads it (remix-validated-form's `validationError`). */
type FormRefusal = { formId: string; fieldErrors: Record<string, string>; repopulateFields: Record<string, string> };

const car = testVehicle({ id: "limit-car", slug: "2022-toyota-hilux-limit-car" });
/** Cars for phone reveals: one reveal each, so no reveal is a repeat of another. */
const revealCars = Array.from({ length: 24 }, (_, i) =>
  testVehicle({ id: `reveal-${i}`, slug: `2021-mazda-cx-5-reveal-${i}`, stocknum: `R${i}` }),
);

/** Cars one shopper enquires about in turn (the same car twice would be one lead, a repeated submit). */
const shortlist = Array.from({ length: 6 }, (_, i) =>
  testVehicle({ id: `shortlist-${i}`, slug: `2023-kia-sportage-shortlist-${i}`, stocknum: `S${i}` }),
);

let db: Database;
/** The platform the server entry would hand every request (a test may swap it for one call). */
let platform: TestPlatform;

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  const tenantsDir = writeTenantsDir([minimalTenantInput(DEALER, { features: DEALER_FEATURES })]);
  await upsertVehicles(db, DEALER, [car, ...revealCars, ...shortlist]);
  // The lead forms here are sent at machine speed: the captcha is off (its own suite: tests/integration/contactAction.test.ts).
  platform = await testPlatform({ db, tenants: loadTenantsFromDir(tenantsDir), settings: { TENANTS_DIR: tenantsDir, CAPTCHA: "off" } });
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

type Handler = (args: ActionFunctionArgs & LoaderFunctionArgs) => Promise<unknown>;

/** Calls a route's action or loader as Remix would, with the shopper's address in the load context. */
async function call(
  handler: Handler,
  request: Request,
  params: Record<string, string>,
  clientAddress: string,
): Promise<LoaderResult<unknown>> {
  try {
    return await loaderResult(handler({ request, params, context: contextFor(platform, request, { clientAddress }) }));
  } catch (thrown) {
    if (thrown instanceof Response) return loaderResult(thrown);
    throw thrown;
  }
}

const post = (pathAndQuery: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(`http://${HOST}${pathAndQuery}`, { method: "POST", body, headers: { host: HOST, ...headers } });

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

const enquiry = (i: number, overrides: Record<string, string> = {}) =>
  form({
    intent: "enquiry",
    first_name: `Shopper${i}`,
    email: `shopper${i}@example.com`,
    phone: `04123456${String(i).padStart(2, "0")}`,
    message: "Is it still available?",
    opt_in: "on",
    ...overrides,
  });

const sendEnquiry = (body: URLSearchParams, address: string) =>
  call(vehicleAction as Handler, post(`/cars/${car.slug}`, body), { slug: car.slug }, address);

const finance = (i: number, overrides: Record<string, string> = {}) =>
  form({
    intent: "finance",
    first_name: `Borrower${i}`,
    email: `borrower${i}@example.com`,
    phone: `04223456${String(i).padStart(2, "0")}`,
    amount: "$30,000",
    term: "5",
    ...overrides,
  });

const sendFinance = (body: BodyInit | null, address: string, headers: Record<string, string> = {}) =>
  call(financeAction as Handler, post(`/finance?car_id=${car.id}`, body, headers), {}, address);

const leadsWhere = async (column: "email" | "phone" | "car_id" | "category", value: string) =>
  Number(
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads WHERE tenant = $1 AND ${column} = $2`, [DEALER, value]))[0].n,
  );
const allLeads = async () => Number((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM leads"))[0].n);

describe("lead forms over the limit", () => {
  it("the 11th enquiry from one address in ten minutes gets 429, keeps every typed value and is not stored", async () => {
    const address = "203.0.113.5";
    for (let i = 0; i < 10; i++) {
      const response = await sendEnquiry(enquiry(i), address);
      expect(response.status, `enquiry ${i + 1}`).toBe(302);
      expect(response.headers.get("Location")).toMatch(new RegExp(`^/success\\?car=${car.slug}&lead=[0-9a-f-]{36}$`));
    }
    const typed = {
      intent: "enquiry",
      first_name: "Eleventh",
      last_name: "Try",
      email: "eleventh@example.com",
      phone: "0412 999 888",
      postcode: "2150",
      message: "Please call me",
      opt_in: "on",
    };
    const refused = await sendEnquiry(form(typed), address);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused.headers.get("Cache-Control")).toContain("no-store");
    const problem = refused.data as FormRefusal;
    expect(problem).toEqual({
      formId: "lead-enquiry",
      fieldErrors: { form: TOO_MANY_LEADS_MESSAGE },
      repopulateFields: {
        first_name: "Eleventh",
        last_name: "Try",
        email: "eleventh@example.com",
        phone: "0412 999 888",
        postcode: "2150",
        message: "Please call me",
        opt_in: "on",
      },
    });
    expect(await leadsWhere("email", "eleventh@example.com")).toBe(0);
    for (let i = 0; i < 10; i++) expect(await leadsWhere("email", `shopper${i}@example.com`)).toBe(1);

    // Another shopper at another address is not held up.
    expect((await sendEnquiry(enquiry(50), "203.0.113.6")).status).toBe(302);
  });

  it("the enquiry pages share the allowance: finance answers 429 with the amount and term kept", async () => {
    const address = "203.0.113.20";
    for (let i = 0; i < 5; i++) expect((await sendEnquiry(enquiry(20 + i), address)).status).toBe(302);
    for (let i = 0; i < 5; i++) expect((await sendFinance(finance(i), address)).status, `finance ${i + 1}`).toBe(302);
    const refused = await sendFinance(finance(9, { amount: "$45,500", term: "7", deposit: "5000" }), address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    const problem = refused.data as FormRefusal;
    expect(problem.formId).toBe("lead-finance");
    expect(problem.fieldErrors).toEqual({ form: TOO_MANY_LEADS_MESSAGE });
    expect(problem.repopulateFields).toMatchObject({
      first_name: "Borrower9",
      email: "borrower9@example.com",
      amount: "$45,500",
      term: "7",
      deposit: "5000",
    });
    expect(await leadsWhere("email", "borrower9@example.com")).toBe(0);
  });

  it("one e-mail address gets five leads in ten minutes, whatever addresses they come from", async () => {
    const email = "same.person@example.com";
    const testDrive = await call(
      testDriveAction as Handler,
      post(`/book-test-drive/?car_id=${shortlist[0].id}`, form({ intent: "test-drive", first_name: "Sam", email, phone: "0433345600" })),
      {},
      "198.51.100.1",
    );
    expect(testDrive.status).toBe(302);
    for (let i = 1; i < 5; i++) {
      const response = await call(
        vehicleAction as Handler,
        post(`/cars/${shortlist[i].slug}`, enquiry(60 + i, { email })),
        { slug: shortlist[i].slug },
        `198.51.100.${i + 1}`,
      );
      expect(response.status, `lead ${i + 1}`).toBe(302);
    }
    const sixth = await call(
      vehicleAction as Handler,
      post(`/cars/${shortlist[5].slug}`, enquiry(66, { email: "Same.Person@Example.com" })),
      { slug: shortlist[5].slug },
      "198.51.100.99",
    );
    expect(sixth.status).toBe(429);
    expect(await leadsWhere("email", email)).toBe(5);
  });

  it("refused forms do not use up the allowance", async () => {
    const address = "203.0.113.30";
    for (let i = 0; i < 15; i++) {
      const response = await sendEnquiry(enquiry(70, { email: "not-an-email" }), address);
      expect(response.status).toBe(422);
    }
    for (let i = 0; i < 10; i++) expect((await sendEnquiry(enquiry(71 + i), address)).status, `enquiry ${i + 1}`).toBe(302);
  });

  it("a limiter whose database fails lets the lead through: the limiter never loses a lead", async () => {
    const working = platform;
    const broken = {
      ...db,
      kind: db.kind,
      query: (sql: string, params?: unknown[]) =>
        sql.includes("rate_limits") ? Promise.reject(new Error("rate_limits unavailable")) : db.query(sql, params),
      transaction: db.transaction.bind(db),
    } as Database;
    platform = { ...working, db: broken };
    try {
      for (let i = 0; i < 12; i++)
        expect((await sendEnquiry(enquiry(85, { email: `open${i}@example.com` }), "203.0.113.40")).status).toBe(302);
    } finally {
      platform = working;
    }
    expect(await leadsWhere("email", "open11@example.com")).toBe(1);
  });
});

describe("phone reveal over the limit", () => {
  const reveal = (carId: string, address: string) =>
    call(phoneRevealAction as Handler, post("/api/phone-reveal", form({ car_id: carId, dealership_id: "d1" })), {}, address);

  it("twenty reveals an hour from one address are stored; the next gets 429 with Retry-After and no lead", async () => {
    const address = "203.0.113.50";
    for (let i = 0; i < 20; i++) expect((await reveal(revealCars[i].id, address)).status, `reveal ${i + 1}`).toBe(204);
    const refused = await reveal(revealCars[20].id, address);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await leadsWhere("car_id", revealCars[20].id)).toBe(0);
    expect(await leadsWhere("car_id", revealCars[19].id)).toBe(1);
    // Another address still reveals.
    expect((await reveal(revealCars[21].id, "203.0.113.51")).status).toBe(204);
  });

  it("a repeated reveal of one car by one shopper is one lead; shoppers of unknown address are never merged", async () => {
    for (let i = 0; i < 3; i++) expect((await reveal(revealCars[22].id, "203.0.113.52")).status).toBe(204);
    expect(await leadsWhere("car_id", revealCars[22].id)).toBe(1);
    expect((await reveal(revealCars[22].id, "203.0.113.53")).status).toBe(204);
    expect(await leadsWhere("car_id", revealCars[22].id)).toBe(2);
    for (let i = 0; i < 2; i++) expect((await reveal(revealCars[23].id, "unknown")).status).toBe(204);
    expect(await leadsWhere("car_id", revealCars[23].id)).toBe(2);
  });
});

describe("analytics beacons over the limit", () => {
  const beacon = (address: string, body: BodyInit = JSON.stringify({ event_id: 25, path: "/search" })) =>
    call(eventsAction as Handler, post("/api/events", body, { "Content-Type": "application/json" }), {}, address);

  it("120 a minute from one address are stored; the 121st gets 429 with Retry-After", async () => {
    const address = "203.0.113.60";
    const before = Number((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM analytics_events WHERE event_id = 25"))[0].n);
    for (let i = 0; i < 120; i++) expect((await beacon(address)).status).toBe(204);
    const refused = await beacon(address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    const after = Number((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM analytics_events WHERE event_id = 25"))[0].n);
    expect(after - before).toBe(120);
    expect((await beacon("203.0.113.61")).status).toBe(204);
  });

  it("a bad beacon is 400 and does not use up the allowance", async () => {
    for (const body of ["not json", "{}", JSON.stringify({ event_id: 9999 })])
      expect((await beacon("203.0.113.62", body)).status).toBe(400);
    const used = await db.query("SELECT 1 FROM rate_limits WHERE bucket = 'analytics-event:address'");
    expect((await beacon("203.0.113.62")).status).toBe(204);
    expect((await db.query("SELECT 1 FROM rate_limits WHERE bucket = 'analytics-event:address'")).length).toBe(used.length + 1);
  });
});

describe("vehicle views", () => {
  const view = (address: string, userAgent: string) =>
    call(
      viewLoader as Handler,
      new Request(`http://${HOST}/cars/${car.slug}/view.json?photos_count=3`, { headers: { host: HOST, "user-agent": userAgent } }),
      { slug: car.slug },
      address,
    );

  it("a visitor reloading twenty times counts once; another visitor counts again; the answer is the total", async () => {
    const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1";
    for (let i = 0; i < 20; i++) {
      const response = await view("203.0.113.70", phone);
      expect(response.status).toBe(200);
      expect((response.data as { views: number }).views).toBe(1);
    }
    const other = await view("203.0.113.71", phone);
    expect((other.data as { views: number }).views).toBe(2);
    // Same address, another browser (a second person in the household): another visitor.
    const laptop = await view("203.0.113.70", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/128.0");
    expect((laptop.data as { views: number; car_fields: { id: string } }).car_fields.id).toBe(car.id);
    expect(await getVehicleViews(db, DEALER, car.id)).toBe(3);
    const stored = JSON.stringify(await db.query("SELECT * FROM vehicle_view_visitors"));
    expect(stored).not.toContain("203.0.113.70");
  });
});

describe("odd queries and bodies", () => {
  const queries = [
    "?postcode=%00",
    `?postcode=${"9".repeat(3000)}`,
    "?car=%00&car_id=%00&id=%00",
    "?car=%E0%A4%A&car_id=%E0%A4%A&id=%E0%A4%A",
    "?id=a&id=b&id=c&id=d,e,f",
    "?car_id[]=x&postcode[]=1",
    "?vehiclePriceBudget=1e400&preferredDealership=%00",
    "?photos_count=abc&updated_at=%00",
  ];
  const bodies: [BodyInit | null, Record<string, string>][] = [
    [null, {}],
    ['{"event_id":25,"path":"/\\u0000","payload":{"a":"\\u0000"}}', { "Content-Type": "application/json" }],
    [
      "car_id=%00&intent=enquiry&first_name=%00&email=a%00@b.com&phone=0412345678&message=%00",
      { "Content-Type": "application/x-www-form-urlencoded" },
    ],
    ["--x\r\n", { "Content-Type": "multipart/form-data; boundary=x" }],
  ];

  it("never answer 500 on the delivery estimate, success, compare, view count, phone reveal, beacons and lead forms", async () => {
    const routes: [string, { loader?: unknown; action?: unknown }][] = [
      ["api.delivery-estimate", await import("~/routes/api.delivery-estimate/route")],
      ["success", await import("~/routes/success/route")],
      ["compare", await import("~/routes/compare/route")],
      ["view.json", { loader: viewLoader }],
      ["api.phone-reveal", { action: phoneRevealAction }],
      ["api.events", { action: eventsAction }],
      ["finance", { action: financeAction }],
      ["cars.$slug", { action: vehicleAction }],
    ];
    for (const [name, route] of routes) {
      for (const query of queries) {
        for (const slug of [car.slug, "%00", "a".repeat(300)]) {
          if (route.loader) {
            const response = await call(
              route.loader as Handler,
              new Request(`http://${HOST}/x${query}`, { headers: { host: HOST } }),
              { slug },
              "203.0.113.90",
            );
            expect(response.status, `${name} loader ${query.slice(0, 60)} ${slug.slice(0, 10)}`).toBeLessThan(500);
          }
          if (route.action) {
            for (const [body, headers] of bodies) {
              const response = await call(route.action as Handler, post(`/x${query}`, body, headers), { slug }, "203.0.113.90");
              expect(
                response.status,
                `${name} action ${query.slice(0, 60)} ${slug.slice(0, 10)} ${String(body).slice(0, 30)}`,
              ).toBeLessThan(500);
            }
          }
        }
      }
    }
  });
});

describe("bodies that are not forms", () => {
  const bodies: [string, BodyInit | null, Record<string, string>][] = [
    ["JSON", JSON.stringify({ intent: "enquiry", first_name: "Sam" }), { "Content-Type": "application/json" }],
    ["plain text", "intent=enquiry&first_name=Sam", { "Content-Type": "text/plain" }],
    ["an empty body", null, {}],
    [
      "broken multipart",
      '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nenq',
      { "Content-Type": "multipart/form-data; boundary=x" },
    ],
    ["multipart without a boundary", "intent=enquiry", { "Content-Type": "multipart/form-data" }],
  ];

  it("the vehicle page's action answers 400 with a message for the whole form and stores nothing", async () => {
    const before = await allLeads();
    for (const [name, body, headers] of bodies) {
      const response = await call(vehicleAction as Handler, post(`/cars/${car.slug}`, body, headers), { slug: car.slug }, "203.0.113.80");
      expect(response.status, name).toBe(400);
      expect(response.data, name).toEqual({
        formId: "lead-enquiry",
        fieldErrors: { form: UNREADABLE_FORM_MESSAGE },
        repopulateFields: {},
      });
    }
    expect(await allLeads()).toBe(before);
  });

  it("/finance answers 400 with a message for the whole form and stores nothing", async () => {
    const before = await allLeads();
    for (const [name, body, headers] of bodies) {
      const response = await sendFinance(body, "203.0.113.81", headers);
      expect(response.status, name).toBe(400);
      const problem = response.data as FormRefusal;
      expect(problem.formId, name).toBe("lead-finance");
      expect(problem.fieldErrors.form, name).toBe(UNREADABLE_FORM_MESSAGE);
    }
    expect(await allLeads()).toBe(before);
  });

  it("a form without an intent is still 400 'use one of the forms'", async () => {
    const response = await sendEnquiry(form({ first_name: "Sam" }), "203.0.113.82");
    expect(response.status).toBe(400);
    expect((response.data as FormRefusal).fieldErrors.form).toBe("Please use one of the forms on this page.");
  });

  it("a phone reveal naming a car id no car could have (a NUL byte, markup) is 400, not a database error", async () => {
    for (const carId of ["\u0000", "<script>", "x".repeat(101)]) {
      const response = await call(phoneRevealAction as Handler, post("/api/phone-reveal", form({ car_id: carId })), {}, "203.0.113.84");
      expect(response.status, JSON.stringify(carId)).toBe(400);
    }
  });

  it("phone reveal and analytics beacons answer 400 to them", async () => {
    for (const [name, body, headers] of bodies) {
      expect((await call(phoneRevealAction as Handler, post("/api/phone-reveal", body, headers), {}, "203.0.113.83")).status, name).toBe(
        400,
      );
      expect((await call(eventsAction as Handler, post("/api/events", body, headers), {}, "203.0.113.83")).status, name).toBe(400);
    }
  });
});
