/**
 * The content pages' route (app/routes/$page, and app/routes/pages.$page for the older addresses): the dealer's Markdown page at its address, cacheable,
 * a 404 for a page the dealer has not got, /pages/{page} moved to the page's own address, and the lead
 * forms of the Service and Parts & Accessories pages through the lead forms' pipeline.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { contentPageLoader } from "~/routes/$page/content.server";
import { loaderResult } from "../support/loaderResult";
import { testPlatform } from "../support/testPlatform";
import { testGroupTenant, testTenant } from "../support/testTenant";
import type { TenantConfig } from "@server/tenants/schema";
import { DEALERSHIP_REQUIRED, DEALERSHIP_SELECT_LABEL } from "~/domain/enquiryRules";
import { REGO_MESSAGE } from "~/components/forms/leadSchemas";
import { PAGE_CACHE } from "@server/http/cachePolicy";

const submitLead = vi.hoisted(() => vi.fn());
const trackEvent = vi.hoisted(() => vi.fn());
const spendAllowance = vi.hoisted(() => vi.fn());
vi.mock("@server/leads/submit", () => ({ submitLead }));
vi.mock("@server/analytics.server", () => ({ trackEvent }));
vi.mock("@server/limits/guard", async (original) => ({ ...(await original<object>()), spendAllowance }));

const { loader, action } = await import("~/routes/$page/route");
const { loader: olderAddressLoader } = await import("~/routes/pages.$page/route");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-route-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (folder: string, name: string, text: string) => {
  fs.mkdirSync(path.join(dir, folder, "pages"), { recursive: true });
  fs.writeFileSync(path.join(dir, folder, "pages", `${name}.md`), text);
};
write("_defaults", "about-us", "---\ntitle: About Us\ndescription: Who we are\n---\nWe sell cars.\n");
write("_defaults", "service", "---\ntitle: Book a Service\nform: service\n---\nBook here.\n");
write("_defaults", "vehicle-parts-and-accessories", "---\ntitle: Parts\nform: parts\n---\nParts.\n");
write(
  "group-motors",
  "about-us",
  "---\ntitle: About Us\n---\nHello.\n\n{{locations:service | Our service centres}}\n\n{{locations:nowhere | Gone}}\n\nBye.\n\n{{locations:l3}}\n",
);

const alpha = testTenant("alpha-motors");
/** A dealer group with a department select: its forms ask 'Select a Preferred Dealership' and the department, as /contact does. */
const group = testGroupTenant(
  "group-motors",
  [
    { id: "d1", slug: "group-toyota", name: "Group Toyota", locations: [{ id: "l1" }, { id: "l2", location_type: "service" }] },
    { id: "d2", slug: "group-mazda", name: "Group Mazda", locations: [{ id: "l3", location_type: "parts" }] },
  ],
  { features: { enquirySelect: "department" } },
);
const withBooking = testTenant("bravo-motors", { features: { serviceBookingUrl: "https://bookings.example.com/bravo" } });
// The captcha is judged with the lead forms (tests/integration/contactAction.test.ts); here it is off (CAPTCHA=off).
/** A used-only yard without a workshop: no Service or Parts pages (issue 26). */
const usedYard = testTenant("yard-motors", { search: { baseFilter: { carTypes: ["used"] } } });
const withFrame = testTenant("frame-motors", { features: { serviceBookingFrameUrl: "https://bookings.example.com/frame" } });
const platform = await testPlatform({
  tenants: [alpha, group, withBooking, usedYard, withFrame],
  settings: { TENANTS_DIR: dir, CAPTCHA: "off" },
});
afterAll(() => platform.close());

const context = (tenant: TenantConfig) => ({ platform, tenant, clientAddress: "203.0.113.5" });
/** The page's segment, as Remix gives it to the route that answers the address. */
const paramsOf = (url: string) => ({
  page: decodeURIComponent(new URL(url, "http://dealer.example").pathname.replace(/^\/(pages\/)?/, "")),
});
const get = (url: string, tenant = alpha) => {
  const args = { request: new Request(`http://${tenant.slug}.localhost${url}`), params: paramsOf(url), context: context(tenant) };
  if (url.startsWith("/pages/")) return olderAddressLoader(args);
  // Every address here is a content page's, which the route gives to the content page's loader.
  return loader(args) as ReturnType<typeof contentPageLoader>;
};
/** The page's data, status and headers (a 404 or a move is thrown, as the loader throws it). */
const open = (url: string, tenant = alpha) => loaderResult(get(url, tenant));
async function status(promise: Promise<unknown>) {
  try {
    return (await loaderResult(promise)).status;
  } catch (thrown) {
    return (thrown as Response).status;
  }
}
const post = (url: string, fields: Record<string, string>, tenant = alpha) =>
  action({
    request: new Request(`http://${tenant.slug}.localhost${url}`, { method: "POST", body: new URLSearchParams(fields) }),
    params: paramsOf(url),
    context: context(tenant),
  });

beforeEach(() => {
  submitLead.mockReset().mockResolvedValue({ duplicate: false, lead: { id: "lead-1" } });
  trackEvent.mockReset();
  spendAllowance.mockReset().mockResolvedValue({ allowed: true });
});

describe("a content page", () => {
  it("answers with the dealer's page, cacheable, with its canonical address", async () => {
    const response = await open("/about-us");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(PAGE_CACHE);
    const data = response.data;
    expect(data.page).toMatchObject({ name: "about-us", title: "About Us", description: "Who we are" });
    expect(data.sections).toEqual([{ kind: "text", html: "<p>We sell cars.</p>\n" }]);
    expect(data.canonical).toBe("http://alpha-motors.localhost/about-us");
    expect(data.form).toBeNull();
  });

  it("answers its address in any case, as the page under its own name", async () => {
    const response = await open("/About-Us");
    expect(response.status).toBe(200);
    expect(response.data.page.name).toBe("about-us");
    expect(response.data.canonical).toBe("http://alpha-motors.localhost/about-us");
  });

  it("is a 404 where the dealer has no such page", async () => {
    expect(await status(get("/twg-cars"))).toBe(404);
    expect(await status(get("/pages/..%2F..%2Fetc%2Fpasswd"))).toBe(404);
  });

  it("is a 404 for a workshop's pages where the dealer has no workshop, and takes no post there", async () => {
    expect(await status(get("/service", usedYard))).toBe(404);
    expect(await status(get("/vehicle-parts-and-accessories", usedYard))).toBe(404);
    expect(await status(get("/roadside-assistance", usedYard))).toBe(404);
    expect(await status(post("/service", { message: "x" }, usedYard))).toBe(404);
    expect(await status(get("/about-us", usedYard))).toBe(200);
  });

  it("frames the dealer's online service booking page on /service, and keeps the booking enquiry under it", async () => {
    const data = (await open("/service", withFrame)).data;
    expect(data.bookingFrameUrl).toBe("https://bookings.example.com/frame");
    expect(data.form?.kind).toBe("service");
    expect((await open("/service")).data.bookingFrameUrl).toBeNull();
  });

  it("moves /pages/{page} to the page's own address", async () => {
    const thrown = await get("/pages/about-us").then(
      () => Promise.reject(new Error("the page was not moved")),
      (r: Response) => r,
    );
    expect(thrown.status).toBe(301);
    expect(thrown.headers.get("Location")).toBe("/about-us");
  });

  it("shows the service form, or the manufacturer's booking page where the dealer has one", async () => {
    const own = (await open("/service")).data;
    expect(own.form).toMatchObject({ kind: "service", formTitle: "Book a Service" });
    expect(own.bookingUrl).toBeNull();
    const booked = (await open("/service", withBooking)).data;
    expect(booked.form).toBeNull();
    expect(booked.bookingUrl).toBe("https://bookings.example.com/bravo");
  });
});

describe("the Service and Parts & Accessories forms", () => {
  const good = {
    intent: "enquiry",
    first_name: "Sam",
    email: "sam@example.com",
    phone: "0412 345 678",
    message: "Logbook service please",
    rego: "abc123",
    opt_in: "on",
  };

  it("files a general enquiry with the page's subcategory and goes to /success", async () => {
    const response = (await post("/service", good)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/success(\?|$)/);
    const [, tenant, lead] = submitLead.mock.calls[0];
    expect(tenant.slug).toBe("alpha-motors");
    expect(lead).toMatchObject({
      category: "General Enquiry",
      subcategory: "Service Booking",
      name: "Sam",
      email: "sam@example.com",
      phone: "0412345678",
      message: "Rego: ABC123\nLogbook service please",
      source_path: "/service",
      payload: { opt_in: true, rego: "ABC123", subcategory: "Service Booking" },
    });
    expect(trackEvent.mock.calls[0][2]).toBe(22);
  });

  it("files a parts enquiry from the parts page", async () => {
    await post("/vehicle-parts-and-accessories", { ...good, rego: "" });
    expect(submitLead.mock.calls[0][2]).toMatchObject({ subcategory: "Parts Enquiry", message: "Logbook service please" });
  });

  it("answers the form again with its messages and what was typed when something is wrong", async () => {
    const response = (await post("/service", { ...good, message: "", rego: "<script>" })) as Response;
    expect(response.status).toBe(422);
    const body = await response.json();
    // The Rego as every enquiry form's (the dealer's enquiry rules), with its one message.
    expect(body.fieldErrors).toMatchObject({ message: "Please enter your comments.", rego: REGO_MESSAGE });
    expect(body.repopulateFields).toMatchObject({ first_name: "Sam" });
    expect(submitLead).not.toHaveBeenCalled();
  });

  it("takes no post on a page without a form, nor on the service page of a dealer booking elsewhere", async () => {
    expect(await status(post("/about-us", good))).toBe(405);
    expect(await status(post("/service", good, withBooking))).toBe(405);
    expect(submitLead).not.toHaveBeenCalled();
  });
});

describe("the dealer's enquiry rules on the Service and Parts forms", () => {
  const good = {
    intent: "enquiry",
    first_name: "Sam",
    email: "sam@example.com",
    phone: "0412 345 678",
    message: "Logbook service please",
    rego: "abc123",
    opt_in: "on",
  };
  it("a single dealer's form has the optional Rego and no selects", async () => {
    const own = (await open("/service")).data.form!;
    expect(own.rules).toMatchObject({ categories: false, dealership: null, location: null, rego: true });
    expect(own.defaults).toEqual({});
  });

  it("a group's asks 'Select a Preferred Dealership' and the department (starting at the page's own), required", async () => {
    const service = (await open("/service", group)).data.form!;
    expect(service.rules.dealership).toMatchObject({ label: DEALERSHIP_SELECT_LABEL });
    expect(service.rules.dealership!.options.map((o: { value: string }) => o.value)).toEqual(["group-toyota", "group-mazda"]);
    expect(service.rules.location).toMatchObject({ kind: "department" });
    expect(service.defaults).toEqual({ department: "Service" });
    expect((await open("/vehicle-parts-and-accessories", group)).data.form!.defaults).toEqual({ department: "Parts" });

    const missing = (await post("/service", { ...good }, group)) as Response;
    expect(missing.status).toBe(422);
    const body = await missing.json();
    expect(body.fieldErrors).toMatchObject({ preferred_dealership: DEALERSHIP_REQUIRED });
    expect(body.repopulateFields).toMatchObject({ first_name: "Sam", rego: "abc123" });
    expect(submitLead).not.toHaveBeenCalled();

    await post(
      "/service",
      { ...good, preferred_dealership: "group-mazda", department: "Service", "Wheel alignment(check_option)": "on" },
      group,
    );
    expect(submitLead.mock.calls[0][2]).toMatchObject({
      subcategory: "Service Booking",
      payload: {
        dealership_slug: "group-mazda",
        preferredDealership: "group-mazda",
        department: "Service",
        rego: "ABC123",
        additional_services: ["Wheel alignment"],
      },
    });
  });
});

describe("location blocks on a content page", () => {
  it("become the dealer's location cards in page order, under their heading; a block no location answers is left out", async () => {
    const data = (await open("/about-us", group)).data;
    type Section = { kind: string; heading?: string | null; cards?: { id: string; department: string; detailHref: string }[] };
    const sections = data.sections as Section[];
    expect(sections.map((s) => (s.kind === "text" ? "text" : s.heading))).toEqual(["text", "Our service centres", "text", null]);
    expect(sections[1]!.cards!.map((c) => c.id)).toEqual(["l2"]);
    expect(sections[1]!.cards![0]).toMatchObject({ department: "Service", detailHref: expect.stringMatching(/^\/locations\//) });
    expect(sections[3]!.cards!.map((c) => c.id)).toEqual(["l3"]);
  });
});
