/** /trade-in (also /cars/trade-in?car_id=, remix.config.js): the car to change over to, and the trade-in form's action. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { leadFormId } from "~/components/forms/leadFormNames";
import { leadFormValidator } from "~/components/forms/leadSchemas";
import { gatedSignInType } from "~/domain/gating";
import { carFromQuery, carLine, enquiryCar, enquiryEvent, enquirySite, successPath } from "@server/leads/enquiryPages";
import { requireShopper } from "@server/auth/session";
import { leadFormSpec, submitLeadForm } from "@server/leads/formAction";
import { enquiryLeadFor } from "@server/leads/formLeads";
import { PRIVATE_NO_CACHE } from "@server/http/cachePolicy";

export async function tradeInLoader(args: LoaderFunctionArgs) {
  const { tenant, vehicle } = await carFromQuery(args);
  // /cars/trade-in?car_id= asks a signed-out shopper to sign in first on a dealer that gates it.
  const url = new URL(args.request.url);
  const gate = gatedSignInType(url.pathname, url.searchParams, tenant.gating, tenant.paths);
  if (gate) await requireShopper(args, gate);
  return json(
    { ...enquirySite(tenant), car: vehicle ? enquiryCar(tenant, vehicle) : null },
    { headers: { "Cache-Control": PRIVATE_NO_CACHE } },
  );
}

export async function tradeInAction(args: ActionFunctionArgs) {
  const { tenant, vehicle } = await carFromQuery(args);
  const details = vehicle ? [`Change over to: ${carLine(vehicle)[0].slice(5)}`] : [];
  return submitLeadForm({
    request: args.request,
    context: args.context,
    success: successPath(vehicle),
    forms: {
      "trade-in": leadFormSpec({
        formId: leadFormId("trade-in"),
        validator: leadFormValidator("trade-in", { messageRequired: false, now: new Date() }),
        lead: (values, path) => enquiryLeadFor("trade-in", tenant, vehicle, values, path, details),
        event: () => enquiryEvent(args.request, "trade-in", "enquiry", vehicle),
      }),
    },
  });
}
