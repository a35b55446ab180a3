/**
 * The action every lead form shares (the vehicle page's forms and the enquiry pages): guard (a body
 * that is a form) -> honeypot -> validate -> abuse limits -> store with its outbox -> analytics ->
 * redirect to /success. Every refusal answers in `remix-validated-form`'s shape (`validationError`),
 * with the form's id and what the shopper typed, so the page shows the messages in place and keeps
 * the values, with or without JavaScript.
 */
import { redirect } from "@remix-run/node";
import { validationError, type Validator } from "remix-validated-form";
import type { AnalyticsEventId } from "~/domain/analyticsEvents";
import { toLocalDigits } from "~/domain/phone";
import { trackEvent } from "../analytics.server";
import type { LeadInput } from "../db/leads";
import { clientAddressOf, dealerFrom } from "../http/loadContext";
import { leadFormHits, spendAllowance } from "../limits/guard";
import { log } from "../log";
import { submitLead } from "./submit";
import { PRIVATE_NO_STORE } from "../http/cachePolicy";

/** Shown when the body is not a form (JSON, plain text, nothing, a broken upload). */
export const UNREADABLE_FORM_MESSAGE = "Please fill in the form and send it again.";

/** Shown above a form refused by the lead limits; the page's phone number stays one glance away. */
export const TOO_MANY_LEADS_MESSAGE = "You've sent several enquiries in a short time. Please wait a few minutes and try again, or call us.";

/** The spec's lead failure message (spec 000 section 8), spelling and all. */
export const LEAD_NOT_STORED_MESSAGE = "An unexpected error occured";

/** A field no person fills in: bots do, and their submissions are dropped (the forms kit renders it). */
export const HONEYPOT_FIELD = "company_website";

/** Where a message about the whole form goes in the answer's field errors. */
const FORM_ERROR = "form";

/** Fields the page never shows again (they are not typed by the shopper). */
const NOT_TYPED = new Set(["intent", "prefilled", "subaction", "__rvfInternalFormId", HONEYPOT_FIELD]);

const noStore = { "Cache-Control": PRIVATE_NO_STORE };

/** One form an action accepts, chosen by the form's `intent` field. */
export interface LeadFormSpec<T extends { email: string; phone: string; opt_in?: boolean }> {
  /** The form's id on the page (`ValidatedForm id`), where its messages are shown. */
  formId: string;
  /** The form's schema, the same the browser uses (`withZod`). */
  validator: Validator<T>;
  /** The stored lead; the car and dealer come from the URL and host, never from the form. */
  lead: (values: T, sourcePath: string) => LeadInput;
  /** The analytics event of a new lead (none for a repeat of the same lead). */
  event: (values: T) => { id: AnalyticsEventId; path: string; payload: Record<string, unknown> };
}

/** Keeps the generic type of each form while letting one action hold several. */
export function leadFormSpec<T extends { email: string; phone: string; opt_in?: boolean }>(spec: LeadFormSpec<T>) {
  return spec as unknown as LeadFormSpec<{ email: string; phone: string; opt_in?: boolean }>;
}

/** The request's form, or null when the body cannot be read as one (never throws). */
export async function readFormBody(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** What the shopper typed, as the form shows it again (text only, each at most 2,000 characters). */
export function typedValues(data: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of data) {
    if (typeof value === "string" && !NOT_TYPED.has(key) && values[key] === undefined) values[key] = value.slice(0, 2000);
  }
  return values;
}

/** A refusal of the whole form (not one field), in the validation error shape the forms read. */
export function refuseForm(
  formId: string,
  message: string,
  values: Record<string, string>,
  init: ResponseInit & { headers?: Record<string, string> },
) {
  return validationError({ fieldErrors: { [FORM_ERROR]: message }, formId }, values, {
    ...init,
    headers: { ...noStore, ...init.headers },
  });
}

/**
 * Spends the lead allowances of this shopper (address, e-mail, phone) at this dealer. Null when the
 * lead may be stored, else the seconds to wait. Called after the form passed its checks, so a refused
 * form does not use up the allowance, and before storing.
 */
export async function leadAllowanceSpent(options: {
  db: Parameters<typeof spendAllowance>[0];
  tenant: string;
  context: Parameters<typeof clientAddressOf>[0];
  contact: { email: string; phone: string };
  now?: Date;
}): Promise<number | null> {
  const hits = leadFormHits(clientAddressOf(options.context), {
    email: options.contact.email,
    phone: toLocalDigits(options.contact.phone),
  });
  const check = await spendAllowance(options.db, options.tenant, hits, options.now);
  return check.allowed ? null : check.retryAfterSeconds;
}

/**
 * The whole action of a lead form. `forms` are the forms this page accepts, by `intent`; `success`
 * is where the shopper (and a bot, who learns nothing) goes after sending.
 */
export async function submitLeadForm(options: {
  request: Request;
  context: Parameters<typeof dealerFrom>[0];
  forms: Record<string, LeadFormSpec<{ email: string; phone: string; opt_in?: boolean }>>;
  success: string;
}): Promise<Response> {
  const { request, context, forms, success } = options;
  const { platform, tenant } = dealerFrom(context);
  const intents = Object.keys(forms);
  const firstFormId = forms[intents[0]].formId;

  const data = await readFormBody(request);
  if (!data) return refuseForm(firstFormId, UNREADABLE_FORM_MESSAGE, {}, { status: 400 });
  const intent = String(data.get("intent") ?? "");
  const spec = Object.hasOwn(forms, intent) ? forms[intent] : null;
  if (!spec) {
    const message = intents.length > 1 ? "Please use one of the forms on this page." : "Please use the form on this page.";
    return refuseForm(firstFormId, message, {}, { status: 400 });
  }
  // Bots get the same answer as people, so they learn nothing; nothing is stored.
  if (String(data.get(HONEYPOT_FIELD) ?? "") !== "") return redirect(success);

  const typed = typedValues(data);
  const result = await spec.validator.validate(data);
  if (result.error) return validationError({ ...result.error, formId: spec.formId }, typed, { headers: noStore });
  // Where the dealer hides the opt-in box, the spec's default (opted in) stands.
  const values = tenant.features.enquiryOptInShown ? result.data : { ...result.data, opt_in: true };

  const retryAfter = await leadAllowanceSpent({ db: platform.db, tenant: tenant.slug, context, contact: values });
  if (retryAfter !== null) {
    return refuseForm(spec.formId, TOO_MANY_LEADS_MESSAGE, typed, { status: 429, headers: { "Retry-After": String(retryAfter) } });
  }

  const path = new URL(request.url).pathname;
  let duplicate = false;
  try {
    ({ duplicate } = await submitLead(platform, tenant, spec.lead(values, path)));
  } catch (error) {
    log.error("lead not stored", { tenant: tenant.slug, form: intent, path, error: String(error) });
    // Everything typed is kept for another try.
    return refuseForm(spec.formId, LEAD_NOT_STORED_MESSAGE, typed, { status: 500 });
  }
  // A repeat of the same enquiry within ten minutes is one lead, and one analytics event.
  if (!duplicate) {
    const event = spec.event(values);
    await trackEvent(platform.db, tenant.slug, event.id, { path: event.path, payload: event.payload });
  }
  return redirect(success);
}
