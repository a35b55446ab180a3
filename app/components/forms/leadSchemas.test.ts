import { describe, expect, it } from "vitest";
import { testTenant } from "../../../tests/support/testTenant";
import { testVehicle } from "../../../tests/support/testVehicle";
import { leadFor } from "@server/leads/formLeads";
import type { TenantConfig } from "@server/tenants/schema";
import type { LeadFormName } from "./leadFormNames";
import { leadFormValidator } from "./leadSchemas";

/** A dealer that asks for a message with every enquiry and shows the marketing opt-in. */
const tenant = testTenant("alpha-motors", { features: { enquiryMessageRequired: true, enquiryOptInShown: true } });
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
/** Judges a form with its schema, as the browser and the action do. */
async function parseLeadForm(form: LeadFormName, dealer: TenantConfig, data: FormData, now = new Date()) {
  const result = await leadFormValidator(form, { messageRequired: dealer.features.enquiryMessageRequired, now }).validate(data);
  return result.error
    ? { ok: false as const, problem: { errors: result.error.fieldErrors, values: result.submittedData as Record<string, string> } }
    : { ok: true as const, values: result.data };
}

const good = { first_name: "Alex", email: "alex@example.com", phone: "0412 345 678", message: "Still available?", opt_in: "on" };

describe("vehicle lead form schemas", async () => {
  it("accepts a complete enquiry", async () => {
    const parsed = await parseLeadForm("enquiry", tenant, form(good));
    expect(parsed.ok).toBe(true);
  });

  it("names every problem and keeps what was typed", async () => {
    const parsed = await parseLeadForm(
      "enquiry",
      tenant,
      form({ first_name: "", email: "nope", phone: "123", message: "", postcode: "20" }),
    );
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

  it("does not need a message for Request Photos or 'something similar'", async () => {
    expect((await parseLeadForm("request-photos", tenant, form({ ...good, message: "" }))).ok).toBe(true);
    expect((await parseLeadForm("similar", tenant, form({ ...good, message: "" }))).ok).toBe(true);
  });

  // Bots (the honeypot) and the opt-in where the dealer hides the box are the action's: server/leads/formAction.test.ts.
  it("opt-in is off unless ticked", async () => {
    const unticked = await parseLeadForm("enquiry", tenant, form({ ...good, opt_in: "" }));
    expect(unticked.ok === true && unticked.values.opt_in).toBe(false);
    const ticked = await parseLeadForm("enquiry", tenant, form(good));
    expect(ticked.ok === true && ticked.values.opt_in).toBe(true);
  });

  it("stores the enquiry form defaults with the lead; the car comes from the page, not the form", async () => {
    const parsed = await parseLeadForm("similar", tenant, form({ ...good, prefilled: "Something like this please." }));
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
