/**
 * The one action every lead form shares (server/leads/formAction.ts) with the forms kit's real schema:
 * guard, honeypot, validation, lead limits, storing, the analytics event and the redirect. Storing,
 * analytics and the limiter are stand-ins here; tests/integration/abuseLimits.test.ts runs them for real.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";
import { leadFormId } from "~/components/forms/leadFormNames";
import { leadFormValidator } from "~/components/forms/leadSchemas";
import {
  LEAD_NOT_STORED_MESSAGE,
  leadFormSpec,
  submitLeadForm,
  TOO_MANY_LEADS_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
} from "@server/leads/formAction";

const submitLead = vi.hoisted(() => vi.fn());
const trackEvent = vi.hoisted(() => vi.fn());
const spendAllowance = vi.hoisted(() => vi.fn());
vi.mock("@server/leads/submit", () => ({ submitLead }));
vi.mock("@server/analytics.server", () => ({ trackEvent }));
vi.mock("@server/limits/guard", async (original) => ({ ...(await original<object>()), spendAllowance }));

const tenant = testTenant("alpha-motors", { features: { enquiryMessageRequired: true, enquiryOptInShown: true } });
// The captcha is judged in tests/integration/contactAction.test.ts; here the platform has it off (CAPTCHA=off).
const platform = await testPlatform({ tenants: [tenant], settings: { CAPTCHA: "off" } });
afterAll(() => platform.close());
const good = {
  intent: "enquiry",
  first_name: "Alex",
  email: "alex@example.com",
  phone: "0412 345 678",
  message: "Still available?",
  opt_in: "on",
};

function send(body: BodyInit | null, options: { dealer?: typeof tenant; headers?: Record<string, string> } = {}) {
  const request = new Request("http://alpha-motors.localhost/cars/a-car", { method: "POST", body, headers: options.headers });
  const lead = vi.fn((values: { first_name: string; opt_in?: boolean }, path: string) => ({
    category: "Enquiry",
    name: values.first_name,
    path,
    opt_in: values.opt_in,
  }));
  const response = submitLeadForm({
    request,
    context: { platform, tenant: options.dealer ?? tenant, clientAddress: "203.0.113.5" },
    success: "/success?car=a-car",
    forms: {
      enquiry: leadFormSpec({
        formId: leadFormId("enquiry"),
        validator: leadFormValidator("enquiry", { messageRequired: true, now: new Date() }),
        lead: lead as never,
        event: () => ({ id: 14, path: "/cars/a-car", payload: { form: "enquiry" } }),
      }),
    },
  });
  return { response, lead };
}

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
  submitLead.mockResolvedValue({ lead: { id: "lead-1" }, duplicate: false });
  spendAllowance.mockResolvedValue({ allowed: true });
});
afterEach(() => vi.resetAllMocks());

describe("the lead form action", () => {
  it("stores the lead, counts the analytics event and sends the shopper to /success", async () => {
    const { response, lead } = send(new URLSearchParams(good));
    const answer = await response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/success?car=a-car&lead=lead-1");
    expect(lead).toHaveBeenCalledWith(expect.objectContaining({ first_name: "Alex", opt_in: true }), "/cars/a-car");
    expect(submitLead).toHaveBeenCalledTimes(1);
    expect(trackEvent).toHaveBeenCalledWith(platform.db, "alpha-motors", 14, { path: "/cars/a-car", payload: { form: "enquiry" } });
  });

  it("a repeat of the same lead goes to /success without a second analytics event", async () => {
    submitLead.mockResolvedValue({ lead: { id: "lead-1" }, duplicate: true });
    const answer = await send(new URLSearchParams(good)).response;
    expect(answer.status).toBe(302);
    expect(trackEvent).not.toHaveBeenCalled();
  });

  it("a body that is not a form is 400 with the message for the whole form", async () => {
    const answer = await send(JSON.stringify(good), { headers: { "Content-Type": "application/json" } }).response;
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ formId: "lead-enquiry", fieldErrors: { form: UNREADABLE_FORM_MESSAGE }, repopulateFields: {} });
    expect(submitLead).not.toHaveBeenCalled();
  });

  it("a bot that fills the honeypot gets the same redirect and nothing is stored", async () => {
    const answer = await send(new URLSearchParams({ ...good, company_website: "http://spam" })).response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/success\?car=a-car&lead=[0-9a-f-]{36}$/);
    expect(submitLead).not.toHaveBeenCalled();
    expect(spendAllowance).not.toHaveBeenCalled();
  });

  it("a form that does not pass is 422 with each field's message and what was typed", async () => {
    const answer = await send(new URLSearchParams({ ...good, email: "nope", phone: "123", message: "" })).response;
    expect(answer.status).toBe(422);
    expect(answer.headers.get("Cache-Control")).toContain("no-store");
    expect(await answer.json()).toEqual({
      formId: "lead-enquiry",
      fieldErrors: {
        email: "Please enter a valid email address.",
        phone: "Please enter a valid Australian phone number.",
        message: "Please enter your comments.",
      },
      repopulateFields: { first_name: "Alex", email: "nope", phone: "123", message: "", opt_in: "on" },
    });
    expect(spendAllowance).not.toHaveBeenCalled();
    expect(submitLead).not.toHaveBeenCalled();
  });

  it("over the lead limits it is 429 with Retry-After, the form's message and the values kept", async () => {
    spendAllowance.mockResolvedValue({ allowed: false, retryAfterSeconds: 240 });
    const answer = await send(new URLSearchParams(good)).response;
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("240");
    expect(await answer.json()).toMatchObject({
      fieldErrors: { form: TOO_MANY_LEADS_MESSAGE },
      repopulateFields: { first_name: "Alex", email: "alex@example.com" },
    });
    // Too many enquiries is a refusal to wait, not a failure: no 'An error occurred' alert.
    const again = await send(new URLSearchParams(good)).response;
    expect(((await again.json()) as { fieldErrors: object }).fieldErrors).not.toHaveProperty("form_failure");
    expect(submitLead).not.toHaveBeenCalled();
  });

  it("a lead that cannot be stored answers the spec's alert and message, keeping the values", async () => {
    submitLead.mockRejectedValue(new Error("database down"));
    const answer = await send(new URLSearchParams(good)).response;
    expect(answer.status).toBe(500);
    expect(await answer.json()).toMatchObject({
      formId: "lead-enquiry",
      fieldErrors: { form: "An unexpected error occured", form_failure: "An error occurred when submitting this form" },
      repopulateFields: { first_name: "Alex", message: "Still available?" },
    });
    expect(LEAD_NOT_STORED_MESSAGE).toBe("An unexpected error occured");
    expect(trackEvent).not.toHaveBeenCalled();
  });

  it("where the dealer hides the opt-in box the shopper is opted in (the spec's default)", async () => {
    const hidden = testTenant("alpha-motors", { features: { enquiryMessageRequired: true, enquiryOptInShown: false } });
    const { response, lead } = send(new URLSearchParams({ ...good, opt_in: "" }), { dealer: hidden });
    expect((await response).status).toBe(302);
    expect(lead).toHaveBeenCalledWith(expect.objectContaining({ opt_in: true }), "/cars/a-car");
  });

  it("a form without an intent is 400 'use the form'", async () => {
    const { intent: _intent, ...noIntent } = good;
    const answer = await send(new URLSearchParams(noIntent)).response;
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { fieldErrors: { form: string } }).fieldErrors.form).toBe("Please use the form on this page.");
  });
});
