/**
 * /cars/{slug}: the vehicle detail page, and its action for the page's lead forms (enquiry, 'Find Me
 * Something Similar', Request Photos). The similar cars are not in the page: the browser loads them from
 * /cars/{slug}/similar once their block is near the view (spec 000 section 9; decision 0031).
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PrefetchWhenIdle } from "~/components/PrefetchWhenIdle";
import { isFormRefusal, leadFormId, VEHICLE_LEAD_FORMS } from "~/components/forms/leadFormNames";
import { isWatchlistCall } from "~/components/watchlist/watchlistCalls";
import { leadFormValidator } from "~/components/forms/leadSchemas";
import { leadFormSpec, submitLeadForm } from "@server/leads/formAction";
import { leadFor } from "@server/leads/formLeads";
import { isDocumentRequest, requireVehicle } from "@server/vehicles/loadVehicle";
import { vehiclePageData } from "@server/vehicles/pageData";
import type { VehiclePageData } from "~/domain/vehiclePage";
import { VehiclePage } from "./VehiclePage";
import { loadCalculatedQuote } from "@server/finance/calculatedQuote";
import { isAvailable } from "~/domain/vehicle";
import { leadEventId } from "~/domain/leadEvents";
import { trackPageView } from "@server/analytics.server";
import { deliveryOutcome } from "@server/delivery";
import { loadPriceComparison } from "@server/market";
import { dealerFrom } from "@server/http/loadContext";
import { NO_STORE, PAGE_CACHE } from "@server/http/cachePolicy";
import { PAGE_VIEW_HEADER, PAGE_VIEW_PAYLOAD_HEADER } from "@server/http/pageCache";
import { carTag, SURROGATE_KEY_HEADERS, surrogateKeyHeaders } from "@server/http/surrogateKeys";
import { EVENT } from "~/domain/analyticsEvents";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const vehicle = await requireVehicle(platform, tenant, params.slug);
  const url = new URL(request.url);
  const now = new Date();

  // A full page load brings the price comparison with it, so it works without JavaScript; after an
  // in-app navigation the browser loads it itself when needed. The page is the same for every shopper
  // (kept by the page cache and a CDN for a minute): nothing here reads who asks.
  const fullPage = isDocumentRequest(request);
  const [views, priceComparison, delivery, calculatedQuote] = await Promise.all([
    platform.viewCounts.of(tenant.slug, vehicle.id).catch(() => 0),
    fullPage && isAvailable(vehicle)
      ? loadPriceComparison(platform.marketPrice, tenant, vehicle)
      : Promise.resolve(isAvailable(vehicle) ? ("later" as const) : null),
    url.searchParams.has("postcode") ? deliveryOutcome(platform.delivery, tenant, url.searchParams.get("postcode")) : Promise.resolve(null),
    loadCalculatedQuote(platform, tenant, vehicle, now),
  ]);
  // A used car's view is an event the dealer sees: counted here when the page is rendered, and by the
  // page cache for every copy it serves (X-Page-View, with the car in its payload).
  const viewHeaders: Record<string, string> = {};
  if (vehicle.car_type === "used") {
    trackPageView(platform.db, tenant.slug, EVENT.usedCarView, { path: url.pathname, payload: { car_id: vehicle.id } });
    viewHeaders[PAGE_VIEW_HEADER] = String(EVENT.usedCarView);
    viewHeaders[PAGE_VIEW_PAYLOAD_HEADER] = JSON.stringify({ car_id: vehicle.id });
  }
  const page = vehiclePageData({
    tenant,
    vehicle,
    now,
    requestUrl: request.url,
    views,
    priceComparison,
    delivery,
    calculatedQuote,
  });
  // A CDN files the page under its car too (the pipeline adds the dealer), so a purge of the car reaches it.
  return data<VehiclePageData>(page, {
    headers: { "Cache-Control": PAGE_CACHE, ...viewHeaders, ...surrogateKeyHeaders([carTag(vehicle.id)]) },
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const vehicle = await requireVehicle(platform, tenant, params.slug);
  const now = new Date();
  const forms = Object.fromEntries(
    VEHICLE_LEAD_FORMS.map((form) => [
      form,
      leadFormSpec({
        formId: leadFormId(form),
        validator: leadFormValidator(form, { messageRequired: tenant.features.enquiryMessageRequired, now }),
        lead: (values, path) => leadFor(form, vehicle, values, path),
        event: () => ({ id: leadEventId("enquiry", vehicle), path: `/cars/${vehicle.slug}`, payload: { car_id: vehicle.id, form } }),
      }),
    ]),
  );
  return submitLeadForm({ request, context, forms, success: `/success?${new URLSearchParams({ car: vehicle.slug })}` });
}

/**
 * Shared for a minute (a refused form, the action's answer, has no loader headers: never stored), with the
 * car's surrogate keys (the pipeline drops them from any answer that is not public).
 */
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers: Record<string, string> = {
    "Cache-Control": actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? NO_STORE,
  };
  for (const name of [PAGE_VIEW_HEADER, PAGE_VIEW_PAYLOAD_HEADER, ...SURROGATE_KEY_HEADERS]) {
    const value = loaderHeaders.get(name);
    if (value) headers[name] = value;
  }
  return headers;
};

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

/**
 * Refused forms come back as action data, and saving to the watchlist changes nothing the page shows:
 * the page itself has not changed, so it is not reloaded.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, formAction, defaultShouldRevalidate }) =>
  isFormRefusal(actionResult) || isWatchlistCall(formAction) ? false : defaultShouldRevalidate;

export default function VehicleRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <VehiclePage data={data} />
      {/* When idle, the dealer's results page, so going there shows no empty parts. */}
      <PrefetchWhenIdle page={data.searchPath} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
