/**
 * POST /api/youx/quote and /api/youx/create-customer through their real route modules over HTTP
 * (tests/support/routeServer.ts), on an embedded database with the embedded broker: the figures, every
 * refusal with its status and the spec's words (bad input is never a 500), signed-out and other-phone
 * refusals, the postcode check, the stored customer with its lead, the broker's failures, and the limits.
 * Dealers are built here.
 */
import type http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as createCustomerAction, loader as createCustomerLoader } from "~/routes/api.youx.create-customer/route";
import { action as quoteAction, loader as quoteLoader } from "~/routes/api.youx.quote/route";
import { startSession } from "@server/auth/session";
import { upsertUser } from "@server/db/accounts";
import type { Database } from "@server/db/database";
import { getFinanceCustomerByReference, listFinanceCustomers } from "@server/db/finance";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { EmbeddedFinanceBroker } from "@server/finance/embedded";
import { FinanceBrokerError, type FinanceBroker } from "@server/finance/port";
import type { TenantConfig } from "@server/tenants/schema";
import { serveRoute } from "../support/routeServer";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";

const PHONE = "+61412345678";
const alpha = testTenant("alpha-motors", { features: { postcodeOnFinanceForm: true } });
const plain = testTenant("plain-motors");
const none = testTenant("no-finance-motors", { features: { financeProvider: "none" } });

let db: Database;
let broker: FinanceBroker;
let platform: TestPlatform;
let cookie = "";
let plainCookie = "";
const servers: http.Server[] = [];

type Route = Parameters<typeof serveRoute>[0]["action"];
type RouteModule = { action: (args: never) => Promise<Response>; loader: (args: never) => Response };

/** A dealer's route on loopback: the load context names the dealer and the connection's address, as the server entry does. */
async function serve(route: RouteModule, tenant: TenantConfig): Promise<string> {
  const withDealer =
    (fn: (args: never) => Promise<Response> | Response): Route =>
    (args) =>
      fn({ ...args, context: { platform: args.context.platform, tenant, clientAddress: args.context.remoteAddress ?? "" } } as never);
  const { server, port } = await serveRoute({ loader: withDealer(route.loader), action: withDealer(route.action) }, platform);
  servers.push(server);
  return `http://127.0.0.1:${port}`;
}

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const quoteBody = { selfAssessedCreditScore: "GREAT", purchasePrice: 30000, loanTerm: 5, year: null, vin: "", nvic: "", whoIsHelping: "" };
const customer = {
  nvic: "ABC123",
  vin: "JTMBFREV00D123456",
  selfAssessedCreditScore: "DECENT",
  purchasePrice: 25000,
  year: 2020,
  loanTerm: 4,
  phoneNumber: "61412345678",
  firstName: "Sam",
  lastName: "Lee",
  email: "sam@example.com",
  subscribe: true,
  postCode: "3000",
};

let quoteUrl = "";
let customerUrl = "";
let plainCustomerUrl = "";
let noneQuoteUrl = "";

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  broker = new EmbeddedFinanceBroker({ db, now: () => new Date("2025-06-01T00:00:00Z") });
  // No GEOCODER_URL: postcodes are checked by the embedded geocoder (the bundled list).
  platform = await testPlatform({ db, tenants: [alpha, plain, none] });
  // Each test gives the broker it needs.
  Object.defineProperty(platform, "financeBroker", { get: () => broker });
  const user = await upsertUser(db, alpha.slug, { phone: PHONE });
  cookie = (await startSession(platform, alpha, new Request("http://alpha-motors.localhost/sign-in"), { userId: user.id })).split(";")[0]!;
  const plainUser = await upsertUser(db, plain.slug, { phone: PHONE });
  plainCookie = (await startSession(platform, plain, new Request("http://plain-motors.localhost/sign-in"), { userId: plainUser.id })).split(
    ";",
  )[0]!;
  quoteUrl = await serve({ action: quoteAction, loader: quoteLoader }, alpha);
  customerUrl = await serve({ action: createCustomerAction, loader: createCustomerLoader }, alpha);
  plainCustomerUrl = await serve({ action: createCustomerAction, loader: createCustomerLoader }, plain);
  noneQuoteUrl = await serve({ action: quoteAction, loader: quoteLoader }, none);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await platform?.close();
  await db?.close();
});

beforeEach(async () => {
  vi.stubEnv("LOG_LEVEL", "silent");
  broker = new EmbeddedFinanceBroker({ db, now: () => new Date("2025-06-01T00:00:00Z") });
  await db.query("DELETE FROM rate_limits");
});

describe("POST /api/youx/quote", () => {
  it("answers the embedded broker's figures, privately", async () => {
    const response = await post(quoteUrl, quoteBody);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    // No car: the used rate for GREAT (8.99%); $30,395 weekly over 5 years.
    expect(await response.json()).toEqual({ weeklyRepaymentAmount: 145.24, advertisedRate: 8.99, comparisonRate: 10.09 });
    const newCar = await (await post(quoteUrl, { ...quoteBody, year: 2024 })).json();
    expect(newCar.advertisedRate).toBe(7.99);
  });

  it("refuses bad input with the spec's words and a 4xx, never a 500", async () => {
    const bodies: unknown[] = [
      "{not json",
      "null",
      "[]",
      "42",
      { ...quoteBody, purchasePrice: 9999 },
      { ...quoteBody, purchasePrice: 200001 },
      { ...quoteBody, purchasePrice: "30000" },
      { ...quoteBody, purchasePrice: 1e308 * 10 },
      { ...quoteBody, loanTerm: 0 },
      { ...quoteBody, loanTerm: 8 },
      { ...quoteBody, loanTerm: 2.5 },
      { ...quoteBody, selfAssessedCreditScore: "EXCELLENT" },
      { ...quoteBody, year: "twenty" },
      { ...quoteBody, vin: "<script>alert(1)</script>" },
      { ...quoteBody, whoIsHelping: "x".repeat(500) },
      { purchasePrice: 30000 },
    ];
    for (const body of bodies) {
      const response = await post(quoteUrl, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error: "Failed to get YouX quick quote" });
    }
  });

  it("takes JSON posts only", async () => {
    const form = await fetch(quoteUrl, { method: "POST", body: new URLSearchParams({ purchasePrice: "30000" }) });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ error: "Failed to get YouX quick quote" });
    const get = await fetch(quoteUrl);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });

  it("is not there on a dealer without finance", async () => {
    const response = await post(noneQuoteUrl, quoteBody);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Failed to get YouX quick quote" });
  });

  it("answers 502 with the spec's words when the broker fails", async () => {
    broker = failingBroker(new FinanceBrokerError("YouX answered 500"));
    const response = await post(quoteUrl, quoteBody);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "Failed to get YouX quick quote" });
  });

  it("stops an address after 120 quotes in ten minutes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await post(quoteUrl, quoteBody)).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    const refused = await post(quoteUrl, quoteBody);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: "Failed to get YouX quick quote" });
  });
});

describe("POST /api/youx/create-customer", () => {
  it("refuses a signed-out shopper (401) and another mobile than the signed-in one (403)", async () => {
    const signedOut = await post(customerUrl, { data: customer, additionalData: {} });
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await signedOut.json()).toEqual({ error: "Failed to create YouX customer" });
    const other = await post(customerUrl, { data: { ...customer, phoneNumber: "0498 765 432" }, additionalData: {} }, { Cookie: cookie });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ error: "Failed to create YouX customer" });
    // Another dealer's session signs nobody in here.
    const elsewhere = await post(customerUrl, { data: customer, additionalData: {} }, { Cookie: plainCookie });
    expect(elsewhere.status).toBe(401);
    expect(await listFinanceCustomers(db, alpha.slug)).toEqual([]);
  });

  it("creates the customer, keeps it with its car and lead, and answers the application page", async () => {
    const response = await post(
      customerUrl,
      { data: customer, additionalData: { car_id: "car-1", lead_id: "lead-1", lead_attributes: { visited_pages: ["/cars/x"] } } },
      { Cookie: cookie },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { redirectUrl } = (await response.json()) as { redirectUrl: string };
    expect(redirectUrl).toMatch(/^\/finance-application\/FIN-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const stored = await getFinanceCustomerByReference(db, alpha.slug, redirectUrl.split("/").pop()!);
    expect(stored).toMatchObject({
      car_id: "car-1",
      lead_id: "lead-1",
      phone: PHONE,
      broker: "embedded",
      status: "received",
      redirect_url: redirectUrl,
    });
    expect(stored!.payload).toMatchObject({ firstName: "Sam", phoneNumber: "0412345678", purchasePrice: 25000, postCode: "3000" });
    expect(await getFinanceCustomerByReference(db, plain.slug, stored!.reference!)).toBeNull();
  });

  it("checks the postcode against the Australian list where the dealer asks for one", async () => {
    const unknown = await post(customerUrl, { data: { ...customer, postCode: "0000" }, additionalData: {} }, { Cookie: cookie });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: "Invalid postcode" });
    const missing = await post(customerUrl, { data: { ...customer, postCode: "" }, additionalData: {} }, { Cookie: cookie });
    expect(missing.status).toBe(400);
    // A dealer that does not ask takes none.
    const plainResponse = await post(plainCustomerUrl, { data: { ...customer, postCode: "" } }, { Cookie: plainCookie });
    expect(plainResponse.status).toBe(200);
  });

  it("refuses bad input with a 4xx, never a 500", async () => {
    const bodies: unknown[] = [
      "{",
      "null",
      { data: null },
      { data: { ...customer, email: "not-an-email" } },
      { data: { ...customer, firstName: "" } },
      { data: { ...customer, phoneNumber: "02 9876 5432" } },
      { data: { ...customer, loanTerm: 9 } },
      { data: { ...customer, purchasePrice: -1 } },
      { data: customer, additionalData: "lead" },
    ];
    for (const body of bodies) {
      const response = await post(customerUrl, body, { Cookie: cookie });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error: "Failed to create YouX customer" });
    }
    const form = await fetch(customerUrl, { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams({ data: "x" }) });
    expect(form.status).toBe(415);
    expect((await fetch(customerUrl)).status).toBe(405);
  });

  it("says so in the spec's words when the broker fails or gives no address", async () => {
    broker = failingBroker(new FinanceBrokerError("YouX answered 500"));
    const failed = await post(customerUrl, { data: customer, additionalData: {} }, { Cookie: cookie });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: "Failed to create YouX customer" });
    broker = { ...failingBroker(new Error("unused")), createCustomer: async () => ({ redirectUrl: "", reference: "" }) };
    const noAddress = await post(customerUrl, { data: customer, additionalData: {} }, { Cookie: cookie });
    expect(noAddress.status).toBe(502);
    expect(await noAddress.json()).toEqual({ error: "Failed to create customer or no redirect URL received." });
  });

  it("stops a mobile after five applications in an hour", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(customerUrl, { data: customer, additionalData: {} }, { Cookie: cookie })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

function failingBroker(error: Error): FinanceBroker {
  return {
    quote: () => Promise.reject(error),
    createCustomer: () => Promise.reject(error),
  };
}
