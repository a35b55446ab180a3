/**
 * /contact: the general enquiry (spec 000 section 5). The dealer's enquiry rules (the category select,
 * 'Select a Preferred Dealership' where the dealer has several, the location or department select where
 * configured, the optional Rego), the message unless the dealer relaxes it, the opt-in where shown and
 * the captcha where on; the action is the lead forms' pipeline (server/leads/formAction.ts). A careers
 * enquiry is filed as General Enquiry / Career Enquiry and counted as event 51; the others by category.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { leadFormId } from "~/components/forms/leadFormNames";
import { leadFormValidator, type LeadFormValues } from "~/components/forms/leadSchemas";
import {
  DEFAULT_ENQUIRY_CATEGORY,
  enquiryLeadCategory,
  isEnquiryCategory,
  type EnquiryCategory,
  type EnquiryFormRules,
} from "~/domain/enquiryRules";
import { enquiryEventId } from "~/domain/leadEvents";
import { toLocalDigits } from "~/domain/phone";
import { refererOnThisSite } from "@server/http/sameSite";
import { fallbackQuestionFor } from "@server/captcha";
import type { LeadInput } from "@server/db/leads";
import { PRIVATE_NO_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { enquiryFormRules, leadFormSpec, submitLeadForm } from "@server/leads/formAction";
import type { TenantConfig } from "@server/tenants/schema";

export const CONTACT_FORM_ID = leadFormId("contact");

/** The category a link asks for (`?category=Careers Enquiry`, or `?type=careers`); anything else is the default. */
export function categoryFromQuery(url: URL): EnquiryCategory {
  const asked = url.searchParams.get("category") ?? "";
  if (isEnquiryCategory(asked)) return asked;
  return url.searchParams.get("type") === "careers" ? "Careers Enquiry" : DEFAULT_ENQUIRY_CATEGORY;
}

export function contactRules(tenant: TenantConfig): EnquiryFormRules {
  return enquiryFormRules(tenant, { categories: true, rego: true });
}

export async function contactLoader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const primary = tenant.locations.find((l) => l.primary && l.visible) ?? tenant.locations.find((l) => l.visible) ?? tenant.locations[0];
  return data(
    {
      siteName: tenant.name,
      category: categoryFromQuery(new URL(request.url)),
      rules: contactRules(tenant),
      messageRequired: tenant.features.enquiryMessageRequired,
      optInShown: tenant.features.enquiryOptInShown,
      // For a shopper without JavaScript the question is in the page from the start (the widget replaces it).
      captchaQuestion: fallbackQuestionFor(platform, tenant),
      cameFrom: cameFrom(request),
      contact: {
        phone: tenant.contact.phone,
        email: tenant.contact.email,
        address: `${primary.address.street}, ${primary.address.city} ${primary.address.state} ${primary.address.postcode}`,
        locationName: primary.name,
      },
    },
    // The question's token is made for this page view: never shared.
    { headers: { "Cache-Control": PRIVATE_NO_CACHE } },
  );
}

/** The page of this site the shopper came from (the Referer), for the lead's visited pages without JavaScript. */
function cameFrom(request: Request): string | null {
  const from = refererOnThisSite(request);
  if (!from || from.pathname === "/contact") return null;
  return `${from.pathname}${from.search}`.slice(0, 300);
}

type ContactValues = LeadFormValues & { category: EnquiryCategory; rego?: string };

/** The stored general enquiry: the category (careers filed as General Enquiry / Career Enquiry) and what the shopper chose, written out. */
export function contactLead(tenant: TenantConfig, rules: EnquiryFormRules, values: ContactValues, sourcePath: string): LeadInput {
  const { category, subcategory } = enquiryLeadCategory(values.category);
  const optionLabel = (choice: { options: { value: string; label: string }[] } | null, value: string | undefined) =>
    choice?.options.find((o) => o.value === value)?.label ?? "";
  const dealership = optionLabel(rules.dealership, values.preferred_dealership);
  const place = rules.location ? optionLabel(rules.location, values[rules.location.kind]) : "";
  const lines = [
    `Enquiry type: ${values.category}`,
    ...(dealership ? [`Preferred dealership: ${dealership}`] : []),
    ...(place && rules.location ? [`${rules.location.label}: ${place}`] : []),
    ...(values.rego ? [`Rego: ${values.rego}`] : []),
  ];
  return {
    category,
    subcategory,
    car_id: null,
    name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: toLocalDigits(values.phone),
    postcode: values.postcode,
    message: [...lines, values.message].filter(Boolean).join("\n"),
    source_path: sourcePath,
    payload: {
      dealership_slug: tenant.slug,
      enquiry_category: values.category,
      opt_in: values.opt_in,
      subcategory,
    },
  };
}

export async function contactAction({ request, context }: ActionFunctionArgs) {
  const { tenant } = dealerFrom(context);
  const rules = contactRules(tenant);
  const validator = leadFormValidator("contact", { messageRequired: tenant.features.enquiryMessageRequired, now: new Date(), rules });
  return submitLeadForm({
    request,
    context,
    success: "/success",
    forms: {
      contact: leadFormSpec({
        formId: CONTACT_FORM_ID,
        validator,
        rules,
        lead: (values, path) => contactLead(tenant, rules, values as ContactValues, path),
        event: (values) => {
          const chosen = (values as ContactValues).category;
          return { id: enquiryEventId(chosen), path: "/contact", payload: { form: "contact", category: chosen } };
        },
      }),
    },
  });
}
