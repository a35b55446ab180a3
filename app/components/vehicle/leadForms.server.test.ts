import { describe, expect, it } from "vitest";
import { testTenant } from "../../../tests/support/testTenant";
import { testVehicle } from "../../../tests/support/testVehicle";
import { leadFor, parseLeadForm } from "./leadForms.server";

/** A dealer that asks for a message with every enquiry and shows the marketing opt-in. */
const tenant = testTenant("alpha-motors", { features: { enquiryMessageRequired: true, enquiryOptInShown: true } });
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const good = { first_name: "Alex", email: "alex@example.com", phone: "0412 345 678", message: "Still available?", opt_in: "on" };

describe("vehicle lead forms", () => {
  it("accepts a complete enquiry", () => {
    const parsed = parseLeadForm("enquiry", tenant, form(good));
    expect(parsed.ok).toBe(true);
  });

  it("names every problem and keeps what was typed", () => {
    const parsed = parseLeadForm("enquiry", tenant, form({ first_name: "", email: "nope", phone: "123", message: "", postcode: "20" }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok !== false) return;
    expect(parsed.problem.errors).toEqual({
      first_name: "Please enter your first name.",
      email: "Please enter a valid email address.",
      phone: "Please enter a valid Australian phone number.",
      postcode: "Invalid postcode. Please enter a 4-digit number.",
      message: "Please enter your comments.",
    });
    expect(parsed.problem.values.email).toBe("nope");
  });

  it("does not need a message for Request Photos or 'something similar'", () => {
    expect(parseLeadForm("request-photos", tenant, form({ ...good, message: "" })).ok).toBe(true);
    expect(parseLeadForm("similar", tenant, form({ ...good, message: "" })).ok).toBe(true);
  });

  it("drops submissions that fill the honeypot", () => {
    expect(parseLeadForm("enquiry", tenant, form({ ...good, company_website: "http://spam" })).ok).toBe("bot");
  });

  it("opt-in is off unless ticked, and on where the dealer hides the box", () => {
    const unticked = parseLeadForm("enquiry", tenant, form({ ...good, opt_in: "" }));
    expect(unticked.ok === true && unticked.values.opt_in).toBe(false);
    const hidden = parseLeadForm(
      "enquiry",
      { ...tenant, features: { ...tenant.features, enquiryOptInShown: false } },
      form({ ...good, opt_in: "" }),
    );
    expect(hidden.ok === true && hidden.values.opt_in).toBe(true);
  });

  it("stores the enquiry form defaults with the lead; the car comes from the page, not the form", () => {
    const parsed = parseLeadForm("similar", tenant, form({ ...good, prefilled: "Something like this please." }));
    if (parsed.ok !== true) throw new Error("expected a valid form");
    const lead = leadFor("similar", testVehicle({ id: "car-9", car_type: "used", status: "sold" }), parsed.values, "/cars/x");
    expect(lead).toMatchObject({
      category: "Used Vehicle Enquiry",
      subcategory: "Find Me Something Similar",
      car_id: "car-9",
      name: "Alex",
      phone: "0412345678",
      message: "Something like this please.\n\nStill available?",
    });
    expect(lead.payload).toMatchObject({
      car_id: "car-9",
      vehicle_status: "sold",
      "Vehicle Make": "Toyota",
      stock_number: "T1001",
      opt_in: true,
    });
  });
});
