/**
 * /finance's loader and action as Remix calls them, on an embedded database: every parameter of the
 * address (a car id with a second query glued on keeps the car), the STEP cards where the dealer has
 * them, the postcode required where the dealer asks for it (the field rule, then the bundled list),
 * and the helper's name in staff-assisted mode, all into the stored lead. Dealers are built here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "@server/db/database";
import { listLeads } from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../../../tests/support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import type { TenantConfig } from "@server/tenants/schema";
import { testPlatform, type TestPlatform } from "../../../tests/support/testPlatform";
import { contextFor } from "../../../tests/support/loadContext";
import { loaderResult } from "../../../tests/support/loaderResult";
import { testGroupTenant, testTenant } from "../../../tests/support/testTenant";
import { DEALERSHIP_REQUIRED, DEALERSHIP_SELECT_LABEL, type EnquiryFormRules } from "~/domain/enquiryRules";
import { testVehicle } from "../../../tests/support/testVehicle";
import { action, loader } from "./route";

const steps = testTenant("step-motors", { name: "Step Motors", features: { financeStepCards: true, captcha: false } });
const asks = testTenant("asking-motors", {
  name: "Asking Motors",
  features: { postcodeOnFinanceForm: true, staffAssisted: true, captcha: false },
});
/** A dealer group: its finance form asks 'Select a Preferred Dealership' (and the department, as configured). */
const group = testGroupTenant(
  "group-finance",
  [
    { id: "d1", slug: "group-toyota", name: "Group Toyota", locations: [{ id: "l1" }] },
    { id: "d2", slug: "group-mazda", name: "Group Mazda", locations: [{ id: "l2" }, { id: "l3", location_type: "service" }] },
  ],
  { name: "Group Finance", features: { enquirySelect: "department", captcha: false } },
);
const car = testVehicle({ id: "car-1", slug: "2022-toyota-hilux-sr5-car-1", price: 54990 });
const groupCar = testVehicle({ id: "car-2", slug: "2023-mazda-cx-5-car-2", price: 41990, dealership_slug: "group-mazda" });

let db: Database;
let platform: TestPlatform;

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  platform = await testPlatform({ db, tenants: [steps, asks, group], settings: { RATE_LIMITS: "off" } });
  for (const dealer of [steps, asks]) await upsertVehicles(db, dealer.slug, [car]);
  await upsertVehicles(db, group.slug, [groupCar]);
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

async function page(dealer: TenantConfig, query: string) {
  const request = new Request(`http://${dealer.slug}.localhost/finance${query}`);
  const { data } = await loaderResult(loader({ request, context: contextFor(platform, request), params: {} }));
  return data as {
    car: { id: string } | null;
    amount: number;
    stepCards: boolean;
    postcodeRequired: boolean;
    staffAssisted: boolean;
    rules: EnquiryFormRules;
    dealership: string | null;
  };
}

async function send(dealer: TenantConfig, query: string, fields: Record<string, string>) {
  const request = new Request(`http://${dealer.slug}.localhost/finance${query}`, {
    method: "POST",
    body: new URLSearchParams({
      intent: "finance",
      first_name: "Alex",
      email: "alex@example.com",
      phone: "0412 345 678",
      amount: "30000",
      term: "5",
      ...fields,
    }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${dealer.slug}.localhost` },
  });
  try {
    return (await action({ request, context: contextFor(platform, request), params: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("/finance", () => {
  it("keeps a car whose id has a second query glued on, and starts from its price", async () => {
    const data = await page(steps, `?car_id=${encodeURIComponent("car-1?utm_source=x")}`);
    expect(data.car?.id).toBe("car-1");
    expect(data.amount).toBe(54990);
    expect(data.stepCards).toBe(false);
  });

  it("reads vehiclePriceBudget or price, and shows the STEP cards without a car where the dealer has them", async () => {
    expect((await page(steps, "?vehiclePriceBudget=42000")).amount).toBe(42000);
    expect((await page(steps, "?price=%2418%2C500")).amount).toBe(18500);
    expect((await page(steps, "?price=lots")).amount).toBe(30000);
    expect((await page(steps, "")).stepCards).toBe(true);
    expect((await page(asks, "")).stepCards).toBe(false);
    expect(await page(asks, "")).toMatchObject({ postcodeRequired: true, staffAssisted: true });
  });

  it("asks for a real postcode where the dealer wants one", async () => {
    const missing = await send(asks, "", {});
    expect(await missing.json()).toMatchObject({ fieldErrors: { postcode: "Invalid postcode. Please enter a 4-digit number." } });
    const unknown = await send(asks, "", { postcode: "0000" });
    expect(await unknown.json()).toMatchObject({ fieldErrors: { postcode: "Invalid postcode" } });
  });

  it("files the lead with the car, the link's codes and the helper's name", async () => {
    const sent = await send(asks, `?car_id=${encodeURIComponent("car-1?foo")}&car_type=used&preferredDealership=asking-motors`, {
      postcode: "2000",
      whoIsHelping: "Sam",
    });
    expect(sent.status).toBe(302);
    const [lead] = await listLeads(db, asks.slug);
    expect(lead).toMatchObject({ category: "Finance Enquiry", car_id: "car-1", postcode: "2000" });
    expect(lead.message).toContain("Helped by: Sam");
    expect(lead.message).toContain("Preferred dealership: asking-motors");
    expect(lead.payload).toMatchObject({ whoIsHelping: "Sam", preferredDealership: "asking-motors", car_type: "used" });
  });

  it("takes no helper's name where the dealer is not staff-assisted", async () => {
    expect((await send(steps, "", { whoIsHelping: "Sam", postcode: "" })).status).toBe(302);
    const [lead] = await listLeads(db, steps.slug);
    expect(lead.message).not.toContain("Helped by");
  });

  it("follows the dealer's enquiry rules: one dealer asks no dealership and no Rego", async () => {
    const view = await page(steps, "");
    expect(view.rules).toMatchObject({ categories: false, dealership: null, location: null, rego: false });
    expect(view.dealership).toBeNull();
  });

  it("a group asks 'Select a Preferred Dealership' (starting at the link's, else the car's) and the department, both required", async () => {
    const plain = await page(group, "");
    expect(plain.rules.dealership).toMatchObject({ label: DEALERSHIP_SELECT_LABEL });
    expect(plain.rules.location).toMatchObject({ kind: "department" });
    expect(plain.dealership).toBeNull();
    expect((await page(group, `?car_id=${groupCar.id}`)).dealership).toBe("group-mazda");
    expect((await page(group, `?car_id=${groupCar.id}&preferredDealership=group-toyota`)).dealership).toBe("group-toyota");
    expect((await page(group, "?preferredDealership=not-ours")).dealership).toBeNull();

    const missing = await send(group, "", {});
    expect(missing.status).toBe(422);
    const refusal = (await missing.json()) as { fieldErrors: Record<string, string>; repopulateFields: Record<string, string> };
    expect(refusal.fieldErrors).toMatchObject({ preferred_dealership: DEALERSHIP_REQUIRED });
    expect(refusal.repopulateFields).toMatchObject({ first_name: "Alex", amount: "30000" });

    const sent = await send(group, `?car_id=${groupCar.id}`, { preferred_dealership: "group-mazda", department: "Sales" });
    expect(sent.status).toBe(302);
    const [lead] = await listLeads(db, group.slug);
    expect(lead.payload).toMatchObject({ dealership_slug: "group-mazda", preferredDealership: "group-mazda", department: "Sales" });
  });
});
