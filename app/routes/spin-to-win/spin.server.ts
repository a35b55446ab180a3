/**
 * /spin-to-win (features.spinToWin, else 404): the dealer's prize wheel. A spin belongs to a phone, so
 * a signed-out shopper is always sent to sign in with type spin-to-win, on a dealer that gates the page
 * (gating.kinds) and on one that does not. The action draws and stores the one spin (server/spinToWin).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { reportedLeadFor } from "@server/analytics.server";
import { requireShopper } from "@server/auth/session";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { fileLead, findSpin, spinOnce } from "@server/spinToWin/spins";

const headers = { "Cache-Control": PRIVATE_NO_STORE };

/** The sign-in type of this page: the spec's, whether or not the dealer's gating lists it. */
export const SPIN_SIGN_IN_TYPE = "spin-to-win";

async function spinPage(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { platform, tenant } = dealerFrom(args.context);
  if (!tenant.features.spinToWin) throw new Response("Not found", { status: 404, headers });
  const shopper = await requireShopper(args, SPIN_SIGN_IN_TYPE);
  return { platform, tenant, shopper, path: new URL(args.request.url).pathname };
}

export async function spinLoader(args: LoaderFunctionArgs) {
  const { platform, tenant, shopper, path } = await spinPage(args);
  let spin = await findSpin(platform.db, tenant, shopper.phone);
  // A spin whose lead was not stored at the time is filed now, so the dealer still hears of the prize.
  if (spin && !spin.leadId) spin = await fileLead(platform, tenant, shopper, spin, path);
  return data(
    {
      siteName: tenant.name,
      campaign: tenant.spinToWin.campaign,
      prizes: tenant.spinToWin.prizes.map((p) => p.label),
      terms: tenant.spinToWin.terms,
      firstName: shopper.first_name,
      prize: spin?.prize ?? null,
    },
    { headers },
  );
}

export async function spinAction(args: ActionFunctionArgs) {
  const { platform, tenant, shopper, path } = await spinPage(args);
  const result = await spinOnce(platform, tenant, shopper, path);
  if (!result.ok)
    return data(
      { prize: null, fresh: false, error: "The prize wheel isn't ready yet. Please try again later.", dealerLead: null },
      { headers },
    );
  // A fresh spin's lead, for the dealer's own analytics tags: this answer is where the browser learns of it.
  const dealerLead = result.fresh ? await reportedLeadFor(platform.db, tenant, result.spin.leadId) : null;
  return data({ prize: result.spin.prize, fresh: result.fresh, error: null, dealerLead }, { headers });
}
