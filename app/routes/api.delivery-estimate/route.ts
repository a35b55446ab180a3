/**
 * GET /api/delivery-estimate?postcode=2150: the delivery calculator's answer for script-enabled pages
 * (the same port answers the page's plain GET form without script). Always 200 with the outcome:
 * the estimate, 'Please enter a postcode.' or the spec's 'Sorry...' message (also for a postcode the
 * platform's geocoder does not know).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { deliveryOutcome } from "@server/delivery";
import { dealerFrom } from "@server/http/loadContext";
import { PRIVATE_FIVE_MINUTES } from "@server/http/cachePolicy";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const postcode = new URL(request.url).searchParams.get("postcode");
  return json(await deliveryOutcome(platform.delivery, tenant, postcode), { headers: { "Cache-Control": PRIVATE_FIVE_MINUTES } });
}
