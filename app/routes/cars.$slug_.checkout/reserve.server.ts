/**
 * 'Reserve this Car' at /cars/{slug}/checkout and /cars/{slug}/buy-online (remix.config.js). The page
 * answers only on the dealer's own path; the other is a 404, as is a car this dealer does not have.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { leadFormId } from "~/components/forms/leadFormNames";
import { leadFormValidator } from "~/components/forms/leadSchemas";
import { canReserve } from "~/domain/eligibility";
import { gatedSignInType } from "~/domain/gating";
import { dealerFrom } from "@server/http/loadContext";
import { carLine, enquiryCar, enquiryEvent, enquirySite, successPath } from "@server/leads/enquiryPages";
import { requireShopper } from "@server/auth/session";
import { leadFormSpec, refuseForm, submitLeadForm } from "@server/leads/formAction";
import { enquiryLeadFor } from "@server/leads/formLeads";
import { dealerFlags } from "@server/tenants/publicSite";
import { requireVehicle } from "@server/vehicles/loadVehicle";
import { PRIVATE_NO_CACHE } from "@server/http/cachePolicy";

const headers = { "Cache-Control": PRIVATE_NO_CACHE };

async function reserveCar(args: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(args.context);
  const path = new URL(args.request.url).pathname.split("/").pop();
  if (tenant.paths.checkout !== path) throw new Response("Not found", { status: 404 });
  const vehicle = await requireVehicle(platform, tenant, args.params.slug);
  return { tenant, vehicle, reservable: canReserve(vehicle, dealerFlags(tenant)) };
}

export async function reserveLoader(args: LoaderFunctionArgs) {
  const { tenant, vehicle, reservable } = await reserveCar(args);
  // A car's checkout asks a signed-out shopper to sign in first on a dealer that gates it.
  const url = new URL(args.request.url);
  const gate = gatedSignInType(url.pathname, url.searchParams, tenant.gating, tenant.paths);
  if (gate) await requireShopper(args, gate);
  const similar = new URLSearchParams({ make: vehicle.make, ...(vehicle.model ? { model: vehicle.model } : {}) });
  return json(
    {
      ...enquirySite(tenant),
      car: enquiryCar(tenant, vehicle),
      reservable,
      depositLabel: tenant.reserveDepositLabel,
      similarHref: vehicle.make ? `${tenant.paths.searchPrefix}?${similar}` : tenant.paths.searchPrefix,
    },
    { headers },
  );
}

export async function reserveAction(args: ActionFunctionArgs) {
  const { tenant, vehicle, reservable } = await reserveCar(args);
  if (!reservable) return refuseForm(leadFormId("reserve"), "Sorry, this car can no longer be reserved.", {}, { status: 409 });
  const details = [...carLine(vehicle), `Deposit to take by phone: ${tenant.reserveDepositLabel}`];
  return submitLeadForm({
    request: args.request,
    context: args.context,
    success: successPath(vehicle),
    forms: {
      reserve: leadFormSpec({
        formId: leadFormId("reserve"),
        validator: leadFormValidator("reserve", { messageRequired: false, now: new Date() }),
        lead: (values, path) => enquiryLeadFor("reserve", tenant, vehicle, values, path, details),
        event: () => enquiryEvent(args.request, "reserve", "enquiry", vehicle),
      }),
    },
  });
}
