/**
 * The ADF/XML writer: every document is checked against the published ADF 1.0 DTD by xmllint
 * (tests/fixtures/adf), and its values read back. One test per lead kind, with the payloads the real
 * forms store; tests/e2e/lead-files.spec.ts checks the files the real forms wrote on the demo dealers.
 */
import { describe, expect, it } from "vitest";
import { adfProblems } from "../../tests/leads/adfValidation";
import { child, childrenNamed, parseXml, type XmlElement } from "../../tests/leads/xml";
import { leadTenant, storedLead } from "../../tests/leads/support";
import { testVehicle } from "../../tests/support/testVehicle";
import type { StoredLead } from "../db/leads";
import { adfDate, buildAdf, xmlEscape } from "./adf";

const tenant = leadTenant();
const textOf = (e: XmlElement, name: string) => child(e, name).text;
const names = (e: XmlElement) => e.children.map((c) => c.name);

/** The prospect of a document that xmllint finds valid against the DTD. */
function prospectOf(xml: string) {
  expect(adfProblems(xml)).toEqual([]);
  const doc = parseXml(xml);
  return { doc, prospect: child(doc.root, "prospect") };
}

const vehicle = testVehicle({ price: 54990, offer_price: 0, car_type: "used", colour: "Glacier White", interior_colour: "Black" });
const lead = storedLead({
  payload: {
    dealership_slug: "alpha-north",
    opt_in: true,
    lead_attributes: {
      visited_pages: ["/search?make=Toyota", "/cars/2022-toyota-hilux-sr5-v1"],
      linked_query_params: { utm_source: "google" },
    },
  },
});
/** A lead without a car, as the contact page files one. */
const general = (overrides: Partial<StoredLead> = {}) =>
  storedLead({ category: "General Enquiry", subcategory: "General Enquiry", car_id: null, payload: { opt_in: false }, ...overrides });

describe("xmlEscape", () => {
  it("escapes the five XML specials and drops characters XML cannot carry", () => {
    expect(xmlEscape(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;");
    expect(xmlEscape("bell\u0007 nul\u0000 ok\ttab\nline \ufffe")).toBe("bell nul ok\ttab\nline ");
    expect(xmlEscape("lone \ud800 half")).toBe("lone  half");
    expect(xmlEscape(null)).toBe("");
    expect(xmlEscape(42)).toBe("42");
  });
});

describe("ADF/XML 1.0 lead", () => {
  it("the validator is real: it refuses what the DTD forbids (the ADF this site used to write)", () => {
    const old = buildAdf({ lead, vehicle, tenant }).replace(
      "</name>\n        <email>",
      "</name>\n        <email>sam@example.com</email>\n        <address>\n          <postalcode>2150</postalcode>\n        </address>\n        <email>",
    );
    expect(adfProblems(old).join("\n")).toMatch(/Element contact content does not follow the DTD/);
    expect(adfProblems(buildAdf({ lead, vehicle, tenant }).replace("<preference>1</preference>", "")).join("\n")).toMatch(
      /colorcombination content does not follow the DTD/,
    );
  });

  it("starts with the XML declaration and the adf processing instruction", () => {
    const xml = buildAdf({ lead, vehicle, tenant });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
    const { doc } = prospectOf(xml);
    expect(doc.instructions).toEqual([
      { target: "xml", body: 'version="1.0" encoding="UTF-8"' },
      { target: "adf", body: 'version="1.0"' },
    ]);
  });

  it("prospect: lead id with sequence and source, ISO 8601 request date", () => {
    const { prospect } = prospectOf(buildAdf({ lead, vehicle, tenant }));
    expect(prospect.attrs.status).toBe("new");
    const id = child(prospect, "id");
    expect(id.text).toBe(lead.id);
    expect(id.attrs).toEqual({ sequence: "1", source: "Alpha Motor Group website" });
    expect(textOf(prospect, "requestdate")).toBe("2026-11-20T01:02:03Z");
    expect(adfDate("2026-11-20T01:02:03.456Z")).toBe("2026-11-20T01:02:03Z");
  });

  it("vehicle: interest, status, the car's details, colours with their preference, photo and asking price", () => {
    const { prospect } = prospectOf(buildAdf({ lead, vehicle, tenant }));
    const [v] = childrenNamed(prospect, "vehicle");
    expect(v.attrs).toEqual({ interest: "buy", status: "used" });
    expect(names(v)).toEqual([
      "id",
      "year",
      "make",
      "model",
      "vin",
      "stock",
      "trim",
      "doors",
      "bodystyle",
      "transmission",
      "odometer",
      "colorcombination",
      "imagetag",
      "price",
      "comments",
    ]);
    expect([textOf(v, "year"), textOf(v, "make"), textOf(v, "model"), textOf(v, "vin"), textOf(v, "stock"), textOf(v, "trim")]).toEqual([
      "2022",
      "Toyota",
      "HiLux",
      "MR0HA3CD100123456",
      "T1001",
      "SR5 GUN126R",
    ]);
    expect(child(v, "odometer").attrs).toEqual({ status: "unknown", units: "km" });
    expect(textOf(v, "odometer")).toBe("42000");
    const colours = child(v, "colorcombination");
    expect(names(colours)).toEqual(["interiorcolor", "exteriorcolor", "preference"]);
    expect([textOf(colours, "interiorcolor"), textOf(colours, "exteriorcolor"), textOf(colours, "preference")]).toEqual([
      "Black",
      "Glacier White",
      "1",
    ]);
    expect(textOf(v, "imagetag")).toMatch(/^https:\/\/alpha\.example\.com\.au\/photos\?src=.+&w=1280$/);
    expect(child(v, "price").attrs).toEqual({ type: "asking", currency: "AUD" });
    expect(textOf(v, "price")).toBe("54990");
    expect(textOf(v, "comments")).toBe("On the website: https://alpha.example.com.au/cars/2022-toyota-hilux-sr5-v1");
  });

  it("a new car is status new without an odometer; a test drive is interest test-drive; a demonstrator is used and says so", () => {
    const drive = buildAdf({
      lead: storedLead({ category: "Test Drive", subcategory: "Test Drive" }),
      vehicle: testVehicle({ car_type: "new", km: 10 }),
      tenant,
    });
    const v = child(prospectOf(drive).prospect, "vehicle");
    expect(v.attrs).toEqual({ interest: "test-drive", status: "new" });
    expect(names(v)).not.toContain("odometer");
    const demo = child(prospectOf(buildAdf({ lead, vehicle: testVehicle({ car_type: "demo" }), tenant })).prospect, "vehicle");
    expect(demo.attrs.status).toBe("used");
    expect(textOf(demo, "comments")).toMatch(/^Demonstrator\n/);
  });

  it("customer: names, e-mail, mobile as a cellphone, no address without a street; the rest in comments", () => {
    const { prospect } = prospectOf(buildAdf({ lead, vehicle, tenant }));
    const customer = child(prospect, "customer");
    const contact = child(customer, "contact");
    expect(names(contact)).toEqual(["name", "name", "email", "phone"]);
    expect(childrenNamed(contact, "name").map((n) => [n.attrs.part, n.text])).toEqual([
      ["first", "Sam"],
      ["last", "Nguyen"],
    ]);
    expect(textOf(contact, "email")).toBe("sam@example.com");
    expect(child(contact, "phone").attrs.type).toBe("cellphone");
    expect(textOf(customer, "comments")).toBe(
      [
        "Lead kind: Used Vehicle Enquiry (Used Vehicle Enquiry / Vehicle Enquiry)",
        "Department: Sales at Alpha North Toyota",
        "Message:\nIs it still available?",
        "Postcode: 2150",
        "Marketing: the customer agreed to receive marketing",
        "Pages visited: /search?make=Toyota, /cars/2022-toyota-hilux-sr5-v1",
        "Link parameters: utm_source=google",
      ].join("\n"),
    );
  });

  it("a contact with only a landline, or only an e-mail, is valid; the landline is a voice phone", () => {
    const landline = prospectOf(buildAdf({ lead: storedLead({ email: "", phone: "0290001234" }), vehicle, tenant })).prospect;
    expect(names(child(child(landline, "customer"), "contact"))).toEqual(["name", "name", "phone"]);
    expect(child(child(child(landline, "customer"), "contact"), "phone").attrs.type).toBe("voice");
    const emailOnly = prospectOf(buildAdf({ lead: storedLead({ phone: "", name: "", last_name: "" }), vehicle, tenant })).prospect;
    expect(names(child(child(emailOnly, "customer"), "contact"))).toEqual(["name", "email"]);
  });

  it("vendor: the dealership the lead is routed to, with its desk's contact and address; provider: the website", () => {
    const { prospect } = prospectOf(buildAdf({ lead, vehicle, tenant }));
    const vendor = child(prospect, "vendor");
    expect(textOf(vendor, "vendorname")).toBe("Alpha North Toyota");
    expect(child(vendor, "id").text).toBe("d2");
    const contact = child(vendor, "contact");
    expect(textOf(contact, "name")).toBe("Alpha North Toyota, Sales");
    expect(textOf(contact, "email")).toBe("north@alpha.example.com.au");
    expect(textOf(contact, "phone")).toBe("02 9111 1111");
    expect(names(child(contact, "address"))).toEqual(["street", "city", "regioncode", "postalcode", "country"]);
    expect(textOf(child(contact, "address"), "city")).toBe("Hornsby");
    const provider = child(prospect, "provider");
    expect(textOf(provider, "name")).toBe("Alpha Motor Group website");
    expect(textOf(provider, "url")).toBe("https://alpha.example.com.au/cars/2022-toyota-hilux-sr5-v1");
  });

  it("a lead naming no dealership of a dealer group has the dealer as vendor", () => {
    const { prospect } = prospectOf(buildAdf({ lead: storedLead({ payload: { dealership_slug: "elsewhere" } }), vehicle: null, tenant }));
    expect(textOf(child(prospect, "vendor"), "vendorname")).toBe("Alpha Motor Group");
    expect(textOf(child(child(prospect, "vendor"), "contact"), "email")).toBe("sales@alpha.example.com.au");
  });

  it("escapes everything the shopper typed, so it cannot add or break elements", () => {
    const hostile = storedLead({
      name: '</name><name part="last">Injected',
      last_name: "O'Brien & Sons",
      email: "a&b@example.com",
      message: '<![CDATA[ x ]]> <?php ?> <!-- c --> & &amp; "quoted"',
      payload: { dealership_slug: "alpha-north" },
    });
    const { prospect } = prospectOf(buildAdf({ lead: hostile, vehicle: testVehicle({ make: "Toyota <GR>", badge: "A&B" }), tenant }));
    const contact = child(child(prospect, "customer"), "contact");
    expect(childrenNamed(contact, "name").map((n) => n.text)).toEqual(['</name><name part="last">Injected', "O'Brien & Sons"]);
    expect(textOf(contact, "email")).toBe("a&b@example.com");
    expect(textOf(child(prospect, "customer"), "comments")).toContain('<![CDATA[ x ]]> <?php ?> <!-- c --> & &amp; "quoted"');
    expect(textOf(child(prospect, "vehicle"), "make")).toBe("Toyota <GR>");
  });

  it("a car no longer in stock is described from what the form recorded, nothing invented", () => {
    const gone = storedLead({ payload: { "Vehicle Make": "Kia", "Vehicle Model": "Sportage", stock_number: "K9", car_type: "new" } });
    const v = child(prospectOf(buildAdf({ lead: gone, vehicle: null, tenant })).prospect, "vehicle");
    expect([textOf(v, "year"), textOf(v, "make"), textOf(v, "model"), textOf(v, "stock"), v.attrs.status]).toEqual([
      "",
      "Kia",
      "Sportage",
      "K9",
      "new",
    ]);
    expect(textOf(v, "comments")).toMatch(/left stock/);
  });

  it("a lead about no car carries one empty vehicle with the interest its form means, and says no car was chosen", () => {
    const plain = child(prospectOf(buildAdf({ lead: general(), vehicle: null, tenant })).prospect, "vehicle");
    expect(plain.attrs).toEqual({});
    expect([textOf(plain, "year"), textOf(plain, "make"), textOf(plain, "model")]).toEqual(["", "", ""]);
    expect(textOf(plain, "comments")).toBe("No car was chosen: General Enquiry.");
    const wantsNew = child(
      prospectOf(
        buildAdf({ lead: general({ category: "New Vehicle Enquiry", subcategory: "New Vehicle Enquiry" }), vehicle: null, tenant }),
      ).prospect,
      "vehicle",
    );
    expect(wantsNew.attrs).toEqual({ interest: "buy", status: "new" });
    const service = child(
      prospectOf(
        buildAdf({
          lead: general({ subcategory: "Service Booking", payload: { rego: "ABC123", department: "Service" } }),
          vehicle: null,
          tenant,
        }),
      ).prospect,
      "vehicle",
    );
    expect(textOf(service, "comments")).toBe("No car was chosen: Service Booking; the customer's own car has rego ABC123.");
  });

  it("a careers enquiry goes to the general desk and is named as one", () => {
    const { prospect } = prospectOf(buildAdf({ lead: general({ subcategory: "Career Enquiry" }), vehicle: null, tenant }));
    expect(textOf(child(prospect, "customer"), "comments")).toMatch(
      /^Lead kind: Careers Enquiry \(General Enquiry \/ Career Enquiry\)\nDepartment: General at Alpha Motor Group/,
    );
  });

  it("a finance enquiry carries the loan: method, amount to borrow and deposit", () => {
    const finance = storedLead({
      category: "Finance Enquiry",
      subcategory: "Finance Enquiry",
      payload: { dealership_slug: "alpha-north", amount: 40000, term: 5, deposit: "5000" },
    });
    const v = child(prospectOf(buildAdf({ lead: finance, vehicle, tenant })).prospect, "vehicle");
    const loan = child(v, "finance");
    expect(textOf(loan, "method")).toBe("finance");
    expect(childrenNamed(loan, "amount").map((a) => [a.attrs.type, a.attrs.limit, a.attrs.currency, a.text])).toEqual([
      ["total", "exact", "AUD", "40000"],
      ["downpayment", "exact", "AUD", "5000"],
    ]);
    // The finance journey's lead names the purchase price; without a car the vehicle still carries it.
    const journey = storedLead({
      category: "Finance Enquiry",
      subcategory: "Finance Enquiry",
      car_id: null,
      payload: { purchasePrice: 30000, tags: ["YouX"] },
    });
    const noCar = child(prospectOf(buildAdf({ lead: journey, vehicle: null, tenant })).prospect, "vehicle");
    expect(noCar.attrs).toEqual({ interest: "buy" });
    expect(textOf(child(noCar, "finance"), "amount")).toBe("30000");
    expect(textOf(child(prospectOf(buildAdf({ lead: journey, vehicle: null, tenant })).prospect, "customer"), "comments")).toMatch(
      /^Lead kind: Finance Enquiry \(Finance Enquiry\)\nDepartment: Finance at Alpha Motor Group/,
    );
  });

  it("a trade-in carries the shopper's car (rego, odometer, the valuation's offer as an appraisal) and the car they want", () => {
    const decided = storedLead({
      category: "Trade-In",
      subcategory: "3. Offer Accepted",
      payload: {
        dealership_slug: "alpha-north",
        valuation_id: "8f0c2a4e-1111-4222-8333-444455556666",
        rego: "ABC123",
        regoState: "NSW",
        vehicle: { year: 2017, make: "Mazda", model: "CX-5", badge: "Maxx Sport", km: 98000, colour: "Soul Red", source: "provider" },
        adjustmentAnswers: { km: 101000, accident: "none" },
        offer_price: 18500,
        offer_accepted: true,
        form_completed: true,
      },
    });
    const { prospect } = prospectOf(buildAdf({ lead: decided, vehicle, tenant }));
    const [wanted, tradeIn] = childrenNamed(prospect, "vehicle");
    expect(wanted.attrs.interest).toBe("buy");
    expect(tradeIn.attrs).toEqual({ interest: "trade-in", status: "used" });
    expect([
      textOf(tradeIn, "year"),
      textOf(tradeIn, "make"),
      textOf(tradeIn, "model"),
      textOf(tradeIn, "trim"),
      textOf(tradeIn, "odometer"),
    ]).toEqual(["2017", "Mazda", "CX-5", "Maxx Sport", "101000"]);
    expect(child(tradeIn, "price").attrs).toEqual({ type: "appraisal", currency: "AUD" });
    expect(textOf(tradeIn, "price")).toBe("18500");
    expect(textOf(tradeIn, "comments")).toBe(
      "Registration ABC123 (NSW)\nOnline valuation 8f0c2a4e-1111-4222-8333-444455556666\nOffer accepted",
    );
    expect(childrenNamed(prospect, "id").map((i) => [i.attrs.source, i.text])).toEqual([
      ["Alpha Motor Group website", decided.id],
      ["Trade-in valuation", "8f0c2a4e-1111-4222-8333-444455556666"],
    ]);
  });

  it("a valuation started on its own (no car wanted, rego not found yet) is one trade-in vehicle with nothing invented", () => {
    const started = storedLead({
      category: "Trade-In",
      subcategory: "1. Valuation Started",
      car_id: null,
      payload: { valuation_id: "v-9", rego: "XYZ789", regoState: "VIC" },
    });
    const { prospect } = prospectOf(buildAdf({ lead: started, vehicle: null, tenant }));
    const [only, ...rest] = childrenNamed(prospect, "vehicle");
    expect(rest).toEqual([]);
    expect(only.attrs).toEqual({ interest: "trade-in", status: "used" });
    expect([textOf(only, "year"), textOf(only, "make"), textOf(only, "model")]).toEqual(["", "", ""]);
    expect(textOf(only, "comments")).toBe("Registration XYZ789 (VIC)\nOnline valuation v-9");
  });

  it("a reservation names its deposit; an online order its payment method, trade-in and reference", () => {
    const reserve = storedLead({
      category: "Reserve",
      subcategory: "Reserve",
      payload: { dealership_slug: "alpha-north", reservation_id: "r-1", reservation_status: "paid", deposit_cents: 50000 },
    });
    const reserved = prospectOf(buildAdf({ lead: reserve, vehicle, tenant })).prospect;
    expect(textOf(child(reserved, "vehicle"), "pricecomments")).toBe("Reservation deposit $500 paid online");
    expect(childrenNamed(reserved, "id")[1].attrs.source).toBe("Reservation");

    const order = storedLead({
      category: "Online Purchase",
      subcategory: "Order",
      payload: {
        dealership_slug: "alpha-north",
        order_id: "o-1",
        order_reference: "ORD-ABCD-EFGH",
        order: { payment: { method: "finance" }, tradeIn: { has: "yes", valuation: null, car: "2015 Ford Focus", rego: "QWE123" } },
      },
    });
    const ordered = prospectOf(buildAdf({ lead: order, vehicle, tenant })).prospect;
    const [car, tradeIn] = childrenNamed(ordered, "vehicle");
    expect(textOf(child(car, "finance"), "method")).toBe("finance");
    expect(textOf(child(car, "finance"), "amount")).toBe("54990");
    expect(tradeIn.attrs.interest).toBe("trade-in");
    expect(textOf(tradeIn, "comments")).toBe("The customer's description: 2015 Ford Focus\nRegistration QWE123");
    expect(childrenNamed(ordered, "id").map((i) => i.attrs.source)).toEqual([
      "Alpha Motor Group website",
      "Online order reference",
      "Online order",
    ]);
  });

  it("an online payment, a spin-to-win prize and a phone reveal by a signed-in shopper are valid leads", () => {
    const payment = storedLead({
      category: "Online Payment",
      subcategory: "Reference INV-1 (payment abcd1234)",
      car_id: null,
      message: "Paid $250.00 online against reference INV-1.",
      payload: { reference: "INV-1", amount_cents: 25000, status: "paid" },
    });
    const paid = prospectOf(buildAdf({ lead: payment, vehicle: null, tenant })).prospect;
    expect(textOf(child(paid, "customer"), "comments")).toMatch(/^Lead kind: Online Payment .*\nDepartment: Finance at /);
    const spin = storedLead({ category: "Spin to Win", subcategory: "Summer", car_id: null, payload: { prize: "Free tint" } });
    prospectOf(buildAdf({ lead: spin, vehicle: null, tenant }));
    const reveal = storedLead({
      category: "Phone Reveal",
      subcategory: "Call Now",
      email: "",
      postcode: "",
      message: "",
      payload: { dealership_id: "d2" },
    });
    const revealed = prospectOf(buildAdf({ lead: reveal, vehicle, tenant })).prospect;
    expect(names(child(child(revealed, "customer"), "contact"))).toEqual(["name", "name", "phone"]);
    expect(textOf(child(revealed, "vendor"), "vendorname")).toBe("Alpha North Toyota");
  });
});
