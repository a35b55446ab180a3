/**
 * 'submit': the whole final step for a page without JavaScript. Before a code was sent, the button sends
 * one (the shopper then types it and sends again); then the code is verified, the customer created with
 * the finance broker and the lead filed in parallel (finishJourney), and the shopper redirected to the
 * broker's address.
 */
import { redirect } from "@remix-run/node";
import {
  customerAdditionalData,
  customerData,
  detailErrors,
  finishJourney,
  hasErrors,
  isVerifiedPhone,
  NOTHING_DONE,
  type JourneyCalls,
} from "~/components/finance/journey";
import type { JourneyAnswer } from "~/components/finance/journeyCopy";
import { linkFinanceCustomerLead } from "@server/db/finance";
import { log } from "@server/log";
import { attributesFrom, fileLead, journeyLead } from "./lead.server";
import { answer, codeCalls, keptDetails, noStore, postcodeRefusal, refused, type JourneyPost } from "./shared.server";

export async function submitStep(post: JourneyPost) {
  const { platform, tenant, request, data, details, codeSent, verifiedPhone, start, url } = post;
  const code = codeCalls(post);
  const needsCode = !isVerifiedPhone(details.phone, verifiedPhone);
  // Before a code was sent, the final button sends one (the shopper then types it and sends again).
  const checks = {
    ...detailErrors(details, { postcode: tenant.features.postcodeOnFinanceForm }, needsCode && codeSent),
    ...(await postcodeRefusal(platform.geocoder, tenant, details)),
  };
  if (hasErrors(checks)) return refused(checks, details, codeSent, 422);
  if (needsCode && !codeSent) {
    const errors = await code.sendCode();
    if (errors) return refused(errors, details, false, errors.code ? 429 : 422);
    return answer({ status: "verificationSent", details: keptDetails(details) });
  }
  const attributes = attributesFrom(data, request);
  const lead = journeyLead(tenant, start.vehicle, start.values, details, attributes, url.pathname);
  let reference = "";
  let leadId = "";
  const calls: Pick<JourneyCalls, "verifyCode" | "createCustomer" | "submitLead"> = {
    verifyCode: code.verifyCode,
    createCustomer: async () => {
      const made = await platform.financeBroker.createCustomer(
        tenant,
        customerData(start.values, details, start.codes, tenant.features.postcodeOnFinanceForm),
        customerAdditionalData(start.vehicle?.id ?? null, attributes, url.pathname),
      );
      reference = made.reference;
      return { redirectUrl: made.redirectUrl };
    },
    submitLead: async () => {
      leadId = await fileLead(platform, tenant, request, lead, start.vehicle);
      return { ok: true as const };
    },
  };
  const outcome = await finishJourney(calls, details, NOTHING_DONE, needsCode);
  // Both were made in parallel: the dealer's record of the application now names its lead.
  if (reference && leadId) await linkFinanceCustomerLead(platform.db, tenant.slug, reference, leadId).catch(() => false);
  const headers = code.cookieHeader();
  if ("redirectUrl" in outcome) return redirect(outcome.redirectUrl, { headers: { ...noStore, ...headers } });
  if (outcome.errors.form) log.error("finance journey not finished", { tenant: tenant.slug, error: outcome.errors.form });
  return answer(
    {
      status: "refused",
      errors: outcome.errors,
      details: keptDetails(details),
      codeSent: !outcome.progress.verified,
      verified: outcome.progress.verified,
    } as JourneyAnswer,
    outcome.errors.code ? 422 : 502,
    headers,
  );
}
