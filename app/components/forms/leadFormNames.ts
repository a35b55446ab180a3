/**
 * Names every lead form shares between the page and its action, without the zod schemas (those load
 * with the form, not with the page: see lazyValidator.ts).
 */

/** The vehicle page's lead forms (enquiry, 'Find Me Something Similar', Request Photos). */
export const VEHICLE_LEAD_FORMS = ["enquiry", "similar", "request-photos"] as const;
export type VehicleLeadFormName = (typeof VEHICLE_LEAD_FORMS)[number];

/**
 * The enquiry pages' forms (/finance, /book-test-drive/, /trade-in, reserve, the general enquiry at
 * /contact). Kept apart from the vehicle page's forms so the vehicle page's action never accepts them.
 */
export const ENQUIRY_FORMS = ["finance", "test-drive", "trade-in", "reserve", "contact"] as const;
export type EnquiryFormName = (typeof ENQUIRY_FORMS)[number];
export type LeadFormName = VehicleLeadFormName | EnquiryFormName;

/** Australian states and territories, for the trade-in form. */
export const AU_STATES = ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"] as const;

/** A field no person fills in: bots do, and their submissions are dropped. */
export const HONEYPOT_FIELD = "company_website";

/** The server's own captcha question (server/captcha/fallbackQuestion.ts): its token and the shopper's answer. */
export const CAPTCHA_TOKEN_FIELD = "captcha_token";
export const CAPTCHA_ANSWER_FIELD = "captcha_answer";

/** Hidden fields the form's script fills in as it is sent: this visit's pages and the query of the link that brought the shopper. */
export const VISITED_PAGE_FIELD = "visited_page";
export const LINKED_QUERY_FIELD = "linked_query";

/** Where a message about the whole form (not one field) goes in the answer's field errors. */
export const FORM_ERROR = "form";

/** The id of a lead form on its page (and in its action's answer): distinct from the sections' anchors. */
export const leadFormId = (form: LeadFormName) => `lead-${form}`;

/**
 * True for an action's answer that refused a form (`validationError`): the page has not changed, so
 * it is not reloaded.
 */
export function isFormRefusal(value: unknown): boolean {
  return Boolean(value && typeof value === "object" && "fieldErrors" in value);
}
