/**
 * GET /api/me: whether this browser's shopper is signed in on this dealer's site, and their first name,
 * for the header's signed-in part ('Sign out'); the ids of the cars in their watchlist for the Save
 * buttons; and their account's details (first and last name, e-mail, mobile) so lead forms can fill
 * them in (local user details, spec 000 section 3). Asked by the page after it loads, so every public
 * page stays the same for everyone and cacheable. Never stored by any cache.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { formatPhone } from "~/domain/phone";
import { shopperFromRequest } from "@server/auth/session";
import { listWatchlist } from "@server/db/watchlist";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const shopper = await shopperFromRequest(platform, tenant, request);
  const headers = { "Cache-Control": PRIVATE_NO_STORE, Vary: "Cookie" };
  if (!shopper) return json({ signedIn: false, firstName: "", savedCarIds: [] as string[] }, { headers });
  // The cars this shopper saved, so each Save button shows its state once the page has loaded.
  const savedCarIds = await listWatchlist(platform.db, tenant.slug, shopper.phone).catch(() => []);
  return json(
    {
      signedIn: true,
      firstName: shopper.first_name,
      savedCarIds,
      details: { name: shopper.first_name, last_name: shopper.last_name, email: shopper.email, phone: formatPhone(shopper.phone) },
    },
    { headers },
  );
}
