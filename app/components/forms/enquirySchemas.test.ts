import { describe, expect, it } from "vitest";
import { testTenant } from "../../../tests/support/testTenant";
import { testVehicle } from "../../../tests/support/testVehicle";
import { readEnquiryQuery } from "@server/leads/enquiryPages";
import { enquiryLeadFor, extraValues } from "@server/leads/formLeads";
import type { TenantConfig } from "@server/tenants/schema";
import type { LeadFormName } from "./leadFormNames";
import { leadFormValidator } from "./leadSchemas";

/** A dealer that asks for a message with every enquiry and shows the marketing opt-in. */
const tenant = testTenant("alpha-motors", { features: { enquiryMessageRequired: true, enquiryOptInShown: true } });
const now = new Date("2026-11-21T09:00:00");
const form = (intent: string, fields: Record<string, string>) => {
  const data = new FormData();
  data.set("intent", intent);
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

const contact = { first_name: "Alex", email: "alex@example.com", phone: "0412 345 678", opt_in: "on" };
const errorsOf = (parsed: Awaited<ReturnType<typeof parseLeadForm>>) => (parsed.ok === false ? parsed.problem.errors : {});

describe("finance form", async () => {
  it("reads '$28,490' as 28490 and the term as years; deposit is optional", async () => {
    const parsed = await parseLeadForm("finance", tenant, form("finance", { ...contact, amount: "$28,490", term: "5" }), now);
    expect(parsed.ok === true && extraValues(parsed.values)).toEqual({ amount: 28490, term: 5, deposit: null });
  });

  it("refuses a missing or silly amount, a term outside 1-7 and a bad deposit, keeping what was typed", async () => {
    const parsed = await parseLeadForm("finance", tenant, form("finance", { ...contact, amount: "lots", term: "9", deposit: "-5" }), now);
    expect(errorsOf(parsed)).toEqual({
      amount: "Please enter an amount between $1,000 and $1,000,000.",
      term: "Please choose a loan term of 1 to 7 years.",
      deposit: "Please enter a deposit between $0 and $1,000,000, or leave it empty.",
    });
    expect(parsed.ok === false && parsed.problem.values.amount).toBe("lots");
    expect(errorsOf(await parseLeadForm("finance", tenant, form("finance", { ...contact, amount: "", term: "5" }), now)).amount).toBe(
      "Please enter the amount you'd like to borrow.",
    );
  });

  it("never needs a message, whatever the dealer's enquiry setting", async () => {
    expect(tenant.features.enquiryMessageRequired).toBe(true);
    expect((await parseLeadForm("finance", tenant, form("finance", { ...contact, amount: "30000", term: "5", message: "" }), now)).ok).toBe(
      true,
    );
  });
});

describe("test drive form", async () => {
  it("takes no time, or a believable one", async () => {
    expect((await parseLeadForm("test-drive", tenant, form("test-drive", contact), now)).ok).toBe(true);
    expect(
      (await parseLeadForm("test-drive", tenant, form("test-drive", { ...contact, preferred_time: "2026-11-25T10:30" }), now)).ok,
    ).toBe(true);
    expect(
      errorsOf(await parseLeadForm("test-drive", tenant, form("test-drive", { ...contact, preferred_time: "tomorrow" }), now))
        .preferred_time,
    ).toBe("Please choose a date and time, or leave it empty.");
    expect(
      errorsOf(await parseLeadForm("test-drive", tenant, form("test-drive", { ...contact, preferred_time: "2025-01-01T10:00" }), now))
        .preferred_time,
    ).toBe("Please choose a time in the future.");
  });
});

describe("trade-in form", async () => {
  const car = { rego: "abc 123", state: "NSW", make: "Mazda", model: "CX-5", year: "2018", km: "85,000" };
  it("accepts a complete car and tidies the rego", async () => {
    const parsed = await parseLeadForm("trade-in", tenant, form("trade-in", { ...contact, ...car }), now);
    expect(parsed.ok === true && extraValues(parsed.values)).toEqual({
      rego: "ABC 123",
      state: "NSW",
      make: "Mazda",
      model: "CX-5",
      year: 2018,
      km: 85000,
    });
  });

  it("names every missing or wrong field", async () => {
    const parsed = await parseLeadForm(
      "trade-in",
      tenant,
      form("trade-in", { ...contact, rego: "!!", state: "XX", make: "", model: "", year: "3020", km: "far" }),
      now,
    );
    expect(errorsOf(parsed)).toEqual({
      rego: "Please enter a registration of up to 9 letters and numbers.",
      state: "Please choose the state your car is registered in.",
      make: "Please enter your car's make.",
      model: "Please enter your car's model.",
      year: "Please enter a year between 1950 and 2027.",
      km: "Please enter the kilometres as a number up to 1,500,000.",
    });
  });

  it("becomes a Trade-In lead with the shopper's car written out for the salesperson", async () => {
    const parsed = await parseLeadForm("trade-in", tenant, form("trade-in", { ...contact, ...car }), now);
    if (parsed.ok !== true) throw new Error("expected a valid form");
    const lead = enquiryLeadFor("trade-in", tenant, testVehicle({ id: "car-7" }), parsed.values, "/cars/trade-in");
    expect(lead).toMatchObject({ category: "Trade-In", car_id: "car-7", phone: "0412345678" });
    expect(lead.message).toContain("Trade-in car: 2018 Mazda CX-5");
    expect(lead.payload).toMatchObject({ car_id: "car-7", rego: "ABC 123", km: 85000 });
  });
});

describe("reserve and the other enquiry leads", async () => {
  it("files each form under the dealer's category, with or without a car", async () => {
    const parsed = await parseLeadForm("reserve", tenant, form("reserve", contact), now);
    if (parsed.ok !== true) throw new Error("expected a valid form");
    expect(enquiryLeadFor("reserve", tenant, testVehicle({ id: "car-1" }), parsed.values, "/x")).toMatchObject({
      category: "Reserve",
      car_id: "car-1",
    });
    expect(enquiryLeadFor("test-drive", tenant, null, { ...parsed.values }, "/x")).toMatchObject({
      category: "Test Drive",
      car_id: null,
    });
  });
});

describe("enquiry page query string", async () => {
  it("keeps sensible values and drops the rest instead of failing", async () => {
    const read = (q: string) => readEnquiryQuery(new Request(`http://x.localhost/finance?${q}`));
    expect(read("car_id=summit-1&vehiclePriceBudget=28490&preferredDealership=summit-parramatta")).toEqual({
      car_id: "summit-1",
      vehiclePriceBudget: 28490,
      preferredDealership: "summit-parramatta",
    });
    expect(read("car_id=%27%3Cscript&vehiclePriceBudget=abc&preferredDealership=../x")).toEqual({
      car_id: undefined,
      vehiclePriceBudget: undefined,
      preferredDealership: undefined,
    });
  });
});
