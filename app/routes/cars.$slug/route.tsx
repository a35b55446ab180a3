/**
 * /cars/{slug}: the vehicle detail page, and its action for the page's lead forms (enquiry, 'Find Me
 * Something Similar', Request Photos). After an in-app navigation the browser loads the similar cars
 * itself from /cars/{slug}/similar.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { isLeadFormProblem, LEAD_FORMS, type LeadFormName } from "~/components/vehicle/leadForms";
import { leadFor, parseLeadForm } from "~/components/vehicle/leadForms.server";
import { readFormBody, refuseTooManyLeads, typedValues, unreadableForm } from "~/components/vehicle/leadGuards.server";
import { isDocumentRequest, loadSimilarCars, requireVehicle } from "@server/vehicles/loadVehicle";
import { vehiclePageData } from "@server/vehicles/pageData";
import type { VehiclePageData } from "~/domain/vehiclePage";
import { VehiclePage } from "./VehiclePage";
import { isAvailable } from "~/domain/vehicle";
import { leadEventId } from "~/domain/leadEvents";
import { trackEvent } from "@server/analytics.server";
import { getVehicleViews } from "@server/db/activity";
import { submitLead } from "@server/leads";
import { deliveryOutcome, deliveryPort } from "@server/delivery";
import { log } from "@server/log";
import { loadPriceComparison, marketPriceFor } from "@server/market";
import { dealerFrom } from "@server/http/loadContext";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const vehicle = await requireVehicle(platform, tenant, params.slug);
  const url = new URL(request.url);
  const now = new Date();

  // A full page load brings the optional blocks with it, so they work without JavaScript; after an
  // in-app navigation the browser loads them itself when needed.
  const fullPage = isDocumentRequest(request);
  const [views, similar, priceComparison, delivery] = await Promise.all([
    getVehicleViews(platform.db, tenant.slug, vehicle.id).catch(() => 0),
    fullPage ? loadSimilarCars(platform, tenant, vehicle, now) : Promise.resolve({ state: "later" as const }),
    fullPage && isAvailable(vehicle)
      ? loadPriceComparison(marketPriceFor(platform.env, platform.search), tenant, vehicle)
      : Promise.resolve(isAvailable(vehicle) ? ("later" as const) : null),
    url.searchParams.has("postcode") ? deliveryOutcome(deliveryPort(), tenant, url.searchParams.get("postcode")) : Promise.resolve(null),
  ]);
  if (vehicle.car_type === "used") {
    await trackEvent(platform.db, tenant.slug, 4, { path: url.pathname, payload: { car_id: vehicle.id } });
  }
  const data = vehiclePageData({ tenant, vehicle, now, requestUrl: request.url, views, similar, priceComparison, delivery });
  return json<VehiclePageData>(data, { headers: { "Cache-Control": "private, no-cache" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const vehicle = await requireVehicle(platform, tenant, params.slug);
  const form = await readFormBody(request);
  if (!form) return unreadableForm("enquiry");
  const intent = String(form.get("intent") ?? "") as LeadFormName;
  if (!LEAD_FORMS.includes(intent))
    return json({ form: "enquiry", errors: { form: "Please use one of the forms on this page." }, values: {} }, { status: 400 });

  const parsed = parseLeadForm(intent, tenant, form);
  // Bots get the same answer as people, so they learn nothing; nothing is stored.
  if (parsed.ok === "bot") return redirect(`/success?${new URLSearchParams({ car: vehicle.slug })}`);
  if (!parsed.ok) return json(parsed.problem, { status: 400 });
  const tooMany = await refuseTooManyLeads({
    db: platform.db,
    tenant: tenant.slug,
    context,
    form: intent,
    data: form,
    contact: parsed.values,
  });
  if (tooMany) return tooMany;

  let duplicate = false;
  try {
    ({ duplicate } = await submitLead(platform, tenant, leadFor(intent, vehicle, parsed.values, new URL(request.url).pathname)));
  } catch (error) {
    log.error("lead not stored", { tenant: tenant.slug, car: vehicle.id, form: intent, error: String(error) });
    // The spec's lead failure message, with everything typed kept for another try.
    return json({ form: intent, errors: { form: "An unexpected error occured" }, values: typedValues(form) }, { status: 500 });
  }
  // A repeat of the same enquiry within ten minutes is one lead, and one analytics event.
  if (!duplicate)
    await trackEvent(platform.db, tenant.slug, leadEventId("enquiry", vehicle), {
      path: `/cars/${vehicle.slug}`,
      payload: { car_id: vehicle.id, form: intent },
    });
  return redirect(`/success?${new URLSearchParams({ car: vehicle.slug })}`);
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-cache",
});

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Car not found" }, { name: "robots", content: "noindex" }];
  return [
    { title: data.seo.title },
    { name: "description", content: data.seo.description },
    { tagName: "link", rel: "canonical", href: data.canonical },
    { property: "og:type", content: "product" },
    { property: "og:title", content: data.seo.title },
    { property: "og:description", content: data.seo.description },
    { property: "og:url", content: data.canonical },
    { property: "og:image", content: data.seo.ogImage },
    { property: "og:site_name", content: data.siteName },
    { name: "twitter:card", content: "summary_large_image" },
  ];
};

/** Refused forms come back as action data; the page itself has not changed, so it is not reloaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isLeadFormProblem(actionResult) ? false : defaultShouldRevalidate;

export default function VehicleRoute() {
  const data = useLoaderData<typeof loader>();
  return <VehiclePage data={data} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
