/**
 * The vehicle page's lead forms (enquiry, 'Find Me Something Similar', Request Photos): their names,
 * field names and what the browser needs to show an answer. The zod schemas that judge them live
 * beside the action (leadForms.server.ts).
 */

export const LEAD_FORMS = ["enquiry", "similar", "request-photos"] as const;
export type LeadFormName = (typeof LEAD_FORMS)[number];

/**
 * The enquiry pages' forms (/finance, /book-test-drive/, /trade-in, reserve). Kept apart from
 * LEAD_FORMS so the vehicle page's action never accepts them.
 */
export const ENQUIRY_FORMS = ["finance", "test-drive", "trade-in", "reserve"] as const;
export type EnquiryFormName = (typeof ENQUIRY_FORMS)[number];
export type AnyLeadFormName = LeadFormName | EnquiryFormName;

/** Australian states and territories, for the trade-in form. */
export const AU_STATES = ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"] as const;

/** A field no person fills in: bots do, and their submissions are dropped. */
export const HONEYPOT_FIELD = "company_website";

export type LeadField = "first_name" | "last_name" | "email" | "phone" | "postcode" | "message" | "opt_in";

/** Fields only the enquiry pages ask for: finance amount and term, test drive time, the shopper's own car. */
export const EXTRA_FIELDS = ["amount", "term", "deposit", "preferred_time", "rego", "state", "make", "model", "year", "km"] as const;
export type ExtraField = (typeof EXTRA_FIELDS)[number];

/** What the action sends back when a form does not pass: messages by field and what was typed. */
export interface LeadFormProblem {
  form: AnyLeadFormName;
  errors: Partial<Record<LeadField | ExtraField | "form", string>>;
  values: Partial<Record<LeadField | ExtraField, string>>;
}

export function isLeadFormProblem(value: unknown): value is LeadFormProblem {
  return Boolean(value && typeof value === "object" && "form" in value && "errors" in value);
}
