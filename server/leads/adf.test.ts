import { describe, expect, it } from "vitest";
import { adfProblems, child, childrenNamed, parseXml, type XmlElement } from "../../tests/leads/xml";
import { leadTenant, storedLead } from "../../tests/leads/support";
import { testVehicle } from "../../tests/support/testVehicle";
import { adfDate, buildAdf, xmlEscape } from "./adf";

const tenant = leadTenant();
const textOf = (e: XmlElement, name: string) => child(e, name).text;

function prospectOf(xml: string) {
  const doc = parseXml(xml);
  expect(adfProblems(doc.root)).toEqual([]);
  return { doc, prospect: child(doc.root, "prospect") };
}

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
  const vehicle = testVehicle({ price: 54990, offer_price: 0, car_type: "used", colour: "Glacier White", interior_colour: "Black" });
  const lead = storedLead();

  it("starts with the XML declaration and the adf processing instruction", () => {
    const xml = buildAdf({ lead, vehicle, tenant });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
    const { doc } = prospectOf(xml);
    expect(doc.instructions).toEqual([
      { target: "xml", body: 'version="1.0" encoding="UTF-8"' },
      { target: "adf", body: 'version="1.0"' },
    ]);
    expect(doc.root.name).toBe("adf");
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

  it("vehicle: interest and status, year, make, model, vin, stock, trim, odometer, colours, asking price", () => {
    const { prospect } = prospectOf(buildAdf({ lead, vehicle, tenant }));
    const [v] = childrenNamed(prospect, "vehicle");
    expect(v.attrs).toEqual({ interest: "buy", status: "used" });
    expect(textOf(v, "year")).toBe("2022");
    expect(textOf(v, "make")).toBe("Toyota");
    expect(textOf(v, "model")).toBe("HiLux");
    expect(textOf(v, "vin")).toBe("MR0HA3CD100123456");
    expect(textOf(v, "stock")).toBe("T1001");
    expect(textOf(v, "trim")).toBe("SR5 GUN126R");
    expect(child(v, "odometer").attrs).toEqual({ status: "unknown", units: "km" });
    expect(textOf(v, "odometer")).toBe("42000");
    const colours = child(v, "colorcombination");
    expect(textOf(colours, "exteriorcolor")).toBe("Glacier White");
    expect(textOf(colours, "interiorcolor")).toBe("Black");
    const price = child(v, "price");
    expect(price.attrs).toEqual({ type: "asking", currency: "AUD" });
    expect(price.text).toBe("54990");
  });

  it("a new car is status new, a test drive is interest test-drive", () => {
    const { prospect } = prospectOf(
      buildAdf({
        lead: storedLead({ category: "Test Drive", subcategory: "Test Drive" }),
        vehicle: testVehicle({ car_type: "new" }),
        tenant,
      }),
    );
    expect(child(prospect, "vehicle").attrs).toEqual({ interest: "test-drive", status: "new" });
  });

  it("customer: first and last name, e-mail, phone, postcode, and the message with the form as comments", () => {
    const { prospect } = prospectOf(buildAdf({ lead, vehicle, tenant }));
    const customer = child(prospect, "customer");
    const contact = child(customer, "contact");
    expect(childrenNamed(contact, "name").map((n) => [n.attrs.part, n.text])).toEqual([
      ["first", "Sam"],
      ["last", "Nguyen"],
    ]);
    expect(textOf(contact, "email")).toBe("sam@example.com");
    expect(textOf(contact, "phone")).toBe("0412345678");
    expect(textOf(child(contact, "address"), "postalcode")).toBe("2150");
    expect(textOf(customer, "comments")).toBe(
      "Used Vehicle Enquiry: Vehicle Enquiry\n\nIs it still available?\n\nThe customer agreed to receive marketing.",
    );
  });

  it("vendor: the dealership the lead names, with its location's contact; provider: the website", () => {
    const { prospect } = prospectOf(buildAdf({ lead, vehicle, tenant }));
    const vendor = child(prospect, "vendor");
    expect(textOf(vendor, "vendorname")).toBe("Alpha North Toyota");
    const contact = child(vendor, "contact");
    expect(textOf(contact, "email")).toBe("north@alpha.example.com.au");
    expect(textOf(contact, "phone")).toBe("02 9111 1111");
    expect(textOf(child(contact, "address"), "city")).toBe("Hornsby");
    const provider = child(prospect, "provider");
    expect(textOf(provider, "name")).toBe("Alpha Motor Group website");
    expect(textOf(provider, "url")).toBe("https://alpha.example.com.au/cars/2022-toyota-hilux-sr5-v1");
  });

  it("a lead naming no dealership of this dealer has the dealer as vendor", () => {
    const { prospect } = prospectOf(buildAdf({ lead: storedLead({ payload: { dealership_slug: "elsewhere" } }), vehicle, tenant }));
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

  it("a trade-in lead carries the shopper's car as a trade-in vehicle", () => {
    const tradeIn = storedLead({
      category: "Trade-In",
      subcategory: "Trade-In",
      car_id: null,
      payload: { rego: "ABC123", state: "NSW", make: "Mazda", model: "CX-5", year: 2017, km: 98000 },
    });
    const { prospect } = prospectOf(buildAdf({ lead: tradeIn, vehicle: null, tenant }));
    const [v] = childrenNamed(prospect, "vehicle");
    expect(v.attrs).toEqual({ interest: "trade-in", status: "used" });
    expect([textOf(v, "year"), textOf(v, "make"), textOf(v, "model"), textOf(v, "odometer")]).toEqual(["2017", "Mazda", "CX-5", "98000"]);
    expect(textOf(v, "comments")).toBe("Registration ABC123 (NSW)");
  });

  it("a car no longer in stock is described from what the form recorded; a general enquiry still has a vehicle", () => {
    const gone = storedLead({ payload: { "Vehicle Make": "Kia", "Vehicle Model": "Sportage", stock_number: "K9", car_type: "new" } });
    const { prospect } = prospectOf(buildAdf({ lead: gone, vehicle: null, tenant }));
    const v = child(prospect, "vehicle");
    expect([textOf(v, "make"), textOf(v, "model"), textOf(v, "stock"), v.attrs.status]).toEqual(["Kia", "Sportage", "K9", "new"]);

    const general = storedLead({ category: "Finance Enquiry", subcategory: "Finance Enquiry", car_id: null, payload: {} });
    const { prospect: p2 } = prospectOf(buildAdf({ lead: general, vehicle: null, tenant }));
    expect(childrenNamed(p2, "vehicle")).toHaveLength(1);
    expect(textOf(child(p2, "customer"), "comments")).toBe("Finance Enquiry\n\nIs it still available?");
  });

  it("a phone reveal with no contact details is still a well-formed ADF lead", () => {
    const reveal = storedLead({
      category: "Phone Reveal",
      subcategory: "Call Now",
      name: "",
      last_name: "",
      email: "",
      phone: "",
      postcode: "",
      message: "",
      payload: { dealership_id: "d2" },
    });
    const { prospect } = prospectOf(buildAdf({ lead: reveal, vehicle, tenant }));
    const contact = child(child(prospect, "customer"), "contact");
    expect(contact.children.map((c) => c.name)).toEqual(["name"]);
    expect(textOf(child(prospect, "vendor"), "vendorname")).toBe("Alpha North Toyota");
  });
});
