/**
 * The 'application received' page's loader as Remix calls it, on an embedded database with the
 * embedded broker: the shopper who applied sees their application with the car and figures; signed out
 * they are asked to sign in; another shopper, another dealer, an unknown or malformed reference: 404,
 * all alike. Private, never stored. Dealers are built here (never tenants/).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startSession } from "@server/auth/session";
import { upsertUser } from "@server/db/accounts";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../../../tests/support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import { EmbeddedFinanceBroker } from "@server/finance/embedded";
import type { FinanceCustomer } from "@server/finance/port";
import type { TenantConfig } from "@server/tenants/schema";
import { testPlatform, type TestPlatform } from "../../../tests/support/testPlatform";
import { contextFor } from "../../../tests/support/loadContext";
import { loaderResult } from "../../../tests/support/loaderResult";
import { testTenant } from "../../../tests/support/testTenant";
import { testVehicle } from "../../../tests/support/testVehicle";
import type { ApplicationView } from "./applicationView";
import { loader } from "./route";

const alpha = testTenant("alpha-motors", { name: "Alpha Motors" });
const beta = testTenant("beta-motors", { name: "Beta Motors" });
const APPLICANT = "+61412345678";
const SOMEONE_ELSE = "+61498765432";
const car = testVehicle({
  id: "car-1",
  slug: "2022-toyota-hilux-sr5-car-1",
  name: "2022 Toyota HiLux SR5",
  primary_image_url: "/hilux.jpg",
});

const customer: FinanceCustomer = {
  nvic: "0B6X22",
  vin: "MR0HA3CD100123456",
  selfAssessedCreditScore: "DECENT",
  purchasePrice: 54990,
  year: 2022,
  loanTerm: 5,
  phoneNumber: "0412345678",
  firstName: "Sam",
  lastName: "Lee",
  email: "sam@example.com",
  subscribe: false,
  postCode: "",
};

let db: Database;
let platform: TestPlatform;
let reference = "";
const cookies: Record<string, string> = {};

async function signIn(tenant: TenantConfig, phone: string) {
  const user = await upsertUser(db, tenant.slug, { phone });
  return (await startSession(platform, tenant, new Request(`http://${tenant.slug}.localhost/sign-in`), { userId: user.id })).split(";")[0]!;
}

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  platform = await testPlatform({ db, tenants: [alpha, beta] });
  await upsertVehicles(db, alpha.slug, [car]);
  const broker = new EmbeddedFinanceBroker({ db, now: () => new Date("2025-06-01T00:00:00Z") });
  ({ reference } = await broker.createCustomer(alpha, customer, { car_id: car.id }));
  cookies.applicant = await signIn(alpha, APPLICANT);
  cookies.someoneElse = await signIn(alpha, SOMEONE_ELSE);
  cookies.applicantElsewhere = await signIn(beta, APPLICANT);
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

async function load(path: string, cookie?: string, host = "alpha-motors.localhost") {
  const request = new Request(`http://${host}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const ref = decodeURIComponent(path.split("/").pop()!);
  try {
    return await loaderResult(loader({ request, context: contextFor(platform, request), params: { reference: ref } }));
  } catch (thrown) {
    if (thrown instanceof Response) return loaderResult(thrown);
    throw thrown;
  }
}

describe("the application received page", () => {
  it("shows the shopper who applied their reference, car, amount, term, credit and figures, privately", async () => {
    const response = await load(`/finance-application/${reference}`, cookies.applicant);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { application } = response.data as { application: ApplicationView };
    expect(application).toMatchObject({
      reference,
      firstName: "Sam",
      amount: "$54,990",
      term: "5 years",
      credit: "Decent",
      phone: "0412 345 678",
      car: { title: "2022 Toyota HiLux SR5", href: `/cars/${car.slug}`, image: "/hilux.jpg" },
      dealer: { name: "Alpha Motors" },
    });
    // A 2022 car in 2025 is 'used': DECENT 11.99% p.a., and the comparison rate with the fees.
    expect(application.quote).toMatchObject({ advertisedRate: "11.99% p.a.", comparisonRate: "13.09% p.a." });
    expect(application.quote!.weekly).toMatch(/^\$\d+\.\d{2}$/);
  });

  it("takes the reference in lower case too", async () => {
    expect((await load(`/finance-application/${reference.toLowerCase()}`, cookies.applicant)).status).toBe(200);
  });

  it("asks a signed-out shopper to sign in and come back, whatever the reference", async () => {
    for (const path of [`/finance-application/${reference}`, "/finance-application/FIN-2222-2222-2222"]) {
      const response = await load(path, undefined);
      expect(response.status).toBe(302);
      const signIn = new URL(response.headers.get("Location")!, "http://x");
      expect(signIn.pathname).toBe("/sign-in");
      expect(signIn.searchParams.get("type")).toBe("finance");
      expect(signIn.searchParams.get("redirect")).toBe(path);
    }
  });

  it("is a 404 for another shopper, on another dealer, and for unknown or malformed references", async () => {
    const cases: [string, string, string?][] = [
      [`/finance-application/${reference}`, cookies.someoneElse],
      [`/finance-application/${reference}`, cookies.applicantElsewhere, "beta-motors.localhost"],
      ["/finance-application/FIN-2222-2222-2222", cookies.applicant],
      ["/finance-application/not-a-reference", cookies.applicant],
      ["/finance-application/%3Cscript%3E", cookies.applicant],
    ];
    for (const [path, cookie, host] of cases) {
      const response = await load(path, cookie, host);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });
});
