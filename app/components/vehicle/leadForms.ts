/**
 * The vehicle page's lead forms (enquiry, 'Find Me Something Similar', Request Photos): their names,
 * field names and what the browser needs to show an answer. The zod schemas that judge them live
 * beside the action (leadForms.server.ts).
 */

export const LEAD_FORMS = ["enquiry", "similar", "request-photos"] as const;
export type LeadFormName = (typeof LEAD_FORMS)[number];

/** A field no person fills in: bots do, and their submissions are dropped. */
export const HONEYPOT_FIELD = "company_website";

export type LeadField = "first_name" | "last_name" | "email" | "phone" | "postcode" | "message" | "opt_in";

/** What the action sends back when a form does not pass: messages by field and what was typed. */
export interface LeadFormProblem {
  form: LeadFormName;
  errors: Partial<Record<LeadField | "form", string>>;
  values: Partial<Record<LeadField, string>>;
}

export function isLeadFormProblem(value: unknown): value is LeadFormProblem {
  return Boolean(value && typeof value === "object" && "form" in value && "errors" in value);
}
