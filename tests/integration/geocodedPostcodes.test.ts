/**
 * The delivery calculator and the finance postcode check ask the platform's Geocoder (spec 001: 'The
 * same geocoder serves the delivery calculator and the finance postcode check'), through their real
 * route modules over HTTP: with the embedded geocoder (the bundled list) and with GEOCODER_URL set to the
 * fake geocoding service (tests/fakes/geocoderServer.ts), which knows only a few postcodes, so what it
 * says is what the shopper gets. When the service fails, the bundled list answers. Dealers are built here.
 */
import type http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { leadFormValidator } from "~/components/forms/leadSchemas";
import { NO_DELIVERY_ESTIMATE } from "~/domain/deliveryEstimate";
import { action as createCustomerAction, loader as createCustomerLoader } from "~/routes/api.youx.create-customer/route";
import { loader as deliveryLoader } from "~/routes/api.delivery-estimate/route";
import { financePageValidator } from "~/routes/finance/finance.server";
import { startSession } from "@server/auth/session";
import { upsertUser } from "@server/db/accounts";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { EmbeddedFinanceBroker } from "@server/finance/embedded";
import { createHttpGeocoder, embeddedGeocoder, type Geocoder } from "@server/geo/geocoder";
import { startFakeGeocoder, type FakeGeocoder } from "../fakes/geocoderServer";
import { serveRoute } from "../support/routeServer";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";

const PHONE = "+61412345678";
/** Delivers anywhere in New South Wales' postcodes (2000-2999), and asks for the postcode on finance. */
const dealer = testTenant("alpha-motors", {
  features: { postcodeOnFinanceForm: true },
  delivery: { regions: [{ name: "New South Wales", postcodes: [[2000, 2999]], price: 650 }] },
});

let db: Database;
let fake: FakeGeocoder;
const servers: http.Server[] = [];
const platforms: TestPlatform[] = [];

type Route = Parameters<typeof serveRoute>[0]["action"];
type RouteFunction = (args: never) => Promise<Response> | Response;

/** The dealer's route on loopback, on a platform with these settings. */
async function serve(route: { loader: RouteFunction; action?: RouteFunction }, settings: { GEOCODER_URL?: string }): Promise<string> {
  const platform = await testPlatform({
    db,
    tenants: [dealer],
    settings,
    financeBroker: new EmbeddedFinanceBroker({ db, now: () => new Date("2025-06-01T00:00:00Z") }),
  });
  platforms.push(platform);
  const withDealer =
    (fn: RouteFunction): Route =>
    (args) =>
      fn({ ...args, context: { platform, tenant: dealer, clientAddress: args.context.remoteAddress ?? "" } } as never);
  const { server, port } = await serveRoute(
    { loader: withDealer(route.loader), action: withDealer(route.action ?? route.loader) },
    platform,
  );
  servers.push(server);
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  fake = await startFakeGeocoder();
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await fake?.close();
  for (const platform of platforms) await platform.close();
  await db?.close();
});

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

describe("the delivery calculator (GET /api/delivery-estimate)", () => {
  const estimate = async (base: string, postcode: string) => (await fetch(`${base}/api/delivery-estimate?postcode=${postcode}`)).json();
  const priced = (postcode: string) => ({ kind: "estimate", postcode, estimate: { price: 650, name: "New South Wales" } });
  const sorry = (postcode: string) => ({ kind: "error", postcode, message: NO_DELIVERY_ESTIMATE });

  it("with the embedded geocoder: a postcode in the dealer's range is priced only when the bundled list knows it", async () => {
    const base = await serve({ loader: deliveryLoader }, {});
    expect(await estimate(base, "2150")).toEqual(priced("2150"));
    // 2999 is inside the range but no Australian postcode.
    expect(await estimate(base, "2999")).toEqual(sorry("2999"));
    // Outside every range, and what the calculator's rule refuses, as before.
    expect(await estimate(base, "6000")).toEqual(sorry("6000"));
    expect(await estimate(base, "")).toMatchObject({ message: "Please enter a postcode." });
  });

  it("with GEOCODER_URL: the service is asked, and a postcode it does not know gets the 'Sorry' answer", async () => {
    const base = await serve({ loader: deliveryLoader }, { GEOCODER_URL: fake.url });
    const asked = fake.requests.length;
    expect(await estimate(base, "2150")).toEqual(priced("2150"));
    expect(fake.requests.slice(asked).map((r) => r.query.postcode)).toEqual(["2150"]);
    // A real postcode (Sydney's 2100) the fake service does not know: the service decides.
    expect(await estimate(base, "2100")).toEqual(sorry("2100"));
    // No region covers Perth: the service is not asked at all.
    expect(await estimate(base, "6000")).toEqual(sorry("6000"));
    expect(fake.requests.slice(asked).map((r) => r.query.postcode)).toEqual(["2150", "2100"]);
    expect(fake.problems()).toEqual([]);
  });

  it("when the service fails, the bundled list answers and the shopper still gets a price", async () => {
    const base = await serve({ loader: deliveryLoader }, { GEOCODER_URL: fake.url });
    fake.failNext({ status: 503 }, 2);
    expect(await estimate(base, "2100")).toEqual(priced("2100"));
  });
});

describe("the finance postcode check", () => {
  const customer = {
    nvic: "ABC123",
    vin: "JTMBFREV00D123456",
    selfAssessedCreditScore: "DECENT",
    purchasePrice: 25000,
    year: 2020,
    loanTerm: 4,
    phoneNumber: "0412345678",
    firstName: "Sam",
    lastName: "Lee",
    email: "sam@example.com",
    subscribe: false,
  };
  let cookie = "";
  beforeAll(async () => {
    const user = await upsertUser(db, dealer.slug, { phone: PHONE });
    cookie = (await startSession({ db }, dealer, new Request("http://alpha-motors.localhost/sign-in"), { userId: user.id })).split(";")[0]!;
  });
  const apply = (base: string, postCode: string) =>
    fetch(base, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ data: { ...customer, postCode }, additionalData: {} }),
    });

  it("POST /api/youx/create-customer with GEOCODER_URL: 'Invalid postcode' for what the service does not know", async () => {
    const base = await serve({ loader: createCustomerLoader, action: createCustomerAction }, { GEOCODER_URL: fake.url });
    const unknown = await apply(base, "2100");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: "Invalid postcode" });
    expect(fake.requests.at(-1)!.query).toEqual({ postcode: "2100", country: "AU" });
    const known = await apply(base, "3000");
    expect(known.status).toBe(200);
    expect(await known.json()).toMatchObject({ redirectUrl: expect.any(String) });
  });

  it("POST /api/youx/create-customer with the embedded geocoder: the bundled list decides", async () => {
    const base = await serve({ loader: createCustomerLoader, action: createCustomerAction }, {});
    const before = fake.requests.length;
    expect((await apply(base, "0000")).status).toBe(400);
    expect((await apply(base, "2100")).status).toBe(200);
    expect(fake.requests.length).toBe(before);
  });

  /** The /finance page's form with this postcode, judged with this geocoder. */
  async function financeForm(geocoder: Geocoder, postcode: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Sam",
      last_name: "Lee",
      email: "sam@example.com",
      phone: "0412 345 678",
      postcode,
      amount: "25000",
      term: "5",
    }))
      form.set(name, value);
    const validator = financePageValidator(dealer, leadFormValidator("finance", { messageRequired: false, now: new Date() }), geocoder);
    return (await validator.validate(form)).error?.fieldErrors.postcode;
  }

  it("the /finance page: four digits first, then 'Invalid postcode' from the embedded or the HTTP geocoder", async () => {
    const http = createHttpGeocoder(fake.url);
    for (const geocoder of [embeddedGeocoder, http]) {
      expect(await financeForm(geocoder, "20"), geocoder.name).toBe("Invalid postcode. Please enter a 4-digit number.");
      expect(await financeForm(geocoder, "0000"), geocoder.name).toBe("Invalid postcode");
      expect(await financeForm(geocoder, "2150"), geocoder.name).toBeUndefined();
    }
    // 2100 is a real postcode the fake service does not know: each geocoder is heard.
    expect(await financeForm(embeddedGeocoder, "2100")).toBeUndefined();
    expect(await financeForm(http, "2100")).toBe("Invalid postcode");
  });
});
