/**
 * The enquiry form rules of spec 000 section 5 that every lead form shares, as pure functions the
 * browser and the server both use: the general enquiry's categories (and the careers path), the
 * dealership, location and department selects, the '(check_option)' inputs collected into
 * `additional_services`, and the lead's `lead_attributes` (spec 001 section 3).
 */
import { isFrameworkParam } from "./frameworkParams";
import { isSameSitePath } from "./safeRedirect";

/** The general enquiry's category select (spec 000 section 5: required, default 'General Enquiry'). */
export const ENQUIRY_CATEGORIES = [
  "General Enquiry",
  "New Vehicle Enquiry",
  "Used Vehicle Enquiry",
  "Service Enquiry",
  "Parts Enquiry",
  "Finance Enquiry",
  "Careers Enquiry",
] as const;
export type EnquiryCategory = (typeof ENQUIRY_CATEGORIES)[number];
export const DEFAULT_ENQUIRY_CATEGORY: EnquiryCategory = "General Enquiry";
export const CAREERS_CATEGORY: EnquiryCategory = "Careers Enquiry";

export function isEnquiryCategory(value: unknown): value is EnquiryCategory {
  return typeof value === "string" && (ENQUIRY_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The category and subcategory the dealer's CRM files a general enquiry under. 'Careers Enquiry' is
 * sent as General Enquiry with subcategory Career Enquiry (spec 000 section 5).
 */
export function enquiryLeadCategory(category: EnquiryCategory): { category: string; subcategory: string } {
  if (category === CAREERS_CATEGORY) return { category: "General Enquiry", subcategory: "Career Enquiry" };
  return { category, subcategory: category };
}

/** What /success thanks the shopper for: the stored lead's category, careers named as the shopper chose it. */
export function thankedCategory(lead: { category: string; subcategory: string }): string {
  if (lead.category === "General Enquiry" && lead.subcategory === "Career Enquiry") return CAREERS_CATEGORY;
  return lead.category;
}

/** An option of a select the form shows: the value posted and the label read. */
export interface EnquiryOption {
  value: string;
  label: string;
}

/** The label of the dealership select (spec 000 section 5), word for word. */
export const DEALERSHIP_SELECT_LABEL = "Select a Preferred Dealership";
export const DEALERSHIP_REQUIRED = "Please select a preferred dealership.";
/** The optional Rego field's placeholder (spec 000 section 5), word for word. */
export const REGO_PLACEHOLDER = "Rego - Helps us better assist your enquiry";

/**
 * The dealership select: shown, and required, when the dealer has several dealerships and has not
 * removed it (features.dealershipSelectShown); null otherwise.
 */
export function dealershipChoice(
  dealerships: readonly { slug: string; name: string }[],
  selectShown: boolean,
): { label: string; options: EnquiryOption[] } | null {
  if (!selectShown || dealerships.length < 2) return null;
  return { label: DEALERSHIP_SELECT_LABEL, options: dealerships.map((d) => ({ value: d.slug, label: d.name })) };
}

/** The departments a department select offers, in the order locations are sorted (sales, service, parts). */
const DEPARTMENTS = [
  { type: "sales", label: "Sales" },
  { type: "service", label: "Service" },
  { type: "parts", label: "Parts" },
] as const;

/**
 * The location or department select where the dealer configures one (features.enquirySelect), required
 * when shown: the dealer's visible locations, or the departments its locations have (Sales when none says).
 */
export function locationChoice(
  kind: "none" | "location" | "department",
  locations: readonly { slug: string; name: string; visible: boolean; location_type: string }[],
): { kind: "location" | "department"; label: string; options: EnquiryOption[] } | null {
  const visible = locations.filter((l) => l.visible);
  if (kind === "location") {
    if (visible.length === 0) return null;
    return { kind, label: "Location", options: visible.map((l) => ({ value: l.slug, label: l.name })) };
  }
  if (kind === "department") {
    const types = new Set(visible.map((l) => l.location_type || "sales"));
    const options = DEPARTMENTS.filter((d) => types.has(d.type)).map((d) => ({ value: d.label, label: d.label }));
    return { kind, label: "Department", options: options.length ? options : [{ value: "Sales", label: "Sales" }] };
  }
  return null;
}

/**
 * The enquiry form rules a dealer's form follows, built on the server from the dealer's settings
 * (server/leads/formAction.ts enquiryFormRules) and sent to the page, so the page and the action judge
 * the same fields: the category select of a general enquiry, the dealership select where the dealer has
 * several, the location or department select where configured, the optional Rego.
 */
export interface EnquiryFormRules {
  categories: boolean;
  dealership: { label: string; options: EnquiryOption[] } | null;
  location: { kind: "location" | "department"; label: string; options: EnquiryOption[] } | null;
  rego: boolean;
}

/** The suffix that marks an input as an extra service the shopper may tick (spec 000 section 5). */
export const CHECK_OPTION_SUFFIX = "(check_option)";
const TICKED = new Set(["on", "true", "1", "yes"]);
const MAX_SERVICES = 20;

/**
 * The form's '(check_option)' inputs that are ticked, as the lead's `additional_services` list: the
 * name before the suffix, trimmed, each once, at most 20 of up to 100 characters.
 */
export function additionalServices(entries: Iterable<readonly [string, unknown]>): string[] {
  const services: string[] = [];
  for (const [name, value] of entries) {
    if (!name.endsWith(CHECK_OPTION_SUFFIX) || typeof value !== "string" || !TICKED.has(value.trim().toLowerCase())) continue;
    const service = name
      .slice(0, -CHECK_OPTION_SUFFIX.length)
      .replace(/[\s_]+/g, " ")
      .trim()
      .slice(0, 100);
    if (service && !services.includes(service)) services.push(service);
    if (services.length >= MAX_SERVICES) break;
  }
  return services;
}

/** How many pages `visited_pages` keeps (the latest) and how many query parameters `linked_query_params`. */
export const VISITED_PAGES_KEPT = 10;
const LINKED_PARAMS_KEPT = 30;

export interface LeadAttributes {
  visited_pages: string[];
  linked_query_params: Record<string, string>;
}

/** A page's path and query without the framework's parameters (./frameworkParams.ts). */
function withoutFrameworkQuery(page: string): string {
  const at = page.indexOf("?");
  if (at === -1) return page;
  const query = new URLSearchParams(page.slice(at + 1));
  if (![...query.keys()].some(isFrameworkParam)) return page;
  for (const name of [...query.keys()]) if (isFrameworkParam(name)) query.delete(name);
  const rest = query.toString();
  return rest ? `${page.slice(0, at)}?${rest}` : page.slice(0, at);
}

/**
 * The lead's `lead_attributes`: the same-site pages of this visit (paths only, in order, each once, the
 * latest ten) and the query of the link that brought the shopper (utm tags and the like).
 */
export function leadAttributes(visitedPages: readonly unknown[], linkedQuery: Iterable<readonly [string, string]>): LeadAttributes {
  const pages = visitedPages
    .filter((p): p is string => isSameSitePath(p) && !/\s/.test(p))
    .map((p) => withoutFrameworkQuery(p).slice(0, 300));
  const unique = pages.filter((p, i) => pages.lastIndexOf(p) === i).slice(-VISITED_PAGES_KEPT);
  const linked: Record<string, string> = {};
  for (const [key, value] of linkedQuery) {
    if (Object.keys(linked).length >= LINKED_PARAMS_KEPT) break;
    if (isFrameworkParam(key) || key.length === 0 || key.length > 60 || key in linked) continue;
    linked[key] = String(value).slice(0, 200);
  }
  return { visited_pages: unique, linked_query_params: linked };
}
