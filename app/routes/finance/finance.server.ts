/**
 * /finance (also /finance-enquiry and /apply-for-finance, remix.config.js): the car a button pointed
 * at, the amount to borrow to start from, and the finance form's action.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { leadFormId } from "~/components/forms/leadFormNames";
import { leadFormValidator } from "~/components/forms/leadSchemas";
import { gatedSignInType } from "~/domain/gating";
import {
  carFromQuery,
  carLine,
  DEFAULT_FINANCE_AMOUNT,
  enquiryCar,
  enquiryEvent,
  enquirySite,
  successPath,
} from "@server/leads/enquiryPages";
import { requireShopper } from "@server/auth/session";
import { leadFormSpec, submitLeadForm } from "@server/leads/formAction";
import { enquiryLeadFor } from "@server/leads/formLeads";
import { PRIVATE_NO_CACHE } from "@server/http/cachePolicy";

export async function financeLoader(args: LoaderFunctionArgs) {
  const { tenant, query, vehicle } = await carFromQuery(args);
  // /finance with a car or an amount asks a signed-out shopper to sign in first on a dealer that gates it.
  const url = new URL(args.request.url);
  const gate = gatedSignInType(url.pathname, url.searchParams, tenant.gating, tenant.paths);
  if (gate) await requireShopper(args, gate);
  const car = vehicle ? enquiryCar(tenant, vehicle) : null;
  const fromCar = car && car.sellingPrice >= 1000 ? car.sellingPrice : null;
  const amount = Math.round(fromCar ?? query.vehiclePriceBudget ?? DEFAULT_FINANCE_AMOUNT);
  return json({ ...enquirySite(tenant), car, amount }, { headers: { "Cache-Control": PRIVATE_NO_CACHE } });
}

export async function financeAction(args: ActionFunctionArgs) {
  const { tenant, query, vehicle } = await carFromQuery(args);
  const details = [...carLine(vehicle), ...(query.preferredDealership ? [`Preferred dealership: ${query.preferredDealership}`] : [])];
  return submitLeadForm({
    request: args.request,
    context: args.context,
    success: successPath(vehicle),
    forms: {
      finance: leadFormSpec({
        formId: leadFormId("finance"),
        validator: leadFormValidator("finance", { messageRequired: false, now: new Date() }),
        lead: (values, path) => enquiryLeadFor("finance", tenant, vehicle, values, path, details),
        event: () => enquiryEvent(args.request, "finance", "enquiry", vehicle),
      }),
    },
  });
}
