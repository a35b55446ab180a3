import { describe, expect, it } from "vitest";
import {
  additionalServices,
  dealershipChoice,
  DEFAULT_ENQUIRY_CATEGORY,
  ENQUIRY_CATEGORIES,
  enquiryLeadCategory,
  isEnquiryCategory,
  leadAttributes,
  locationChoice,
  thankedCategory,
} from "./enquiryRules";

describe("general enquiry categories", () => {
  it("defaults to 'General Enquiry' and offers careers", () => {
    expect(DEFAULT_ENQUIRY_CATEGORY).toBe("General Enquiry");
    expect(ENQUIRY_CATEGORIES).toContain("Careers Enquiry");
    expect(isEnquiryCategory("Service Enquiry")).toBe(true);
    expect(isEnquiryCategory("<script>")).toBe(false);
    expect(isEnquiryCategory(undefined)).toBe(false);
  });

  it("sends 'Careers Enquiry' as General Enquiry with subcategory Career Enquiry, the others as themselves", () => {
    expect(enquiryLeadCategory("Careers Enquiry")).toEqual({ category: "General Enquiry", subcategory: "Career Enquiry" });
    expect(enquiryLeadCategory("General Enquiry")).toEqual({ category: "General Enquiry", subcategory: "General Enquiry" });
    expect(enquiryLeadCategory("Service Enquiry")).toEqual({ category: "Service Enquiry", subcategory: "Service Enquiry" });
  });

  it("/success thanks the shopper for the category they chose, careers included", () => {
    expect(thankedCategory({ category: "General Enquiry", subcategory: "Career Enquiry" })).toBe("Careers Enquiry");
    expect(thankedCategory({ category: "General Enquiry", subcategory: "General Enquiry" })).toBe("General Enquiry");
    expect(thankedCategory({ category: "Used Vehicle Enquiry", subcategory: "Vehicle Enquiry" })).toBe("Used Vehicle Enquiry");
  });
});

describe("the dealership select", () => {
  const seven = Array.from({ length: 7 }, (_, i) => ({ slug: `summit-${i}`, name: `Summit ${i}` }));
  it("is asked when the dealer has several dealerships and has not removed it", () => {
    const choice = dealershipChoice(seven, true);
    expect(choice?.label).toBe("Select a Preferred Dealership");
    expect(choice?.options).toHaveLength(7);
    expect(choice?.options[0]).toEqual({ value: "summit-0", label: "Summit 0" });
  });
  it("is not asked of a dealer with one dealership, or one that removed it", () => {
    expect(dealershipChoice(seven.slice(0, 1), true)).toBeNull();
    expect(dealershipChoice(seven, false)).toBeNull();
  });
});

describe("the location or department select", () => {
  const locations = [
    { slug: "north-sales", name: "North Sales", visible: true, location_type: "sales" },
    { slug: "north-service", name: "North Service", visible: true, location_type: "service" },
    { slug: "hidden-parts", name: "Hidden Parts", visible: false, location_type: "parts" },
  ];
  it("offers the dealer's visible locations", () => {
    expect(locationChoice("location", locations)).toEqual({
      kind: "location",
      label: "Location",
      options: [
        { value: "north-sales", label: "North Sales" },
        { value: "north-service", label: "North Service" },
      ],
    });
  });
  it("offers the departments the dealer's visible locations have, sales first", () => {
    expect(locationChoice("department", locations)?.options.map((o) => o.value)).toEqual(["Sales", "Service"]);
    expect(locationChoice("department", [{ ...locations[0], location_type: "" }])?.options).toEqual([{ value: "Sales", label: "Sales" }]);
  });
  it("is not shown unless the dealer configures it", () => {
    expect(locationChoice("none", locations)).toBeNull();
    expect(locationChoice("location", [locations[2]])).toBeNull();
  });
});

describe("additional_services", () => {
  it("collects the ticked '(check_option)' inputs by name, each once", () => {
    const form = new FormData();
    form.set("Wheel Alignment(check_option)", "on");
    form.set("Tyres (check_option)", "true");
    form.set("Window_Tinting(check_option)", "on");
    form.set("Detailing(check_option)", "");
    form.set("Roof Racks(check_option)", "false");
    form.set("message", "on");
    form.append("Wheel Alignment(check_option)", "on");
    expect(additionalServices(form.entries())).toEqual(["Wheel Alignment", "Tyres", "Window Tinting"]);
  });
  it("is empty without any, and keeps at most 20 short names", () => {
    expect(additionalServices([])).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => [`Service ${i}${"x".repeat(200)}(check_option)`, "on"] as const);
    const services = additionalServices(many);
    expect(services).toHaveLength(20);
    expect(services.every((s) => s.length <= 100)).toBe(true);
    expect(additionalServices([["(check_option)", "on"]])).toEqual([]);
  });
});

describe("lead_attributes", () => {
  it("keeps this visit's same-site pages in order, each once (its latest visit), and the link's query", () => {
    const attributes = leadAttributes(
      [
        "/",
        "/search?make=Toyota",
        "https://evil.example/x",
        "//evil.example",
        "/cars/a",
        "/search?make=Toyota&_routes=routes%2Fsearch",
        `/contact?${new URLSearchParams({ _data: "routes/contact" })}`,
        42,
      ],
      new URLSearchParams({ utm_source: "google", utm_campaign: "spring", _routes: "routes/contact", _data: "routes/contact", index: "" }),
    );
    expect(attributes).toEqual({
      visited_pages: ["/", "/cars/a", "/search?make=Toyota", "/contact"],
      linked_query_params: { utm_source: "google", utm_campaign: "spring" },
    });
  });
  it("keeps the latest ten pages and bounded parameters", () => {
    const pages = Array.from({ length: 15 }, (_, i) => `/p${i}`);
    expect(leadAttributes(pages, []).visited_pages).toEqual(pages.slice(5));
    const params = Array.from({ length: 40 }, (_, i) => [`p${i}`, "v".repeat(500)] as const);
    const linked = leadAttributes([], params).linked_query_params;
    expect(Object.keys(linked)).toHaveLength(30);
    expect(linked.p0).toHaveLength(200);
  });
});
