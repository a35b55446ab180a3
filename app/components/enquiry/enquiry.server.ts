/**
 * Server side shared by the enquiry pages (finance, test drive, trade-in, reserve): reading the car a
 * button pointed at, the summary shown beside the form, and turning a submitted form into a lead.
 * The tenant comes from the host and the car from the URL; nothing in the form picks either.
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { ENQUIRY_FORMS, type EnquiryFormName } from "~/components/vehicle/leadForms";
import { enquiryLeadFor, parseLeadForm } from "~/components/vehicle/leadForms.server";
import { readFormBody, refuseTooManyLeads, typedValues, unreadableForm } from "~/components/vehicle/leadGuards.server";
import { priceDisplay, sellingPrice } from "~/domain/priceDisplay";
import { vehicleTitle, type Vehicle } from "~/domain/vehicle";
import { leadEventId } from "~/domain/leadEvents";
import { trackEvent } from "@server/analytics.server";
import { submitLead } from "@server/leads";
import { getVehicleById } from "@server/db/vehicles";
import type { clientAddressOf } from "@server/http/loadContext";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import { dealerFlags } from "@server/tenants/publicSite";
import type { TenantConfig } from "@server/tenants/schema";
import type { EnquiryCar } from "./types";

const CAR_ID = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._~-]{1,100}$/);
const SLUG = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;

/** The query string the buttons send (spec 001 section 2); anything odd is dropped, never an error. */
export const enquiryQuery = z.object({
  car_id: CAR_ID.optional().catch(undefined),
  vehiclePriceBudget: z.coerce.number().int().min(1000).max(1_000_000).optional().catch(undefined),
  preferredDealership: z.string().trim().regex(SLUG).max(100).optional().catch(undefined),
});
export type EnquiryQuery = z.infer<typeof enquiryQuery>;

export function readEnquiryQuery(request: Request): EnquiryQuery {
  const params = new URL(request.url).searchParams;
  return enquiryQuery.parse({
    car_id: params.get("car_id") ?? undefined,
    vehiclePriceBudget: params.get("vehiclePriceBudget") ?? undefined,
    preferredDealership: params.get("preferredDealership") ?? undefined,
  });
}

/** This dealer's car with that id, or null: another dealer's id or nonsense is simply ignored. */
export async function findDealerCar(platform: Platform, tenant: TenantConfig, carId: string | undefined): Promise<Vehicle | null> {
  if (!carId) return null;
  try {
    return await getVehicleById(platform.db, tenant.slug, carId);
  } catch (error) {
    // A lookup failure should not cost the dealer the lead: the page still works without the car.
    log.warn("enquiry car lookup failed", { tenant: tenant.slug, car: carId, error: String(error) });
    return null;
  }
}

export function enquiryCar(tenant: TenantConfig, v: Vehicle): EnquiryCar {
  const price = priceDisplay(v, dealerFlags(tenant));
  return {
    id: v.id,
    slug: v.slug,
    title: vehicleTitle(v),
    href: `/cars/${encodeURIComponent(v.slug)}`,
    image: v.primary_image_url || v.images?.[0]?.url || null,
    priceText: price.text,
    priceType: price.priceType,
    wasPrice: price.wasPrice,
    sellingPrice: sellingPrice(v),
    km: v.km,
    stockNumber: v.stocknum,
  };
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * The action of every enquiry page: checks the form, stores the lead and sends the shopper to
 * /success; a refused form comes back with its messages and what was typed.
 */
export async function submitEnquiry(options: {
  request: Request;
  platform: Platform;
  tenant: TenantConfig;
  form: EnquiryFormName;
  vehicle: Vehicle | null;
  /** Lines for the salesperson that come from the URL, not the form (e.g. the preferred dealership). */
  details?: string[];
  /** The route's load context: the shopper's address for the lead limits. */
  context?: Parameters<typeof clientAddressOf>[0];
}): Promise<Response> {
  const { request, platform, tenant, form, vehicle } = options;
  const success = vehicle ? `/success?${new URLSearchParams({ car: vehicle.slug })}` : "/success";
  const data = await readFormBody(request);
  if (!data) return unreadableForm(form);
  const intent = String(data.get("intent") ?? "");
  if (intent !== form || !ENQUIRY_FORMS.includes(form)) {
    return json({ form, errors: { form: "Please use the form on this page." }, values: {} }, { status: 400, headers: noStore });
  }
  const parsed = parseLeadForm(form, tenant, data);
  // Bots get the same answer as people, so they learn nothing; nothing is stored.
  if (parsed.ok === "bot") return redirect(success);
  if (!parsed.ok) return json(parsed.problem, { status: 400, headers: noStore });
  const tooMany = await refuseTooManyLeads({
    db: platform.db,
    tenant: tenant.slug,
    context: options.context,
    form,
    data,
    contact: parsed.values,
  });
  if (tooMany) return tooMany;
  let duplicate = false;
  try {
    const lead = enquiryLeadFor(form, tenant, vehicle, parsed.values, new URL(request.url).pathname, options.details);
    ({ duplicate } = await submitLead(platform, tenant, lead));
  } catch (error) {
    log.error("lead not stored", { tenant: tenant.slug, car: vehicle?.id, form, error: String(error) });
    return json(
      { form, errors: { form: "Sorry, we couldn't send that just now. Please try again or give us a call." }, values: typedValues(data) },
      { status: 500, headers: noStore },
    );
  }
  // A repeat of the same enquiry within ten minutes is one lead, and one analytics event.
  if (!duplicate)
    await trackEvent(platform.db, tenant.slug, leadEventId(form === "test-drive" ? "test-drive" : "enquiry", vehicle), {
      path: new URL(request.url).pathname,
      payload: { form, ...(vehicle ? { car_id: vehicle.id } : {}) },
    });
  return redirect(success);
}
