/**
 * /cars/{slug}/similar: the similar cars for a car (spec 000 section 9), as JSON. The vehicle page
 * brings them with a full page load; after an in-app navigation the browser asks here once the block is
 * near the view.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { SimilarCars } from "~/domain/vehiclePage";
import { dealerFrom } from "@server/http/loadContext";
import { loadSimilarCars, requireVehicle } from "@server/vehicles/loadVehicle";
import { PRIVATE_ONE_MINUTE } from "@server/http/cachePolicy";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const vehicle = await requireVehicle(platform, tenant, params.slug);
  const similar = await loadSimilarCars(platform, tenant, vehicle, new Date());
  return json<SimilarCars>(similar, { headers: { "Cache-Control": PRIVATE_ONE_MINUTE } });
}
