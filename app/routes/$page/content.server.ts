/**
 * The content pages' loader and action: the dealer's Markdown page for the address (server/content),
 * and the lead forms the Service and Parts & Accessories pages carry (the lead forms' one pipeline,
 * server/leads/formAction.ts). The dealer comes from the host; the page name from the address. The
 * forms follow the dealer's enquiry rules as /contact does (spec 000 section 5): 'Select a Preferred
 * Dealership' where the dealer has several, the location or department select where configured (the
 * department starts at the page's own: Service or Parts), the optional Rego. A page's location blocks
 * (`{{locations:service}}` in its Markdown) become the dealer's location cards from tenant.json.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import { EVENT } from "~/domain/analyticsEvents";
import { leadFormId } from "~/components/forms/leadFormNames";
import { leadFormValidator, type vehicleLeadSchema } from "~/components/forms/leadSchemas";
import type { EnquiryFormRules } from "~/domain/enquiryRules";
import { dealerHasPage, departmentsOf } from "~/domain/dealerDepartments";
import { dedupeSameStreet, locationsForBlock } from "~/domain/locations";
import { toLocalDigits } from "~/domain/phone";
import type { ReviewSummary } from "~/domain/reviews";
import { locationCards, withServiceTabs, type LocationCardView } from "~/routes/locations/locationView.server";
import { contentPage, PAGE_NAME, type ContentPage, type PageForm } from "@server/content/pages";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { enquiryFormRules, leadFormSpec, submitLeadForm } from "@server/leads/formAction";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import { locationSummaries } from "@server/reviews";
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
export function pageFormDefaults(rules: EnquiryFormRules, form: PageForm): Record<string, string> {
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
  // A workshop's pages (Service, Parts, Roadside Assistance) only for a dealer with a workshop (issue 26).
  const has = name !== null && dealerHasPage(`/${name}`, departmentsOf(tenant), tenant.paths.parts);
  const page = name && has ? await contentPage(platform.env.tenantsDir, tenant, name) : null;
  if (!page) throw new Response("Not found", { status: 404 });
  return { platform, tenant, page, url };
}

export async function contentPageLoader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant, page, url } = await findPage(request, context);
  // Every page has one address: /pages/{page} is the same page under its own name.
  if (url.pathname.startsWith("/pages/")) throw redirect(`/${page.name}`, 301);
  const blocks = await locationBlocks(platform, tenant, page, new Date());
  return data(contentPageView(tenant, page, url.origin, blocks), { headers: { "Cache-Control": PAGE_CACHE } });
}

/**
 * The cards of each location block on the page, by its filter (spec 001 section 2): sorted sales,
 * service, parts; same-street duplicates and repeated phone numbers left out where the dealer says so.
 * A filter no location answers has no cards, and the block is left out.
 */
export async function locationBlocks(
  platform: Platform,
  tenant: TenantConfig,
  page: ContentPage,
  now: Date,
): Promise<Record<string, LocationCardView[]>> {
  const filters = [...new Set(page.sections.flatMap((s) => (s.kind === "locations" ? [s.filter] : [])))];
  if (!filters.length) return {};
  const summaries = await locationSummaries(platform, tenant).catch((error) => {
    log.warn("location ratings unavailable", { tenant: tenant.slug, error: String(error) });
    return new Map<string, ReviewSummary>();
  });
  const blocks: Record<string, LocationCardView[]> = {};
  for (const filter of filters) {
    const chosen = locationsForBlock(tenant.locations, filter);
    const listed = tenant.features.dedupeSameStreetLocations ? dedupeSameStreet(chosen) : chosen;
    if (!listed.length) log.warn("location block shows nothing", { tenant: tenant.slug, page: page.name, filter });
    const cards = locationCards(tenant, listed, summaries, now);
    // The Sales/Service tabs variant, as on /locations: an 'all' block folds each yard's service into its sales card.
    blocks[filter] = filter === "all" && tenant.features.locationCardTabs ? withServiceTabs(tenant, listed, cards, now) : cards;
  }
  return blocks;
}

/** What the page shows, in order: a run of its text, or a block of location cards. */
export type PageView =
  { kind: "text"; html: string } | { kind: "locations"; filter: string; heading: string | null; cards: LocationCardView[] };

export function contentPageView(tenant: TenantConfig, page: ContentPage, origin: string, blocks: Record<string, LocationCardView[]> = {}) {
  const bookingUrl = page.form === "service" ? (tenant.features.serviceBookingUrl ?? null) : null;
  // The dealer's online service booking provider, framed on the Service page (the form stays under it).
  const bookingFrameUrl = page.form === "service" && !bookingUrl ? (tenant.features.serviceBookingFrameUrl ?? null) : null;
  const rules = pageFormRules(tenant);
  return {
    kind: "content" as const,
    siteName: tenant.name,
    canonical: `${origin}/${page.name}`,
    page: { name: page.name, title: page.title, description: page.description },
    // The page's text runs and its location blocks with their cards, in page order.
    sections: page.sections.flatMap((section): PageView[] => {
      if (section.kind === "text") return [section];
      const cards = blocks[section.filter] ?? [];
      return cards.length ? [{ kind: "locations", filter: section.filter, heading: section.heading, cards }] : [];
    }),
    // A dealer whose manufacturer takes service bookings sends shoppers there instead of the form.
    bookingUrl,
    bookingFrameUrl,
    form:
      page.form && !bookingUrl
        ? { kind: page.form, ...PAGE_FORM_TEXT[page.form], rules, defaults: pageFormDefaults(rules, page.form) }
        : null,
    optInShown: tenant.features.enquiryOptInShown,
  };
}

/** What a content page shows (the loader's data). */
export type ContentPageView = ReturnType<typeof contentPageView>;

export async function contentPageAction({ request, context }: ActionFunctionArgs) {
  const { tenant, page } = await findPage(request, context);
  // Only a page showing a form takes posts (the service form gives way to the manufacturer's booking page).
  if (!page.form || (page.form === "service" && tenant.features.serviceBookingUrl)) {
    throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  return submitLeadForm({ request, context, success: "/success", forms: pageLeadForms(tenant, page.form, `/${page.name}`) });
}

/**
 * The lead form of a Service or Parts page (and of the parts search, which files the same parts
 * enquiry): a general enquiry with the form's subcategory, its analytics event on the page's path.
 */
export function pageLeadForms(tenant: TenantConfig, form: PageForm, eventPath: string) {
  const text = PAGE_FORM_TEXT[form];
  const rules = pageFormRules(tenant);
  return {
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
      event: () => ({ id: EVENT.generalEnquiry, path: eventPath, payload: { form } }),
    }),
  };
}
