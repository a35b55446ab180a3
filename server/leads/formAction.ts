/**
 * The action every lead form shares (the vehicle page's forms and the enquiry pages): guard (a body
 * that is a form) -> honeypot -> validate and captcha -> abuse limits -> store with its outbox ->
 * analytics -> redirect to /success with the lead's reference. Every refusal answers in
 * `remix-validated-form`'s shape (`validationError`), with the form's id and what the shopper typed,
 * so the page shows the messages in place and keeps the values, with or without JavaScript; a form
 * that did not pass the captcha also carries the server's question (`captcha`).
 *
 * Every lead stored here carries the enquiry form rules' extras (spec 000 section 5, spec 001 section
 * 3): `lead_attributes` (this visit's pages and the query of the link that brought the shopper),
 * `additional_services` (the ticked '(check_option)' inputs) and, where the page showed them, the
 * preferred dealership, location or department, and rego.
 */
import { formRefusalErrors } from "~/domain/formFailure";
import { json, redirect } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { validationError, type Validator } from "remix-validated-form";
import type { AnalyticsEventId } from "~/domain/analyticsEvents";
import { isSameSitePath } from "~/domain/safeRedirect";
import {
  additionalServices,
  dealershipChoice,
  leadAttributes,
  locationChoice,
  type EnquiryFormRules,
  type LeadAttributes,
} from "~/domain/enquiryRules";
import { toLocalDigits } from "~/domain/phone";
import { refererOnThisSite } from "../http/sameSite";
import { trackEvent } from "../analytics.server";
import { checkLeadCaptcha, QUESTION_ANSWER_FIELD, QUESTION_TOKEN_FIELD, type CaptchaPlatform, type FallbackQuestion } from "../captcha";
import type { LeadInput } from "../db/leads";
import { clientAddressOf, dealerFrom } from "../http/loadContext";
import type { TenantConfig } from "../tenants/schema";
import { leadFormHits, spendAllowance, type AbuseLimits } from "../limits/guard";
import { log } from "../log";
import { submitLead } from "./submit";
import { PRIVATE_NO_STORE } from "../http/cachePolicy";
import { withoutFrameworkParams } from "~/domain/frameworkParams";

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

/** This visit's pages and the link's query, filled in by the form's script as it is sent (app/components/forms). */
export const VISITED_PAGE_FIELD = "visited_page";
export const LINKED_QUERY_FIELD = "linked_query";

/**
 * Fields the page never shows again: not typed by the shopper, or made afresh for the next try (the
 * captcha widgets' answers and the question's token).
 */
const NOT_TYPED = new Set([
  "intent",
  "prefilled",
  "subaction",
  "__rvfInternalFormId",
  HONEYPOT_FIELD,
  VISITED_PAGE_FIELD,
  LINKED_QUERY_FIELD,
  QUESTION_TOKEN_FIELD,
  "altcha",
  "cf-turnstile-response",
]);

const noStore = { "Cache-Control": PRIVATE_NO_STORE };

/** One form an action accepts, chosen by the form's `intent` field. */
export interface LeadFormSpec<T extends { email: string; phone: string; opt_in?: boolean }> {
  /** The form's id on the page (`ValidatedForm id`), where its messages are shown. */
  formId: string;
  /** The form's schema, the same the browser uses (`withZod`, with the same enquiry rules as the page's). */
  validator: Validator<T>;
  /** The enquiry rules the page showed (enquiryFormRules), when it showed them: their answers go into the lead. */
  rules?: EnquiryFormRules;
  /** The stored lead; the car and dealer come from the URL and host, never from the form. */
  lead: (values: T, sourcePath: string) => LeadInput;
  /** The analytics event of a new lead (none for a repeat of the same lead). */
  event: (values: T) => { id: AnalyticsEventId; path: string; payload: Record<string, unknown> };
}

/** Keeps the generic type of each form while letting one action hold several. */
export function leadFormSpec<T extends { email: string; phone: string; opt_in?: boolean }>(spec: LeadFormSpec<T>) {
  return spec as unknown as LeadFormSpec<{ email: string; phone: string; opt_in?: boolean }>;
}

/**
 * Field names that would reach an object's prototype when remix-validated-form builds the form's object
 * from dotted or bracketed names (it refuses them by throwing). No form of ours has such a field.
 */
const PROTOTYPE_PATH = /(^|[.[\]])(__proto__|constructor|prototype)([.[\]]|$)/;

/** The request's form, or null when the body cannot be read as one (never throws); fields named into a prototype are dropped. */
export async function readFormBody(request: Request): Promise<FormData | null> {
  try {
    const data = await request.formData();
    for (const name of new Set(data.keys())) if (PROTOTYPE_PATH.test(name)) data.delete(name);
    return data;
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
  // A failure on our side also carries the spec's alert ('An error occurred when submitting this form').
  return validationError({ fieldErrors: formRefusalErrors(FORM_ERROR, message, init.status), formId }, values, {
    ...init,
    headers: { ...noStore, ...init.headers },
  });
}

/**
 * A refusal of some fields, in `validationError`'s shape plus the server's captcha question when the
 * form did not pass the captcha (or passed it by the question, which is shown again, answered).
 */
export function refuseFields(
  formId: string,
  fieldErrors: Record<string, string>,
  values: Record<string, string>,
  captcha: FallbackQuestion | null,
  init: ResponseInit & { headers?: Record<string, string> } = {},
) {
  const repopulateFields = captcha ? { ...values, [QUESTION_TOKEN_FIELD]: captcha.token } : values;
  return json(
    { fieldErrors, repopulateFields, formId, ...(captcha ? { captcha } : {}) },
    { status: 422, ...init, headers: { ...noStore, ...init.headers } },
  );
}

/**
 * The enquiry form rules of this dealer (spec 000 section 5) for a form that shows them: the category
 * select of a general enquiry, 'Select a Preferred Dealership' when the dealer has several dealerships
 * and has not removed it, the location or department select where configured, and the optional Rego.
 */
export function enquiryFormRules(tenant: TenantConfig, options: { categories?: boolean; rego?: boolean } = {}): EnquiryFormRules {
  return {
    categories: options.categories ?? false,
    dealership: dealershipChoice(tenant.dealerships, tenant.features.dealershipSelectShown),
    location: locationChoice(tenant.features.enquirySelect, tenant.locations),
    rego: options.rego ?? true,
  };
}

/**
 * The lead's `lead_attributes` (spec 001 section 3): the pages of this visit the form sent (its script's
 * record of the visit, or the page before the form as the form's page saw it), else the page the post
 * came from (its Referer), then the form's own page; and the query of the link that brought the shopper:
 * as the script kept it, else the query of the earliest of those pages that has one.
 */
export function leadAttributesOf(request: Request, data: FormData): LeadAttributes {
  const here = withoutFrameworkParams(new URL(request.url));
  const sent = data
    .getAll(VISITED_PAGE_FIELD)
    .filter((p): p is string => typeof p === "string")
    .slice(0, 30);
  const from = refererOnThisSite(request);
  const pages = [...(sent.length ? sent : from ? [`${from.pathname}${from.search}`] : []), `${here.pathname}${here.search}`];
  const linkedText = data.get(LINKED_QUERY_FIELD);
  const firstQuery = pages.find((p) => /\?./.test(p) && isSameSitePath(p));
  const linked =
    typeof linkedText === "string" && linkedText
      ? new URLSearchParams(linkedText.slice(0, 2000))
      : new URLSearchParams(firstQuery ? firstQuery.slice(firstQuery.indexOf("?") + 1) : "");
  return leadAttributes(pages, linked);
}

/** The lead with the enquiry rules' extras in its payload (see the top of this file). */
export function withEnquiryExtras(
  lead: LeadInput,
  values: Record<string, unknown>,
  rules: EnquiryFormRules | undefined,
  extras: { attributes: LeadAttributes; services: string[] },
): LeadInput {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const chosen = (name: string) => (rules ? text(name) : "");
  const dealership = chosen("preferred_dealership");
  // The salesperson reads the message (ADF comments, e-mail): the services the shopper ticked go there too.
  const services = extras.services.length ? `Additional services: ${extras.services.join(", ")}` : "";
  return {
    ...lead,
    message: [lead.message, services].filter(Boolean).join("\n"),
    payload: {
      ...lead.payload,
      // The shopper's choice names the dealership the lead is for (and whose address gets its e-mail).
      ...(dealership ? { dealership_slug: dealership, preferredDealership: dealership } : {}),
      ...(chosen("location") ? { location_slug: chosen("location") } : {}),
      ...(chosen("department") ? { department: chosen("department") } : {}),
      ...(rules?.rego && text("rego") ? { rego: text("rego") } : {}),
      additional_services: extras.services,
      lead_attributes: extras.attributes,
    },
  };
}

const knownAddress = (address: string) => (address === "unknown" ? undefined : address);

/**
 * The form's schema and the captcha, judged together (so the shopper fixes the fields and answers the
 * question in one go): the values, or the refusal to answer with (field errors, the question, what was
 * typed). For actions with their own pipeline (a test drive's time, a trade-in's steps) as much as for
 * submitLeadForm; call it after the honeypot.
 */
export async function judgeLeadForm<T>(options: {
  platform: CaptchaPlatform;
  tenant: TenantConfig;
  context: Parameters<typeof clientAddressOf>[0];
  data: FormData;
  validator: Validator<T>;
  formId: string;
  /** What the shopper typed (typedValues), as the refusal shows it again. */
  typed?: Record<string, string>;
}): Promise<{ ok: true; values: T } | { ok: false; response: Response }> {
  const { platform, tenant, context, data, validator, formId } = options;
  const typed = options.typed ?? typedValues(data);
  const [result, captcha] = await Promise.all([
    validator.validate(data),
    checkLeadCaptcha(platform, tenant, data, { remoteIp: knownAddress(clientAddressOf(context)) }),
  ]);
  if (!result.error && captcha.passed) return { ok: true, values: result.data };
  const errors = { ...(result.error?.fieldErrors ?? {}), ...(captcha.passed ? {} : { [QUESTION_ANSWER_FIELD]: captcha.message }) };
  const values = captcha.passed ? typed : { ...typed, [QUESTION_ANSWER_FIELD]: "" };
  return { ok: false, response: refuseFields(formId, errors, values, captcha.question) };
}

/** The extras every lead form's lead carries (withEnquiryExtras): this visit's lead_attributes and the ticked services. */
export function leadExtrasOf(request: Request, data: FormData): { attributes: LeadAttributes; services: string[] } {
  return { attributes: leadAttributesOf(request, data), services: additionalServices(data.entries()) };
}

/** /success with the stored lead's reference, so the page thanks the shopper for its category. */
export function successWithLead(success: string, leadId: string): string {
  const url = new URL(success, "http://x");
  url.searchParams.set("lead", leadId);
  return `${url.pathname}${url.search}`;
}

/**
 * Spends the lead allowances of this shopper (address, e-mail, phone) at this dealer. Null when the
 * lead may be stored, else the seconds to wait. Called after the form passed its checks, so a refused
 * form does not use up the allowance, and before storing.
 */
export async function leadAllowanceSpent(options: {
  limits: AbuseLimits;
  tenant: string;
  context: Parameters<typeof clientAddressOf>[0];
  contact: { email: string; phone: string };
  now?: Date;
}): Promise<number | null> {
  const hits = leadFormHits(clientAddressOf(options.context), {
    email: options.contact.email,
    phone: toLocalDigits(options.contact.phone),
  });
  const check = await spendAllowance(options.limits, options.tenant, hits, options.now);
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
  // Bots get the same answer as people (a reference that names no lead), so they learn nothing; nothing is stored.
  if (String(data.get(HONEYPOT_FIELD) ?? "") !== "") return redirect(successWithLead(success, randomUUID()));

  const typed = typedValues(data);
  const judged = await judgeLeadForm({ platform, tenant, context, data, validator: spec.validator, formId: spec.formId, typed });
  if (!judged.ok) return judged.response;
  // Where the dealer hides the opt-in box, the spec's default (opted in) stands.
  const values = tenant.features.enquiryOptInShown ? judged.values : { ...judged.values, opt_in: true };

  const retryAfter = await leadAllowanceSpent({ limits: platform, tenant: tenant.slug, context, contact: values });
  if (retryAfter !== null) {
    return refuseForm(spec.formId, TOO_MANY_LEADS_MESSAGE, typed, { status: 429, headers: { "Retry-After": String(retryAfter) } });
  }

  const path = new URL(request.url).pathname;
  let duplicate = false;
  let leadId: string;
  try {
    const lead = withEnquiryExtras(spec.lead(values, path), values, spec.rules, leadExtrasOf(request, data));
    const stored = await submitLead(platform, tenant, lead);
    duplicate = stored.duplicate;
    leadId = stored.lead.id;
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
  return redirect(successWithLead(success, leadId));
}
