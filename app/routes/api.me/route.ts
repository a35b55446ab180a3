/**
 * GET /api/me: whether this browser's shopper is signed in on this dealer's site, and their first name,
 * for the header's signed-in part ('Sign out'), and the ids of the cars in their watchlist for the Save
 * buttons (asked by the page after it loads, so every public page
 * stays the same for everyone and cacheable). Never stored by any cache.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { shopperFromRequest } from "@server/auth/session";
import { listWatchlist } from "@server/db/watchlist";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const shopper = await shopperFromRequest(platform, tenant, request);
  // The cars this shopper saved, so each Save button shows its state once the page has loaded.
  const savedCarIds = shopper ? await listWatchlist(platform.db, tenant.slug, shopper.phone).catch(() => []) : [];
  return json(
    { signedIn: shopper !== null, firstName: shopper?.first_name ?? "", savedCarIds },
    { headers: { "Cache-Control": PRIVATE_NO_STORE, Vary: "Cookie" } },
  );
}
