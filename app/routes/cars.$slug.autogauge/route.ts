/**
 * GET /cars/{slug}/autogauge (spec 000 section 7): the price comparison for the car (fill,
 * listing_price, market_range_min, market_range_max, confidence, description) from the market-price
 * port. No data is an empty object; the browser hides the block for that and for any failure.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireVehicle } from "@server/vehicles/loadVehicle";
import { isAvailable } from "~/domain/vehicle";
import { loadPriceComparison } from "@server/market";
import { dealerFrom } from "@server/http/loadContext";
import { PRIVATE_FIVE_MINUTES } from "@server/http/cachePolicy";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const vehicle = await requireVehicle(platform, tenant, params.slug);
  const comparison = isAvailable(vehicle) ? await loadPriceComparison(platform.marketPrice, tenant, vehicle) : null;
  return json(comparison ?? {}, { headers: { "Cache-Control": PRIVATE_FIVE_MINUTES } });
}
