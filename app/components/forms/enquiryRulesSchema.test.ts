/**
 * The enquiry rules as the forms kit's schema judges them (the same in the browser and the action):
 * the category select's default, 'Select a Preferred Dealership' and the location or department select
 * required when shown, the optional Rego, the message unless relaxed, and the postcode option.
 */
import { describe, expect, it } from "vitest";
import type { EnquiryFormRules } from "~/domain/enquiryRules";
import { leadFormValidator, type LeadSchemaOptions } from "./leadSchemas";

const contact = { intent: "contact", first_name: "Alex", email: "alex@example.com", phone: "0412 345 678", message: "Hello" };
const group: EnquiryFormRules = {
  categories: true,
  dealership: {
    label: "Select a Preferred Dealership",
    options: [
      { value: "north", label: "North Motors" },
      { value: "south", label: "South Motors" },
    ],
  },
  location: { kind: "department", label: "Department", options: [{ value: "Sales", label: "Sales" }] },
  rego: true,
};

async function judge(fields: Record<string, string>, options: Partial<LeadSchemaOptions> = {}, form: "contact" | "finance" = "contact") {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  const result = await leadFormValidator(form, { messageRequired: true, now: new Date(), ...options }).validate(data);
  return result.error ? { errors: result.error.fieldErrors } : { values: result.data as Record<string, unknown> };
}

describe("the enquiry rules in the form's schema", () => {
  it("a complete general enquiry passes, its category defaulting to 'General Enquiry' and the rego tidied", async () => {
    const judged = await judge({ ...contact, preferred_dealership: "south", department: "Sales", rego: " ab c12 " }, { rules: group });
    expect(judged.values).toMatchObject({
      category: "General Enquiry",
      preferred_dealership: "south",
      department: "Sales",
      rego: "AB C12",
    });
  });

  it("requires the dealership and department where shown, from the options shown", async () => {
    expect((await judge(contact, { rules: group })).errors).toEqual({
      preferred_dealership: "Please select a preferred dealership.",
      department: "Please choose a department.",
    });
    const judged = await judge({ ...contact, preferred_dealership: "elsewhere", department: "Spare Parts" }, { rules: group });
    expect(judged.errors).toEqual({
      preferred_dealership: "Please select a preferred dealership.",
      department: "Please choose a department.",
    });
  });

  it("asks nothing more of a form without rules", async () => {
    expect((await judge(contact, {})).values).not.toHaveProperty("preferred_dealership");
    expect(
      (await judge({ ...contact, rules_ignored: "x" }, { rules: { categories: false, dealership: null, location: null, rego: false } }))
        .values,
    ).toBeDefined();
  });

  it("refuses a category that is not one of the select's and a rego that cannot be one", async () => {
    const judged = await judge(
      { ...contact, category: "Free Car", preferred_dealership: "north", department: "Sales", rego: "ABCDEFGHIJK" },
      { rules: group },
    );
    expect(judged.errors).toEqual({
      category: "Please choose what your enquiry is about.",
      rego: "Please enter a registration of up to 9 letters and numbers, or leave it empty.",
    });
  });

  it("the message is required unless the dealer relaxes it", async () => {
    expect((await judge({ ...contact, message: "" })).errors).toEqual({ message: "Please enter your comments." });
    expect((await judge({ ...contact, message: "" }, { messageRequired: false })).values).toBeDefined();
  });

  it("the postcode option makes the postcode required, in the rule's words", async () => {
    const finance = { ...contact, intent: "finance", amount: "30000", term: "5" };
    expect((await judge(finance, {}, "finance")).values).toBeDefined();
    expect((await judge(finance, { postcodeRequired: true }, "finance")).errors).toEqual({
      postcode: "Invalid postcode. Please enter a 4-digit number.",
    });
    expect((await judge({ ...finance, postcode: "2000" }, { postcodeRequired: true }, "finance")).values).toMatchObject({
      postcode: "2000",
    });
  });
});
