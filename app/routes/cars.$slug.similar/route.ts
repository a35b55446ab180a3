/**
 * /cars/{slug}/similar: the similar cars for a car (spec 000 section 9), as JSON. The vehicle page's block
 * asks here once it is near the view (decision 0031). The answer is the same for every shopper, so the page
 * cache and a CDN keep it like the page, filed under every car it shows (a sale or reprice of any of
 * them purges it).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { SimilarCars } from "~/domain/vehiclePage";
import { dealerFrom } from "@server/http/loadContext";
import { loadSimilarCars, requireVehicle } from "@server/vehicles/loadVehicle";
import { NO_STORE, PAGE_CACHE } from "@server/http/cachePolicy";
import { carTag, surrogateKeyHeaders } from "@server/http/surrogateKeys";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const vehicle = await requireVehicle(platform, tenant, params.slug);
  const similar = await loadSimilarCars(platform, tenant, vehicle, new Date());
  // A failed search is not kept: the next shopper's block asks again.
  if (similar.state !== "loaded") return json<SimilarCars>(similar, { headers: { "Cache-Control": NO_STORE } });
  const cars = [vehicle.id, ...similar.cars.map((card) => card.id)];
  return json<SimilarCars>(similar, { headers: { "Cache-Control": PAGE_CACHE, ...surrogateKeyHeaders(cars.map(carTag)) } });
}
