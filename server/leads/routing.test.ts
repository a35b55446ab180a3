/**
 * Which desk each lead kind reaches (docs/leads.md, "Routing"): kind -> department, the dealership
 * chosen or the car's, the department's location, and each e-mail format's recipients from the most
 * specific desk that names any.
 */
import { describe, expect, it } from "vitest";
import { testGroupTenant } from "../../tests/support/testTenant";
import { testVehicle } from "../../tests/support/testVehicle";
import { leadKind } from "./kinds";
import { routeLead } from "./routing";

/** Two dealerships: Toyota has a sales yard, a service centre and a parts counter; Mazda one sales yard. */
const group = (leadDelivery: Record<string, unknown> = {}) =>
  testGroupTenant(
    "metro",
    [
      {
        id: "d1",
        slug: "metro-toyota",
        name: "Metro Toyota",
        locations: [
          { id: "l1", slug: "metro-toyota-sales", contact_detail: { phone: "02 9000 0001", email: "toyota@metro.example.com" } },
          {
            id: "l2",
            slug: "metro-toyota-service",
            location_type: "service",
            contact_detail: { phone: "02 9000 0002", email: "service@metro.example.com" },
          },
          { id: "l3", slug: "metro-toyota-parts", location_type: "parts" },
        ],
      },
      { id: "d2", slug: "metro-mazda", name: "Metro Mazda", locations: [{ id: "l4", slug: "metro-mazda-sales" }] },
    ],
    { contact: { phone: "02 9000 0000", email: "hello@metro.example.com" }, leadDelivery },
  );

/** A dealer group as one would set it up: one CRM mailbox, people per department, a rooftop with its own CRM. */
const configured = group({
  email: {
    to: ["crm@metro.example.com", { address: "reception@metro.example.com", format: "staff" }],
    departments: { finance: [{ address: "finance@metro.example.com", format: "staff" }] },
    dealerships: {
      "metro-mazda": ["crm-mazda@metro.example.com", { address: "mazda-sales@metro.example.com", format: "staff" }],
      "metro-toyota": { sales: { address: "toyota-sales@metro.example.com", format: "staff" } },
    },
    locations: {
      "metro-toyota-service": { all: { address: "bookings@metro.example.com", format: "staff" } },
      "metro-toyota-parts": { parts: [{ address: "parts@metro.example.com", format: "staff" }] },
    },
  },
});

const lead = (category: string, subcategory: string, payload: Record<string, unknown> = {}) => ({ category, subcategory, payload });
const toyota = testVehicle({ dealership_slug: "metro-toyota", dealership_id: "d1", location_id: "l1" });
const mazda = testVehicle({ dealership_slug: "metro-mazda", dealership_id: "d2", location_id: "l4" });

describe("lead kinds", () => {
  it("each form's category and subcategory is a kind with its department", () => {
    const cases: Array<[string, string, string, string, string | null]> = [
      ["Used Vehicle Enquiry", "Vehicle Enquiry", "vehicle-enquiry", "Used Vehicle Enquiry", "sales"],
      ["New Vehicle Enquiry", "Find Me Something Similar", "similar", "Find Me Something Similar", "sales"],
      ["Demo Vehicle Enquiry", "Request Photos", "request-photos", "Request Photos", "sales"],
      ["General Enquiry", "General Enquiry", "general", "General Enquiry", null],
      ["General Enquiry", "Career Enquiry", "careers", "Careers Enquiry", null],
      ["General Enquiry", "Service Booking", "service", "Service Booking", "service"],
      ["General Enquiry", "Parts Enquiry", "parts", "Parts Enquiry", "parts"],
      ["Service Enquiry", "Service Enquiry", "service", "Service Enquiry", "service"],
      ["Parts Enquiry", "Parts Enquiry", "parts", "Parts Enquiry", "parts"],
      ["Finance Enquiry", "Finance Enquiry", "finance", "Finance Enquiry", "finance"],
      ["Test Drive", "Test Drive", "test-drive", "Test Drive", "sales"],
      ["Trade-In", "2. Condition Adjustments", "trade-in", "Trade-In", "sales"],
      ["Reserve", "Reserve", "reserve", "Reserve", "sales"],
      ["Online Purchase", "Order", "order", "Online Purchase", "sales"],
      ["Online Payment", "Reference X", "online-payment", "Online Payment", "finance"],
      ["Phone Reveal", "Call Now", "phone-reveal", "Phone Reveal", "sales"],
      ["Spin to Win", "Summer", "spin-to-win", "Spin to Win", "sales"],
      ["Saved Search", "", "saved-search", "Saved Search", "sales"],
      ["Something new", "", "general", "General Enquiry", null],
    ];
    for (const [category, subcategory, kind, label, department] of cases) {
      expect(leadKind(lead(category, subcategory)), `${category} / ${subcategory}`).toEqual({ kind, label, department });
    }
  });

  it("the shopper's choice in a department select decides the department", () => {
    expect(leadKind(lead("General Enquiry", "General Enquiry", { department: "Service" })).department).toBe("service");
    expect(leadKind(lead("General Enquiry", "General Enquiry", { department: "Parts" })).department).toBe("parts");
    expect(leadKind(lead("General Enquiry", "General Enquiry", { department: "Marketing" })).department).toBeNull();
  });
});

describe("lead routing", () => {
  it("a car enquiry goes to the car's dealership and yard: the sales desk's people and the dealer's CRM", () => {
    const route = routeLead(configured, lead("Used Vehicle Enquiry", "Vehicle Enquiry", { dealership_slug: "metro-toyota" }), toyota);
    expect([route.dealership?.slug, route.location?.slug, route.department]).toEqual(["metro-toyota", "metro-toyota-sales", "sales"]);
    expect(route.recipients).toEqual({ crm: ["crm@metro.example.com"], staff: ["toyota-sales@metro.example.com"] });
  });

  it("a dealership with its own CRM mailbox gets its leads there, not in the group's", () => {
    const route = routeLead(configured, lead("Test Drive", "Test Drive", { dealership_slug: "metro-mazda" }), mazda);
    expect(route.recipients).toEqual({ crm: ["crm-mazda@metro.example.com"], staff: ["mazda-sales@metro.example.com"] });
  });

  it("a service booking goes to the dealership's service centre; a parts enquiry to its parts counter", () => {
    const service = routeLead(configured, lead("General Enquiry", "Service Booking", { preferredDealership: "metro-toyota" }));
    expect([service.location?.slug, service.department]).toEqual(["metro-toyota-service", "service"]);
    expect(service.recipients).toEqual({ crm: ["crm@metro.example.com"], staff: ["bookings@metro.example.com"] });
    const parts = routeLead(configured, lead("General Enquiry", "Parts Enquiry", { preferredDealership: "metro-toyota" }));
    expect(parts.location?.slug).toBe("metro-toyota-parts");
    expect(parts.recipients).toEqual({ crm: ["crm@metro.example.com"], staff: ["parts@metro.example.com"] });
  });

  it("finance applications and payments go to the finance desk; a careers enquiry to the dealer's reception", () => {
    for (const [category, subcategory] of [
      ["Finance Enquiry", "Finance Enquiry"],
      ["Online Payment", "Reference X"],
    ]) {
      expect(routeLead(configured, lead(category, subcategory), null).recipients).toEqual({
        crm: ["crm@metro.example.com"],
        staff: ["finance@metro.example.com"],
      });
    }
    const careers = routeLead(configured, lead("General Enquiry", "Career Enquiry"));
    expect([careers.dealership, careers.location, careers.department]).toEqual([null, null, null]);
    expect(careers.recipients).toEqual({ crm: ["crm@metro.example.com"], staff: ["reception@metro.example.com"] });
  });

  it("a trade-in for a car goes to that car's sales desk; the shopper's department choice moves a general enquiry", () => {
    const tradeIn = routeLead(
      configured,
      lead("Trade-In", "1. Valuation Started", { dealership_slug: "metro-toyota", car_id: toyota.id }),
      toyota,
    );
    expect(tradeIn.recipients.staff).toEqual(["toyota-sales@metro.example.com"]);
    const chosen = routeLead(
      configured,
      lead("General Enquiry", "General Enquiry", { preferredDealership: "metro-toyota", department: "Service" }),
    );
    expect(chosen.location?.slug).toBe("metro-toyota-service");
    expect(chosen.recipients.staff).toEqual(["bookings@metro.example.com"]);
  });

  it("a location the lead names (a test drive's yard, a location select) is its desk", () => {
    const route = routeLead(configured, lead("Test Drive", "Test Drive", { location_slug: "metro-toyota-parts" }));
    expect([route.dealership?.slug, route.location?.slug]).toEqual(["metro-toyota", "metro-toyota-parts"]);
    // The parts counter's desk names only parts people: a sales lead there falls back to the dealership's sales desk.
    expect(route.recipients.staff).toEqual(["toyota-sales@metro.example.com"]);
  });

  it("with nothing configured, the staff e-mail goes to the desk's location e-mail, else the dealer's contact", () => {
    const plain = group();
    const service = routeLead(plain, lead("Service Enquiry", "Service Enquiry", { preferredDealership: "metro-toyota" }));
    expect(service.recipients).toEqual({ crm: [], staff: ["service@metro.example.com"] });
    expect(routeLead(plain, lead("Parts Enquiry", "Parts Enquiry", { preferredDealership: "metro-toyota" })).recipients.staff).toEqual([
      "hello@metro.example.com",
    ]);
    const noLocationMail = group({ email: { useLocationEmail: false } });
    expect(
      routeLead(noLocationMail, lead("Service Enquiry", "Service Enquiry", { preferredDealership: "metro-toyota" })).recipients.staff,
    ).toEqual(["hello@metro.example.com"]);
  });

  it("settings written before formats existed keep working: a bare address list is the CRM's", () => {
    const legacy = group({ email: { to: ["Leads@Metro.example.com"], dealerships: { "metro-mazda": "mazda@metro.example.com" } } });
    expect(routeLead(legacy, lead("Used Vehicle Enquiry", "Vehicle Enquiry"), toyota).recipients).toEqual({
      crm: ["leads@metro.example.com"],
      staff: [],
    });
    expect(routeLead(legacy, lead("Used Vehicle Enquiry", "Vehicle Enquiry"), mazda).recipients).toEqual({
      crm: ["mazda@metro.example.com"],
      staff: [],
    });
  });

  it("tenant.json naming a dealership or location the dealer does not have, or an unknown format, is refused", () => {
    expect(() => group({ email: { dealerships: { "metro-kia": "kia@metro.example.com" } } })).toThrow(
      /no dealership has the slug metro-kia/,
    );
    expect(() => group({ email: { locations: { "metro-nowhere": { all: "x@metro.example.com" } } } })).toThrow(
      /no location has the slug metro-nowhere/,
    );
    expect(() => group({ email: { to: [{ address: "x@metro.example.com", format: "fax" }] } })).toThrow();
    expect(() => group({ email: { to: ["not an address"] } })).toThrow();
  });
});
