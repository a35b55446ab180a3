/**
 * The content pages' loader and action: the dealer's Markdown page for the address (server/content),
 * and the lead forms the Service and Parts & Accessories pages carry (the lead forms' one pipeline,
 * server/leads/formAction.ts). The dealer comes from the host; the page name from the address.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { EVENT } from "~/domain/analyticsEvents";
import { leadFormId } from "~/components/forms/leadFormNames";
import { vehicleLeadSchema } from "~/components/forms/leadSchemas";
import { toLocalDigits } from "~/domain/phone";
import { contentPage, PAGE_NAME, type ContentPage, type PageForm } from "@server/content/pages";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { leadFormSpec, submitLeadForm } from "@server/leads/formAction";
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

/** The shopper's rego, optional, as the spec's placeholder asks: 'Rego - Helps us better assist your enquiry'. */
const rego = z
  .string()
  .trim()
  .max(10, "Please enter a valid rego.")
  .refine((r) => r === "" || /^[A-Za-z0-9 -]+$/.test(r), "Please enter a valid rego.")
  .optional()
  .default("");

const pageFormValidator = () => withZod(vehicleLeadSchema("enquiry", { messageRequired: true }).extend({ rego }));
type PageFormValues = z.infer<ReturnType<typeof vehicleLeadSchema>> & { rego: string };

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
  return {
    siteName: tenant.name,
    canonical: `${origin}/${page.name}`,
    page,
    // A dealer whose manufacturer takes service bookings sends shoppers there instead of the form.
    bookingUrl,
    form: page.form && !bookingUrl ? { kind: page.form, ...PAGE_FORM_TEXT[page.form] } : null,
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
  return submitLeadForm({
    request,
    context,
    success: "/success",
    forms: {
      enquiry: leadFormSpec<PageFormValues>({
        formId: PAGE_FORM_ID,
        validator: pageFormValidator(),
        lead: (values, sourcePath) => ({
          category: "General Enquiry",
          subcategory: text.subcategory,
          name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          phone: toLocalDigits(values.phone),
          postcode: values.postcode,
          message: [values.rego ? `Rego: ${values.rego.toUpperCase()}` : "", values.message].filter(Boolean).join("\n"),
          source_path: sourcePath,
          payload: {
            dealership_slug: tenant.slug,
            opt_in: values.opt_in,
            subcategory: text.subcategory,
            ...(values.rego ? { rego: values.rego.toUpperCase() } : {}),
          },
        }),
        event: () => ({ id: EVENT.generalEnquiry, path: `/${page.name}`, payload: { form: page.form } }),
      }),
    },
  });
}
