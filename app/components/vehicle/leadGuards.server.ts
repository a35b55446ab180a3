/**
 * Guards every lead form's action shares (vehicle page forms and the enquiry pages): reading a body
 * that may not be a form at all, and the abuse limits between a form that passed its checks and the
 * stored lead. Both answer in the form problem shape the pages already render (`errors.form`), with
 * everything the shopper typed, so nobody loses what they wrote.
 */
import { json } from "@remix-run/node";
import { toLocalDigits } from "~/domain/phone";
import { clientAddressOf } from "@server/http/loadContext";
import { leadFormHits, spendAllowance } from "@server/limits/guard";
import type { Queryable } from "@server/db/database";
import { EXTRA_FIELDS, type AnyLeadFormName, type LeadField, type LeadFormProblem } from "./leadForms";

/** Shown when the body is not a form (JSON, plain text, nothing, a broken upload). */
export const UNREADABLE_FORM_MESSAGE = "Please fill in the form and send it again.";

/** Shown above a form refused by the lead limits; the page's phone number stays one glance away. */
export const TOO_MANY_LEADS_MESSAGE = "You've sent several enquiries in a short time. Please wait a few minutes and try again, or call us.";

const noStore = { "Cache-Control": "private, no-store" };

const CONTACT_FIELDS: LeadField[] = ["first_name", "last_name", "email", "phone", "postcode", "message", "opt_in"];

/** The request's form, or null when the body cannot be read as one (never throws). */
export async function readFormBody(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** 400 in the form problem shape for a body that is not a form. */
export function unreadableForm(form: AnyLeadFormName): Response {
  const problem: LeadFormProblem = { form, errors: { form: UNREADABLE_FORM_MESSAGE }, values: {} };
  return json(problem, { status: 400, headers: noStore });
}

/** What the shopper typed, as the form shows it again (text fields only, each at most 2,000 characters). */
export function typedValues(data: FormData): LeadFormProblem["values"] {
  const values: LeadFormProblem["values"] = {};
  for (const field of [...CONTACT_FIELDS, ...EXTRA_FIELDS]) {
    const value = data.get(field);
    if (typeof value === "string") values[field] = value.slice(0, 2000);
  }
  return values;
}

/**
 * Spends the lead allowances of this shopper (address, e-mail, phone) at this dealer. Null when the
 * lead may be stored; a 429 form problem with Retry-After when over a limit. Call it after the form
 * passed its checks, so a refused form does not use up the allowance, and before storing.
 */
export async function refuseTooManyLeads(options: {
  db: Queryable;
  tenant: string;
  context: Parameters<typeof clientAddressOf>[0];
  form: AnyLeadFormName;
  data: FormData;
  contact: { email: string; phone: string };
  now?: Date;
}): Promise<Response | null> {
  const { db, tenant, context, form, data, contact } = options;
  const hits = leadFormHits(clientAddressOf(context), { email: contact.email, phone: toLocalDigits(contact.phone) });
  const check = await spendAllowance(db, tenant, hits, options.now);
  if (check.allowed) return null;
  const problem: LeadFormProblem = { form, errors: { form: TOO_MANY_LEADS_MESSAGE }, values: typedValues(data) };
  return json(problem, { status: 429, headers: { ...noStore, "Retry-After": String(check.retryAfterSeconds) } });
}
