/**
 * /print?car_id={slug}: the printable page for a car, opened in a new tab from the vehicle page.
 * Opening it is the print event (61), recorded through the analytics port so it counts without script.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { brochureDate, dealerTimeZone } from "@server/pdf/brochureData";
import { requireVehicle } from "@server/vehicles/loadVehicle";
import { addressLine, carFinanceEstimate, carLocation, dealerPhone, siteOrigin, vehicleSummary } from "@server/vehicles/pageData";
import { PrintPage, type PrintData } from "./PrintPage";
import { isShownRepayment } from "~/domain/financeEstimate";
import { loadCalculatedQuote } from "@server/finance/calculatedQuote";
import { NEW_ARRIVAL_PLACEHOLDER } from "~/domain/galleryRules";
import { formatMoney } from "~/domain/money";
import { formatPhone } from "~/domain/phone";
import { trackEvent } from "@server/analytics.server";
import { dealerFrom } from "@server/http/loadContext";
import { PRIVATE_NO_CACHE } from "@server/http/cachePolicy";
import { EVENT } from "~/domain/analyticsEvents";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const url = new URL(request.url);
  const vehicle = await requireVehicle(platform, tenant, url.searchParams.get("car_id") ?? undefined);
  const now = new Date();
  const car = vehicleSummary(tenant, vehicle, now);
  const location = carLocation(tenant, vehicle);
  const estimate = carFinanceEstimate(tenant, vehicle, car.sellingPrice, now, await loadCalculatedQuote(platform, tenant, vehicle, now));
  await trackEvent(platform.db, tenant.slug, EVENT.print, { path: `/cars/${vehicle.slug}`, payload: { car_id: vehicle.id } });
  const page: PrintData = {
    car,
    images: vehicle.images.length > 1 ? vehicle.images.slice(0, 4).map((i) => i.url) : [vehicle.images[0]?.url || NEW_ARRIVAL_PLACEHOLDER],
    dealer: {
      name: tenant.name,
      location: location.name,
      address: addressLine(location),
      phone: formatPhone(dealerPhone(tenant, vehicle)),
      email: location.contact_detail.email ?? tenant.contact.email,
      licence: location.dealer_license_number || tenant.footer.dealerLicence,
    },
    url: `${siteOrigin(tenant, request.url)}/cars/${vehicle.slug}`,
    printedOn: brochureDate(now, dealerTimeZone(tenant, location.address.state)),
    financeNote:
      estimate && isShownRepayment(estimate.weekly)
        ? `Finance from ${formatMoney(estimate.weekly)} per week (${formatMoney(estimate.monthly)} per month), estimate only.`
        : null,
  };
  return data(page, { headers: { "Cache-Control": PRIVATE_NO_CACHE } });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.car.title} | Print` }, { name: "robots", content: "noindex" }] : [{ title: "Car not found" }];

export default function PrintRoute() {
  const data = useLoaderData<typeof loader>();
  return <PrintPage data={data as unknown as PrintData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
