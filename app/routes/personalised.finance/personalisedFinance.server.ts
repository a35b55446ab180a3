/**
 * /personalised/finance (spec 001 sections 2, 4, 7 and 8): the server half of the finance journey.
 *
 * The loader reads every parameter of the address (readFinanceParams), the car it names, and either
 * the 'Get Finance Now' landing (no car, the dealer's `features.financeLandingCta`) or the journey with
 * its quote worked out here, so the page is whole without JavaScript. The vehicle page's popup asks
 * the same loader for the same data.
 *
 * The action takes the journey's posts (`intent`), with step 1's values in the address and step 2's in
 * the body:
 * - send: check the mobile and have a code sent through the PhoneAuth port (rate limit, verification
 *   record and event 36 are the port's);
 * - verify: check the code and sign the shopper in (event 37; the session cookie);
 * - lead: file the 'Finance Enquiry' lead for the signed-in shopper (the browser's half of the final
 *   step, beside its POST /api/youx/create-customer);
 * - submit: the whole final step for a page without JavaScript: verify, then create the customer with
 *   the finance broker and file the lead in parallel, then redirect to the broker's address.
 *
 * This module reads what every step needs and hands each to its module in steps/ (landing.server.ts,
 * quote.server.ts for step 1, code.server.ts for send and verify, lead.server.ts, submit.server.ts); what
 * the steps share is in steps/shared.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { EMPTY_DETAILS, type JourneyIntent } from "~/components/finance/journeyCopy";
import { UNKNOWN_ERROR } from "~/domain/finance/financeForm";
import { gatedSignInType } from "~/domain/gating";
import { toLocalDigits } from "~/domain/phone";
import { requireShopper, shopperFromRequest, type Shopper } from "@server/auth/session";
import { PRIVATE_NO_CACHE } from "@server/http/cachePolicy";
import { clientAddressOf } from "@server/http/loadContext";
import { carPageFor } from "@server/leads/enquiryPages";
import { HONEYPOT_FIELD, readFormBody } from "@server/leads/formAction";
import { sendStep, verifyStep } from "./steps/code.server";
import { landingData } from "./steps/landing.server";
import { leadStep } from "./steps/lead.server";
import { journeyData } from "./steps/quote.server";
import {
  detailsFrom,
  financeDealer,
  journeyStart,
  journeyUrlOf,
  refused,
  type JourneyPost,
  type PersonalisedFinanceData,
} from "./steps/shared.server";
import { submitStep } from "./steps/submit.server";

export { journeyLead } from "./steps/lead.server";
export { quoteFor } from "./steps/quote.server";
export type { PersonalisedFinanceData } from "./steps/shared.server";

export async function personalisedFinanceLoader(args: LoaderFunctionArgs) {
  const { platform, tenant } = financeDealer(args.context);
  const url = journeyUrlOf(args.request);
  // A gated route (type finance): a signed-out shopper signs in first and comes back here.
  const gate = gatedSignInType(url.pathname, url.searchParams, tenant.gating, tenant.paths);
  // From a direct link, the sign-in's 'back' is the car (not the home page).
  const shopper: Shopper | null = gate
    ? await requireShopper(args, gate, await carPageFor(platform, tenant, url.searchParams.get("car_id")))
    : await shopperFromRequest(platform, tenant, args.request);
  const start = await journeyStart(platform, tenant, url);
  // Step 1's form sends step=1, and its 'Get A Personalised Quote' button step=2 as well.
  const steps = url.searchParams.getAll("step");
  const step = steps.includes("2") ? 2 : steps.length ? 1 : null;

  if (!start.vehicle && step === null && tenant.features.financeLandingCta) {
    const page: PersonalisedFinanceData = await landingData(platform, tenant);
    return data(page, { headers: { "Cache-Control": PRIVATE_NO_CACHE } });
  }

  const journey = await journeyData({ platform, tenant, request: args.request, url, shopper, start, step: step ?? 1 });
  const page: PersonalisedFinanceData = { mode: "journey", siteName: tenant.name, journey };
  return data(page, { headers: { "Cache-Control": PRIVATE_NO_CACHE } });
}

export async function personalisedFinanceAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { platform, tenant } = financeDealer(context);
  const data = await readFormBody(request);
  if (!data) return refused({ form: UNKNOWN_ERROR }, EMPTY_DETAILS, false, 400);
  const intent = String(data.get("intent") ?? "") as JourneyIntent;
  const details = detailsFrom(data);
  const codeSent = data.get("code_sent") === "1";
  // Bots fill the field no person sees; they learn nothing, and nothing is sent or stored.
  if (String(data.get(HONEYPOT_FIELD) ?? "") !== "") return refused({ form: UNKNOWN_ERROR }, details, codeSent, 400);

  const url = journeyUrlOf(request);
  const start = await journeyStart(platform, tenant, url);
  const clientAddress = clientAddressOf(context);
  const shopper = await shopperFromRequest(platform, tenant, request);
  const verifiedPhone = shopper ? toLocalDigits(shopper.phone) : null;
  const post: JourneyPost = { platform, tenant, request, data, details, codeSent, url, start, clientAddress, shopper, verifiedPhone };

  switch (intent) {
    case "send":
      return sendStep(post);
    case "verify":
      return verifyStep(post);
    case "lead":
      return leadStep(post);
    case "submit":
      return submitStep(post);
    default:
      return refused({ form: UNKNOWN_ERROR }, details, codeSent, 400);
  }
}
