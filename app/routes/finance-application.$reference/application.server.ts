/**
 * The embedded broker's 'application received' page: the application with this reference, shown only
 * to the signed-in shopper whose mobile made it. A signed-out shopper is asked to sign in (for every
 * reference alike); another shopper, another dealer's reference or one that never existed is a 404,
 * so nothing tells whether a reference exists. Private, never stored.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireShopper } from "@server/auth/session";
import { getFinanceCustomerByReference } from "@server/db/finance";
import { getVehicleById } from "@server/db/vehicles";
import { readApplicationReference } from "@server/finance/reference";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { applicationView } from "./applicationView";

const headers = { "Cache-Control": PRIVATE_NO_STORE };

const notFound = () => new Response("Not found", { status: 404, headers });

export async function applicationLoader(args: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(args.context);
  const shopper = await requireShopper(args, "finance");
  const reference = readApplicationReference(args.params.reference ?? "");
  if (!reference) throw notFound();
  const application = await getFinanceCustomerByReference(platform.db, tenant.slug, reference);
  if (!application || application.phone !== shopper.phone) throw notFound();
  const vehicle = application.car_id ? await getVehicleById(platform.db, tenant.slug, application.car_id) : null;
  return data(
    {
      siteName: tenant.name,
      searchPath: tenant.paths.searchPrefix,
      application: applicationView({
        reference,
        payload: application.payload,
        createdAt: application.created_at,
        vehicle,
        dealer: { name: tenant.name, phone: tenant.contact.phone },
      }),
    },
    { headers },
  );
}
