/**
 * /personalised/finance's loader and action as Remix calls them, on an embedded database with the
 * embedded phone sign-in (SMS to the data folder's outbox) and the embedded finance broker: every
 * parameter of the address read with its default; the landing with six used cars with photos; the
 * gate; the steps of the page without JavaScript (send, a wrong code, the final step to the broker's
 * address with the customer and the lead stored); the browser's verify and lead calls; each refusal in
 * the spec's words and never a 500. Dealers are built here (never tenants/).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { JourneyAnswer } from "~/components/finance/journeyCopy";
import type { Vehicle } from "~/domain/vehicle";
import type { Database } from "@server/db/database";
import { listFinanceCustomers } from "@server/db/finance";
import { listLeads } from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../../../tests/support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import { EmbeddedFinanceBroker } from "@server/finance/embedded";
import { FinanceBrokerError, type FinanceBroker } from "@server/finance/port";
import type { SearchResult } from "~/domain/search";
import type { TenantConfig } from "@server/tenants/schema";
import { testPlatform, type TestPlatform } from "../../../tests/support/testPlatform";
import { contextFor } from "../../../tests/support/loadContext";
import { loaderResult, type LoaderResult } from "../../../tests/support/loaderResult";
import { testTenant } from "../../../tests/support/testTenant";
import { testVehicle } from "../../../tests/support/testVehicle";
import type { PersonalisedFinanceData } from "./personalisedFinance.server";
import { action, loader } from "./route";

const harbour = testTenant("harbour-motors", { name: "Harbour Motors", features: { postcodeOnFinanceForm: true, staffAssisted: true } });
const ridge = testTenant("ridge-used", { name: "Ridge Used", paths: { searchPrefix: "/used-car" } });
const plain = testTenant("plain-motors", { name: "Plain Motors", features: { financeLandingCta: false } });
const gated = testTenant("gated-motors", { name: "Gated Motors", gating: { enabled: true } });
const noFinance = testTenant("cash-only-motors", { name: "Cash Only Motors", features: { financeProvider: "none" } });
const tagged = testTenant("tagged-motors", {
  name: "Tagged Motors",
  analytics: { gtmContainerId: "GTM-TAG1234", metaPixelId: "123456789012345" },
});
const brandNew = testTenant("brand-new-motors", { name: "Brand New Motors", search: { baseFilter: { carTypes: ["new", "demo"] } } });
const DEALERS = [harbour, ridge, plain, gated, noFinance, tagged, brandNew];

const car = testVehicle({
  id: "car-1",
  slug: "2022-toyota-hilux-sr5-car-1",
  price: 54990,
  year: 2022,
  nvic: "0B6X22",
  dealership_slug: "harbour-motors",
});
const usedWithPhotos = (n: number): Vehicle =>
  testVehicle({ id: `u-${n}`, slug: `used-${n}`, car_type: "used", status: "in_stock", photos_count: 3, images: [] });

let db: Database;
let platform: TestPlatform;
let broker: FinanceBroker;
let searchHits: Vehicle[] = [];

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  broker = new EmbeddedFinanceBroker({ db });
  platform = await testPlatform({ db, tenants: DEALERS, defaultTenant: harbour.slug, financeBroker: broker });
  // The featured used cars are whatever each test puts in `searchHits`.
  vi.spyOn(platform.search, "search").mockImplementation(
    async () =>
      ({ hits: searchHits, found: searchHits.length, facets: {}, stats: {}, page: 1, pages: 1, ms: 0 }) as unknown as SearchResult,
  );
  for (const dealer of DEALERS) await upsertVehicles(db, dealer.slug, [{ ...car, id: car.id, dealership_slug: dealer.slug }]);
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
  platform.financeBroker = broker;
});

const origin = (dealer: TenantConfig) => `http://${dealer.slug}.localhost`;

async function load(dealer: TenantConfig, query: string, cookie?: string): Promise<LoaderResult<unknown>> {
  const request = new Request(`${origin(dealer)}/personalised/finance${query}`, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    return await loaderResult(loader({ request, context: contextFor(platform, request), params: {} }));
  } catch (thrown) {
    if (thrown instanceof Response) return loaderResult(thrown);
    throw thrown;
  }
}

async function page(dealer: TenantConfig, query: string, cookie?: string): Promise<PersonalisedFinanceData> {
  const response = await load(dealer, query, cookie);
  expect(response.status).toBe(200);
  return response.data as PersonalisedFinanceData;
}

async function journey(dealer: TenantConfig, query: string, cookie?: string) {
  const data = await page(dealer, query, cookie);
  if (data.mode !== "journey") throw new Error("expected the journey");
  return data.journey;
}

function post(dealer: TenantConfig, query: string, fields: Record<string, string | string[]>, cookie?: string): Request {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return new Request(`${origin(dealer)}/personalised/finance${query}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin(dealer), ...(cookie ? { Cookie: cookie } : {}) },
  });
}

async function act(request: Request): Promise<LoaderResult<unknown>> {
  try {
    return await loaderResult(action({ request, context: contextFor(platform, request), params: {} }));
  } catch (thrown) {
    if (thrown instanceof Response) return loaderResult(thrown);
    throw thrown;
  }
}

/** The latest code the outbox holds for this mobile (the embedded "SMS"). */
function lastCode(to: string): string {
  const lines = fs.readFileSync(path.join(platform.env.dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
  const sms = lines.map((l) => JSON.parse(l) as { to: string; body: string }).filter((m) => m.to === to);
  return /\b(\d{6})\b/.exec(sms.at(-1)!.body)![1];
}

const details = (phone: string, extra: Record<string, string> = {}) => ({
  name: "Jess",
  last_name: "Nguyen",
  email: "jess@example.com",
  phone,
  postcode: "2000",
  subscribe: "on",
  ...extra,
});

const STEP2 = "?car_id=car-1&price=54990&loanTerm=5&selfAssessedCreditScore=GREAT&step=2";

describe("the address", () => {
  it("reads the car (anything after a '?' cut off), its codes and its price within the bounds", async () => {
    const j = await journey(harbour, `?car_id=${encodeURIComponent("car-1?utm_source=x")}`);
    expect(j.car).toMatchObject({ id: "car-1", nvic: "0B6X22", year: 2022 });
    expect(j.vehicle).toEqual({ year: 2022, vin: car.vin, nvic: "0B6X22" });
    expect(j.start).toEqual({ price: 54990, loanTerm: 5, credit: "GREAT", whoIsHelping: "", step: 1 });
    expect(j.quote?.weeklyRepaymentAmount).toBeGreaterThan(0);
    expect(j.options).toMatchObject({ bounds: { min: 10000, max: 200000 }, staffAssisted: true, postcode: true });
  });

  it("reads every other parameter, each with its default", async () => {
    const j = await journey(
      harbour,
      "?step=1&vin=jt123&nvic=0c1234&year=2019&vehiclePriceBudget=45000&loanTerm=3&credit_score=poor&whoIsHelping=Sam&preferredDealership=harbour-motors&car_type=used",
    );
    expect(j.car).toBeNull();
    expect(j.vehicle).toEqual({ year: 2019, vin: "JT123", nvic: "0C1234" });
    expect(j.start).toMatchObject({ price: 45000, loanTerm: 3, credit: "POOR", whoIsHelping: "Sam" });
    expect(j.linkedQuery).toMatchObject({ vin: "jt123", car_type: "used", preferredDealership: "harbour-motors" });
    const defaults = await journey(harbour, "?step=1&price=lots&loanTerm=12&selfAssessedCreditScore=AMAZING");
    expect(defaults.start).toMatchObject({ price: 30000, loanTerm: 5, credit: "GREAT" });
    // The helper's name only in staff-assisted mode.
    expect((await journey(plain, "?whoIsHelping=Sam")).start.whoIsHelping).toBe("");
  });

  it("clamps a price to the dealer's bounds, and offers and takes only the quick picks within them", async () => {
    expect((await journey(harbour, "?step=1&price=500000")).start.price).toBe(200000);
    // The spec's $5,000 pick is below the $10,000 minimum: not offered, and not taken when sent by hand.
    expect((await journey(harbour, "?step=1&price=30000")).options.quickPicks).toEqual([10000, 20000, 30000, 40000, 50000, 70000]);
    expect((await journey(harbour, "?step=1&price=30000&pick=5000")).start.price).toBe(30000);
    expect((await journey(harbour, "?step=1&price=30000&pick=20000")).start.price).toBe(20000);
  });

  it("without a car shows the landing with six in-stock used cars that have more than one photo", async () => {
    searchHits = [
      ...Array.from({ length: 8 }, (_, i) => usedWithPhotos(i)),
      testVehicle({ id: "one-photo", car_type: "used", photos_count: 1, images: [] }),
      testVehicle({ id: "new-car", car_type: "new", photos_count: 5 }),
    ];
    const data = await page(harbour, "");
    expect(data.mode).toBe("landing");
    if (data.mode !== "landing") return;
    expect(data.featured.map((c) => c.id)).toEqual(["u-0", "u-1", "u-2", "u-3", "u-4", "u-5"]);
    expect(data.stock).toEqual({ heading: "Featured used cars", linkLabel: "View All Used Cars", href: "/search/used-cars" });
    expect(data.startHref).toBe("/personalised/finance?step=1");
    const elsewhere = await page(ridge, "");
    expect(elsewhere.mode === "landing" && elsewhere.stock.href).toBe("/used-car/used-cars");
  });

  it("features the dealer's own stock, and links to it, where it has no used cars", async () => {
    const newCars = Array.from({ length: 3 }, (_, i) =>
      testVehicle({ id: `n-${i}`, car_type: "new", status: "in_stock", photos_count: 4 }),
    );
    // A new-and-demo dealer never features used cars; a dealer whose used search finds none features its other stock.
    searchHits = [usedWithPhotos(1), ...newCars];
    const data = await page(brandNew, "");
    if (data.mode !== "landing") throw new Error("no landing");
    expect(data.featured.map((c) => c.id)).toEqual(["n-0", "n-1", "n-2"]);
    expect(data.stock).toEqual({ heading: "Featured cars", linkLabel: "View All Our Cars", href: "/search/new-and-demo-cars" });
    searchHits = newCars;
    const noUsed = await page(harbour, "");
    if (noUsed.mode !== "landing") throw new Error("no landing");
    expect(noUsed.featured.map((c) => c.id)).toEqual(["n-0", "n-1", "n-2"]);
    expect(noUsed.stock.href).toBe("/search");
  });

  it("goes straight to the journey where the dealer has no landing, or the car is unknown", async () => {
    expect((await page(plain, "")).mode).toBe("journey");
    expect((await journey(plain, "?car_id=nope")).car).toBeNull();
  });

  it("is not there on a dealer without a finance provider", async () => {
    expect((await load(noFinance, "?car_id=car-1")).status).toBe(404);
    expect((await load(noFinance, "")).status).toBe(404);
  });

  it("asks a signed-out shopper to sign in first on a dealer that gates finance", async () => {
    const response = await load(gated, "?car_id=car-1");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/sign-in\?type=finance&redirect=%2Fpersonalised%2Ffinance%3Fcar_id%3Dcar-1/);
  });
});

describe("the steps", () => {
  it("send, a wrong code, then the final step: the broker's address, the customer and the lead stored", async () => {
    const mobile = "0412 345 101";
    const sent = await act(post(harbour, STEP2, { intent: "send", ...details(mobile) }));
    expect(sent.status).toBe(200);
    expect((sent.data as JourneyAnswer).status).toBe("verificationSent");

    const wrong = await act(post(harbour, STEP2, { intent: "submit", code_sent: "1", code: "000000", ...details(mobile) }));
    const refusal = wrong.data as JourneyAnswer;
    expect(wrong.status).toBe(422);
    expect(refusal).toMatchObject({ status: "refused", errors: { code: "The verification code is invalid. Please try again." } });

    const final = await act(
      post(harbour, STEP2, {
        intent: "submit",
        code_sent: "1",
        code: lastCode("+61412345101"),
        visited_page: ["/cars/2022-toyota-hilux-sr5-car-1", "https://evil.example/"],
        linked_query: "car_id=car-1&utm_source=google",
        ...details(mobile),
      }),
    );
    expect(final.status).toBe(302);
    expect(final.headers.get("Location")).toMatch(/^\/finance-application\/FIN-/);
    expect(final.headers.get("Set-Cookie")).toMatch(/dealer_session=/);

    const [customer] = await listFinanceCustomers(db, harbour.slug);
    expect(customer).toMatchObject({ car_id: "car-1", phone: "+61412345101" });
    expect(customer.lead_id).toBeTruthy();
    const lead = (await listLeads(db, harbour.slug)).find((l) => l.phone === "0412345101")!;
    expect(lead).toMatchObject({ category: "Finance Enquiry", car_id: "car-1", name: "Jess", postcode: "2000" });
    expect(lead.payload).toMatchObject({
      tags: ["YouX"],
      lead_attributes: {
        visited_pages: [
          "/cars/2022-toyota-hilux-sr5-car-1",
          "/personalised/finance?car_id=car-1&price=54990&loanTerm=5&selfAssessedCreditScore=GREAT&step=2",
        ],
        linked_query_params: { car_id: "car-1", utm_source: "google" },
      },
      selfAssessedCreditScore: "GREAT",
      purchasePrice: 54990,
      loanTerm: 5,
    });
  });

  it("the final button sends the code first when none was sent", async () => {
    const answer = await act(post(harbour, STEP2, { intent: "submit", ...details("0412 345 102") }));
    expect((answer.data as JourneyAnswer).status).toBe("verificationSent");
  });

  it("refuses a postcode by the field rule, then by the bundled list, before the code is used", async () => {
    const rule = await act(post(harbour, STEP2, { intent: "verify", code: "123456", ...details("0412 345 103", { postcode: "20" }) }));
    expect(rule.data).toMatchObject({ errors: { postcode: "Invalid postcode. Please enter a 4-digit number." } });
    const unknown = await act(post(harbour, STEP2, { intent: "verify", code: "123456", ...details("0412 345 103", { postcode: "0000" }) }));
    expect(unknown.data).toMatchObject({ errors: { postcode: "Invalid postcode" } });
  });

  it("the browser's calls: verify signs the shopper in, then the lead is filed for that shopper only", async () => {
    const mobile = "0412 345 104";
    await act(post(harbour, STEP2, { intent: "send", ...details(mobile) }));
    const verified = await act(post(harbour, STEP2, { intent: "verify", code: lastCode("+61412345104"), ...details(mobile) }));
    expect(verified.data).toEqual({ status: "verified" });
    const cookie = verified.headers.get("Set-Cookie")!.split(";")[0]!;

    const stranger = await act(post(harbour, STEP2, { intent: "lead", ...details("0412 345 999") }, cookie));
    expect(stranger.status).toBe(401);
    expect(stranger.data).toMatchObject({ errors: { form: "Lead submission failed" } });

    const filed = await act(post(harbour, STEP2, { intent: "lead", ...details(mobile) }, cookie));
    expect(filed.data).toMatchObject({ status: "leadStored" });
    // The shopper's own mobile needs no code now.
    expect((await act(post(harbour, STEP2, { intent: "verify", ...details(mobile) }, cookie))).data).toEqual({
      status: "verified",
    });
    const j = await journey(harbour, "?car_id=car-1", cookie);
    expect(j.verifiedPhone).toBe("0412345104");
    expect(j.known).toMatchObject({ firstName: "Jess", email: "jess@example.com" });
  });

  it("keeps a signed-in shopper's session when another mobile is typed: no code goes to it and no one else is signed in", async () => {
    const mobile = "0412 345 107";
    await act(post(harbour, STEP2, { intent: "send", ...details(mobile) }));
    const verified = await act(post(harbour, STEP2, { intent: "verify", code: lastCode("+61412345107"), ...details(mobile) }));
    const cookie = verified.headers.get("Set-Cookie")!.split(";")[0]!;
    const asked = "You're signed in with 0412 345 107. To apply with another mobile number, sign out first.";

    const send = await act(post(harbour, STEP2, { intent: "send", ...details("0412 345 108") }, cookie));
    expect(send.status).toBe(422);
    expect(send.data).toMatchObject({ errors: { phone: asked } });
    expect(fs.readFileSync(path.join(platform.env.dataDir, "sms-outbox.jsonl"), "utf8")).not.toContain("+61412345108");
    const verify = await act(post(harbour, STEP2, { intent: "verify", code: "123456", ...details("0412 345 108") }, cookie));
    expect(verify.status).toBe(422);
    expect(verify.headers.get("Set-Cookie")).toBeNull();
    // Without JavaScript the final button is refused the same way.
    const submit = await act(post(harbour, STEP2, { intent: "submit", ...details("0412 345 108") }, cookie));
    expect(submit.status).toBe(422);
    expect(submit.headers.get("Set-Cookie")).toBeNull();
    expect((await journey(harbour, "?car_id=car-1", cookie)).verifiedPhone).toBe("0412345107");
  });

  it("answers the lead call with the stored lead for the dealer's own analytics tags (kind, car, price; none of the shopper's details), and with none where the dealer has no tags", async () => {
    const mobile = "0412 345 106";
    const signIn = async (dealer: TenantConfig) => {
      await act(post(dealer, STEP2, { intent: "send", ...details(mobile) }));
      const verified = await act(post(dealer, STEP2, { intent: "verify", code: lastCode("+61412345106"), ...details(mobile) }));
      return verified.headers.get("Set-Cookie")!.split(";")[0]!;
    };
    const filed = (await act(post(tagged, STEP2, { intent: "lead", ...details(mobile) }, await signIn(tagged)))).data as JourneyAnswer;
    expect(filed).toMatchObject({
      status: "leadStored",
      dealerLead: { category: "Finance Enquiry", subcategory: "Finance Enquiry", car: { id: "car-1", price: 54990 } },
    });
    // Its random references aside (which could hold any run of hex digits), nothing the shopper typed.
    const reported = filed.status === "leadStored" ? { ...filed.dealerLead, id: "" } : null;
    expect(JSON.stringify(reported)).not.toMatch(/Jess|Nguyen|example\.com|0412|412345106|2000/);

    const untagged = (await act(post(ridge, STEP2, { intent: "lead", ...details(mobile) }, await signIn(ridge)))).data as JourneyAnswer;
    expect(untagged).toMatchObject({ status: "leadStored", dealerLead: null });
  });

  it("says the broker's failure in the spec's words, keeping the shopper signed in for another try", async () => {
    platform.financeBroker = {
      quote: broker.quote.bind(broker),
      createCustomer: async () => {
        throw new FinanceBrokerError("refused");
      },
    };
    const mobile = "0412 345 105";
    await act(post(harbour, STEP2, { intent: "send", ...details(mobile) }));
    const failed = await act(
      post(harbour, STEP2, { intent: "submit", code_sent: "1", code: lastCode("+61412345105"), ...details(mobile) }),
    );
    expect(failed.status).toBe(502);
    expect(failed.data).toMatchObject({
      status: "refused",
      errors: { form: "Failed to create customer with YouX" },
      verified: true,
    });
    expect(failed.headers.get("Set-Cookie")).toMatch(/dealer_session=/);
  });

  it("answers nonsense with a refusal, never a 500", async () => {
    const bodies: Request[] = [
      post(harbour, STEP2, { intent: "explode" }),
      post(harbour, STEP2, { intent: "send", phone: "x".repeat(5000) }),
      post(harbour, "?car_id=%00&price=-1&loanTerm=NaN", { intent: "submit", name: "<script>", email: "nope", phone: "1" }),
      post(harbour, STEP2, { intent: "send", ...details("0412 345 106"), company_website: "bot" }),
      new Request(`${origin(harbour)}/personalised/finance`, {
        method: "POST",
        body: "{",
        headers: { "Content-Type": "application/json" },
      }),
    ];
    for (const request of bodies) {
      const response = await act(request);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });
});
