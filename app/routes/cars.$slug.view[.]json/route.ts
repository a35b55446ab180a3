/**
 * GET /cars/{slug}/view.json (spec 000 section 7): counts this view of the car and answers the total
 * with the car's current fields (price and status may have changed since the page was made). The
 * website comes from the host; photos_count and updated_at are accepted as the spec's query.
 *
 * A view counts once per visitor (a hash of address and browser, no cookie) per car per day, so
 * reloading the page does not inflate the 'N people viewed this car' shoppers see.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireVehicle } from "@server/vehicles/loadVehicle";
import { recordVehicleView } from "@server/db/activity";
import { clientAddressOf } from "@server/http/loadContext";
import { visitorHash } from "@server/limits/hash";
import { log } from "@server/log";
import { dealerFrom } from "@server/http/loadContext";
import { NO_STORE } from "@server/http/cachePolicy";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const vehicle = await requireVehicle(platform, tenant, params.slug);
  let views: number | null = null;
  try {
    const visitor = visitorHash(clientAddressOf(context), request.headers.get("user-agent"));
    views = await recordVehicleView(platform.db, tenant.slug, vehicle.id, visitor);
    // The next render of the car's page shows this total, not the one read up to a minute ago.
    platform.viewCounts.counted(tenant.slug, vehicle.id, views);
  } catch (error) {
    log.warn("view not counted", { tenant: tenant.slug, car: vehicle.id, error: String(error) });
  }
  return json(
    {
      views,
      car_fields: {
        id: vehicle.id,
        status: vehicle.status,
        price: vehicle.price,
        offer_price: vehicle.offer_price,
        before_price: vehicle.before_price,
        reserved: vehicle.reserved,
        photos_count: vehicle.images.length,
        updated_at: vehicle.updated_at,
      },
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}
