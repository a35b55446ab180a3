/**
 * The demo dealers shipped in tenants/: every tenant.json there validates against the schema, each
 * demo site shows the variant it is there to show, and each sends every lead kind to its desk. The only unit test that reads tenants/; every
 * other test builds its own dealers (tests/support/testTenant.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contrastRatio, readableOn, TEXT_CONTRAST, themeContrastFailures } from "~/domain/colourContrast";
import { loadTenantsFromDir, parseTenantConfig } from "@server/tenants/registry";
import { themeSchema, type TenantConfig } from "@server/tenants/schema";
import type { Vehicle } from "~/domain/vehicle";
import type { LeadInput, StoredLead } from "@server/db/leads";
import { buildAdf } from "@server/leads/adf";
import { enquiryLeadFor, leadFor } from "@server/leads/formLeads";
import { normaliseLeadInput } from "@server/leads/normalise";
import { routeLead } from "@server/leads/routing";
import { testVehicle } from "./support/testVehicle";

const TENANTS = path.resolve("tenants");
const demoTenants = () => loadTenantsFromDir(TENANTS);

describe("every shipped tenants/*/tenant.json", () => {
  // Folders named with a leading '_' hold what every dealer shares (tenants/_defaults/pages), not a dealer.
  const folders = fs.readdirSync(TENANTS, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !entry.name.startsWith("_"));

  it("is there for each dealer folder", () => {
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) expect(fs.existsSync(path.join(TENANTS, folder.name, "tenant.json")), folder.name).toBe(true);
  });

  it.each(folders.map((folder) => folder.name))("%s/tenant.json validates against the schema", (slug) => {
    const file = path.join(TENANTS, slug, "tenant.json");
    expect(parseTenantConfig(JSON.parse(fs.readFileSync(file, "utf8")), file).slug).toBe(slug);
  });
});

describe("demo tenants", () => {
  it("all three load and validate", () => {
    expect(demoTenants().map((t) => t.slug)).toEqual(["coastal-gwm", "summit-auto-group", "westside-used"]);
  });

  it("each has its own look", () => {
    const brands = demoTenants().map((t) => t.theme.brand);
    expect(new Set(brands).size).toBe(3);
  });

  it("the group has at least 8 locations of sales, service and parts and the stats banner", () => {
    const group = demoTenants().find((t) => t.slug === "summit-auto-group")!;
    expect(group.locations.length).toBeGreaterThanOrEqual(8);
    expect(new Set(group.locations.map((l) => l.location_type))).toEqual(new Set(["sales", "service", "parts"]));
    expect(group.statsBanner.items.map((i) => i.value)).toEqual(["50+", "40+", "30+"]);
    expect(new Set(group.brands.map((b) => b.kind))).toEqual(new Set(["car", "truck", "motorcycle", "caravan", "group"]));
  });

  it("variants are flags: used-car paths, spinner default, gating", () => {
    const [coastal, summit, westside] = demoTenants();
    expect(westside.paths.searchPrefix).toBe("/used-car");
    expect(coastal.gallery.defaultView).toBe("spinner");
    expect(westside.gallery.defaultView).toBe("gallery");
    expect(coastal.gating.enabled).toBe(true);
    expect(summit.finance.calculator.groupStyle).toBe(true);
  });

  it("Westside shows the dealer's own analytics tags (GTM, GA4, Meta Pixel); the benchmarked sites store their events only", () => {
    const [coastal, summit, westside] = demoTenants();
    expect(Object.keys(westside.analytics).sort()).toEqual(["ga4MeasurementId", "gtmContainerId", "metaPixelId"]);
    expect(coastal.analytics).toEqual({});
    expect(summit.analytics).toEqual({});
  });
});

describe("every demo dealer's theme, and the schema's default, reads at WCAG AA", () => {
  const themes = [...demoTenants().map((t) => [t.slug, t.theme] as const), ["the schema's default", themeSchema.parse({})] as const];

  it.each(themes)("%s: every text/background pair at 4.5:1, field borders and focus rings at 3:1", (_name, theme) => {
    expect(themeContrastFailures(theme).map((f) => f.message)).toEqual([]);
  });

  it.each(demoTenants().map((t) => [t.slug, t] as const))("%s: promo tiles' text reads on their colours", (_slug, tenant) => {
    for (const card of tenant.search.promoCards.filter((c) => c.background && !c.image)) {
      const text = readableOn(card.background!, [tenant.theme.brandContrast, tenant.theme.text]);
      expect(contrastRatio(text, card.background!), card.id).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it("each keeps its brand colour", () => {
    expect(demoTenants().map((t) => t.theme.brand)).toEqual(["#b3121e", "#0b3d91", "#0f766e"]);
  });
});

describe("each demo dealer's leads reach the right desk (docs/leads.md, Routing)", () => {
  const [coastal, summit, westside] = demoTenants();
  const toyotaCar = testVehicle({ dealership_slug: "summit-toyota", dealership_id: "sag-toy", location_id: "sag-l3" });
  const usedCar = testVehicle({ dealership_slug: "summit-used", dealership_id: "sag-used", location_id: "sag-l10" });
  const mazdaCar = testVehicle({ dealership_slug: "summit-mazda", dealership_id: "sag-maz", location_id: "sag-l5" });
  const values = {
    first_name: "Sam",
    last_name: "Nguyen",
    email: "sam@example.com",
    phone: "0412 345 678",
    postcode: "2150",
    message: "Hello",
    prefilled: "",
    opt_in: true,
  };
  const stored = (input: LeadInput): StoredLead => ({
    id: "0b7c1d2e-1111-4222-8333-444455556666",
    tenant: "demo",
    created_at: "2026-11-27T00:00:00.000Z",
    ...(normaliseLeadInput(input) as Required<LeadInput>),
    car_id: input.car_id ?? null,
  });
  const general = (subcategory: string, payload: Record<string, unknown> = {}): LeadInput => ({
    category: "General Enquiry",
    subcategory,
    email: "sam@example.com",
    payload,
  });
  /** Where a lead goes: its kind, the desk's people and CRM, and the ADF's <vendor> (name, contact name, phone). */
  const destination = (tenant: TenantConfig, input: LeadInput, car: Vehicle | null) => {
    const lead = stored(input);
    const route = routeLead(tenant, lead, car);
    const adf = buildAdf({ lead, vehicle: car, tenant, route });
    const vendor = adf.slice(adf.indexOf("<vendor>"), adf.indexOf("</vendor>"));
    const tag = (name: string) => new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(vendor)?.[1];
    return {
      kind: route.kind,
      staff: route.recipients.staff,
      crm: route.recipients.crm,
      vendor: [tag("vendorname"), tag("name"), tag("phone")],
    };
  };
  const GROUP_CRM = ["summit-group@leads.dealercrm.example.com.au"];

  it("Summit (a dealer group): each kind to its dealership's department, one group CRM, the used-car yard's own CRM", () => {
    expect(destination(summit, leadFor("enquiry", toyotaCar, values, "/cars/x"), toyotaCar)).toEqual({
      kind: "vehicle-enquiry",
      staff: ["sales@summittoyota.example.com.au"],
      crm: GROUP_CRM,
      vendor: ["Summit Toyota Penrith", "Summit Toyota Penrith, Sales", "02 4721 3300"],
    });
    expect(destination(summit, leadFor("similar", usedCar, values, "/cars/x"), usedCar)).toEqual({
      kind: "similar",
      staff: ["sales@summitused.example.com.au"],
      crm: ["summit-used@leads.dealercrm.example.com.au"],
      vendor: ["Summit Used Cars Castle Hill", "Summit Used Cars Castle Hill, Sales", "02 9899 4400"],
    });
    // No desk of its own: the group's reception.
    expect(destination(summit, enquiryLeadFor("test-drive", summit, mazdaCar, values, "/book-test-drive"), mazdaCar).staff).toEqual([
      "reception@summitautogroup.example.com.au",
    ]);
    expect(destination(summit, general("Service Booking", { preferredDealership: "summit-hyundai" }), null)).toEqual({
      kind: "service",
      staff: ["service@summithyundai.example.com.au"],
      crm: GROUP_CRM,
      vendor: ["Summit Hyundai Parramatta", "Summit Hyundai Service Parramatta, Service", "02 9630 1122"],
    });
    expect(destination(summit, general("Service Booking", { preferredDealership: "summit-trucks" }), null).staff).toEqual([
      "workshop@summittrucks.example.com.au",
    ]);
    expect(destination(summit, general("Parts Enquiry", { preferredDealership: "summit-toyota" }), null)).toEqual({
      kind: "parts",
      staff: ["parts@summittoyota.example.com.au"],
      crm: GROUP_CRM,
      vendor: ["Summit Toyota Penrith", "Summit Toyota Parts Penrith, Parts", "02 4721 3344"],
    });
    expect(destination(summit, enquiryLeadFor("finance", summit, toyotaCar, values, "/finance"), toyotaCar)).toMatchObject({
      kind: "finance",
      staff: ["finance@summitautogroup.example.com.au"],
      vendor: ["Summit Toyota Penrith", "Summit Toyota Penrith, Finance", "02 4721 3300"],
    });
    expect(destination(summit, general("Career Enquiry"), null)).toEqual({
      kind: "careers",
      staff: ["reception@summitautogroup.example.com.au"],
      crm: GROUP_CRM,
      vendor: ["Summit Auto Group", "Summit Auto Group", "1300 786 648"],
    });
    const tradeIn = {
      category: "Trade-In",
      subcategory: "1. Valuation Started",
      car_id: toyotaCar.id,
      email: "sam@example.com",
      payload: { dealership_slug: "summit-toyota", valuation_id: "v1", rego: "ABC123" },
    };
    expect(destination(summit, tradeIn, toyotaCar).staff).toEqual(["sales@summittoyota.example.com.au"]);
    const testDriveAt = { ...enquiryLeadFor("test-drive", summit, null, values, "/book-test-drive") };
    testDriveAt.payload = { ...testDriveAt.payload, location_id: "sag-l1", location_slug: "summit-hyundai-parramatta" };
    expect(destination(summit, testDriveAt, null).staff).toEqual(["sales@summithyundai.example.com.au"]);
  });

  it("Coastal: sales, the service centre and finance each have their people; Westside: one desk for everything", () => {
    const coastalCar = testVehicle({ dealership_slug: "coastal-gwm", dealership_id: "cg-1", location_id: "cg-sales" });
    const crm = ["coastal-gwm@leads.dealercrm.example.com.au"];
    expect(destination(coastal, leadFor("request-photos", coastalCar, values, "/cars/x"), coastalCar)).toMatchObject({
      staff: ["sales@coastalgwm.example.com.au"],
      crm,
    });
    expect(destination(coastal, general("Service Booking"), null)).toEqual({
      kind: "service",
      staff: ["service@coastalgwm.example.com.au"],
      crm,
      vendor: ["Coastal GWM Haval Southport", "Coastal GWM Haval Service, Service", "07 5591 4422"],
    });
    expect(
      destination(coastal, { ...general("General Enquiry"), category: "Finance Enquiry", subcategory: "Finance Enquiry" }, null).staff,
    ).toEqual(["finance@coastalgwm.example.com.au"]);
    for (const input of [general("Service Booking"), general("Career Enquiry"), leadFor("enquiry", testVehicle(), values, "/cars/x")]) {
      expect(destination(westside, input, null)).toMatchObject({
        staff: ["hello@westsideused.example.com.au"],
        crm: ["westside-used@leads.dealercrm.example.com.au"],
      });
    }
  });
});
