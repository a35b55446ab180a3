/**
 * The content pages' loader and action: the dealer's Markdown page for the address (server/content),
 * and the lead forms the Service and Parts & Accessories pages carry (the lead forms' one pipeline,
 * server/leads/formAction.ts). The dealer comes from the host; the page name from the address. The
 * forms follow the dealer's enquiry rules as /contact does (spec 000 section 5): 'Select a Preferred
 * Dealership' where the dealer has several, the location or department select where configured (the
 * department starts at the page's own: Service or Parts), the optional Rego.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import type { z } from "zod";
import { EVENT } from "~/domain/analyticsEvents";
import { leadFormId } from "~/components/forms/leadFormNames";
import { leadFormValidator, type vehicleLeadSchema } from "~/components/forms/leadSchemas";
import type { EnquiryFormRules } from "~/domain/enquiryRules";
import { toLocalDigits } from "~/domain/phone";
import { contentPage, PAGE_NAME, type ContentPage, type PageForm } from "@server/content/pages";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { enquiryFormRules, leadFormSpec, submitLeadForm } from "@server/leads/formAction";
import type { TenantConfig } from "@server/tenants/schema";

/** The lead form's id on a content page (the forms kit's enquiry form). */
export const PAGE_FORM_ID = leadFormId("enquiry");

/** What each page's form asks and how its lead is filed (a general enquiry with the page's subcategory). */
export const PAGE_FORM_TEXT: Record<
  PageForm,
  { subcategory: string; formTitle: string; message: string; placeholder: string; submit: string }
> = {
  service: {
    subcategory: "Service Booking",
    formTitle: "Book a Service",
    message: "Which service do you need, and when suits you?",
    placeholder: "e.g. 30,000 km logbook service, any weekday morning next week",
    submit: "Request a Booking",
  },
  parts: {
    subcategory: "Parts Enquiry",
    formTitle: "Parts & Accessories Enquiry",
    message: "Which parts or accessories are you after?",
    placeholder: "e.g. Roof racks and a tow bar for a 2023 GWM Cannon",
    submit: "Send Enquiry",
  },
};

/** The dealer's enquiry rules on a Service or Parts page: the optional Rego (their car) with the dealership and department selects. */
export function pageFormRules(tenant: TenantConfig): EnquiryFormRules {
  return enquiryFormRules(tenant, { rego: true });
}

/** The department select starts at the page's own department, where the dealer has it. */
function pageFormDefaults(rules: EnquiryFormRules, form: PageForm): Record<string, string> {
  const department = form === "service" ? "Service" : "Parts";
  return rules.location?.kind === "department" && rules.location.options.some((o) => o.value === department) ? { department } : {};
}

const pageFormValidator = (rules: EnquiryFormRules) => leadFormValidator("enquiry", { messageRequired: true, now: new Date(), rules });
type PageFormValues = z.infer<ReturnType<typeof vehicleLeadSchema>> & { rego?: string };

/** The page's name from the address: /about-us and /pages/about-us both name 'about-us'. */
export function pageNameFromPath(pathname: string): string | null {
  const name = pathname
    .replace(/^\/pages\//, "/")
    .replace(/^\/+|\/+$/g, "")
    .toLowerCase();
  return PAGE_NAME.test(name) ? name : null;
}

async function findPage(request: Request, context: LoaderFunctionArgs["context"]) {
  const { platform, tenant } = dealerFrom(context);
  const url = new URL(request.url);
  const name = pageNameFromPath(url.pathname);
  const page = name ? await contentPage(platform.env.tenantsDir, tenant, name) : null;
  if (!page) throw new Response("Not found", { status: 404 });
  return { tenant, page, url };
}

export async function contentPageLoader({ request, context }: LoaderFunctionArgs) {
  const { tenant, page, url } = await findPage(request, context);
  // Every page has one address: /pages/{page} is the same page under its own name.
  if (url.pathname.startsWith("/pages/")) throw redirect(`/${page.name}`, 301);
  return json(contentPageView(tenant, page, url.origin), { headers: { "Cache-Control": PAGE_CACHE } });
}

export function contentPageView(tenant: TenantConfig, page: ContentPage, origin: string) {
  const bookingUrl = page.form === "service" ? (tenant.features.serviceBookingUrl ?? null) : null;
  const rules = pageFormRules(tenant);
  return {
    siteName: tenant.name,
    canonical: `${origin}/${page.name}`,
    page,
    // A dealer whose manufacturer takes service bookings sends shoppers there instead of the form.
    bookingUrl,
    form:
      page.form && !bookingUrl
        ? { kind: page.form, ...PAGE_FORM_TEXT[page.form], rules, defaults: pageFormDefaults(rules, page.form) }
        : null,
    optInShown: tenant.features.enquiryOptInShown,
  };
}

export async function contentPageAction({ request, context }: ActionFunctionArgs) {
  const { tenant, page } = await findPage(request, context);
  // Only a page showing a form takes posts (the service form gives way to the manufacturer's booking page).
  if (!page.form || (page.form === "service" && tenant.features.serviceBookingUrl)) {
    throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const text = PAGE_FORM_TEXT[page.form];
  const rules = pageFormRules(tenant);
  return submitLeadForm({
    request,
    context,
    success: "/success",
    forms: {
      enquiry: leadFormSpec<PageFormValues>({
        formId: PAGE_FORM_ID,
        validator: pageFormValidator(rules),
        rules,
        lead: (values, sourcePath) => ({
          category: "General Enquiry",
          subcategory: text.subcategory,
          name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          phone: toLocalDigits(values.phone),
          postcode: values.postcode,
          message: [values.rego ? `Rego: ${values.rego}` : "", values.message].filter(Boolean).join("\n"),
          source_path: sourcePath,
          payload: {
            dealership_slug: tenant.slug,
            opt_in: values.opt_in,
            subcategory: text.subcategory,
            ...(values.rego ? { rego: values.rego } : {}),
          },
        }),
        event: () => ({ id: EVENT.generalEnquiry, path: `/${page.name}`, payload: { form: page.form } }),
      }),
    },
  });
}
