/**
 * POST /api/phone-reveal: a shopper revealed the dealer's number on a car (spec 000 section 7, 'Lead/
 * reveal call on phone reveal': car_id, dealership_id, website_id). Stored as a lead so the dealer can
 * follow up; the website is the tenant of the host, never a form value. A shopper signed in on this
 * dealer's site is named on the lead with their account's phone and e-mail, so the sales team can call
 * back and the lead reaches the dealer's CRM (an ADF lead needs a contact); a signed-out reveal names
 * nobody and reaches staff only (docs/leads.md). Answers 204, or, where the dealer has its own analytics
 * tags, 200 with the stored lead's summary for them (`{ dealerLead }`: its kind, the car's id and
 * price), since this answer is where the shopper's browser learns of it.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { toLocalDigits } from "~/domain/phone";
import { reportedLeadFor } from "@server/analytics.server";
import { shopperFromRequest } from "@server/auth/session";
import { getVehicleById } from "@server/db/vehicles";
import { NO_STORE } from "@server/http/cachePolicy";
import { submitLead } from "@server/leads";
import { clientAddressOf } from "@server/http/loadContext";
import { leadVisitorOf, phoneRevealHits, spendAllowance, tooManyRequests } from "@server/limits/guard";
import { log } from "@server/log";
import { dealerFrom } from "@server/http/loadContext";

const revealSchema = z.object({
  // The shape of a stored car id: anything else (a NUL byte, markup) is a 400 before the database sees it.
  car_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._~-]{1,100}$/),
  dealership_id: z.string().trim().max(100).optional().default(""),
});

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const { platform, tenant } = dealerFrom(context);
  const form = await request.formData().catch(() => null);
  const parsed = revealSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!parsed.success) return new Response(null, { status: 400 });
  const vehicle = await getVehicleById(platform.db, tenant.slug, parsed.data.car_id);
  if (!vehicle) return new Response(null, { status: 404 });
  // Every reveal is a lead the sales team follows up: a loop of reveals would flood them.
  const clientAddress = clientAddressOf(context);
  const check = await spendAllowance(platform, tenant.slug, phoneRevealHits(clientAddress));
  if (!check.allowed) return tooManyRequests(check.retryAfterSeconds);
  const shopper = await shopperFromRequest(platform, tenant, request);
  let stored: Awaited<ReturnType<typeof submitLead>>;
  try {
    stored = await submitLead(platform, tenant, {
      category: "Phone Reveal",
      subcategory: "Call Now",
      car_id: vehicle.id,
      ...(shopper
        ? { name: shopper.first_name, last_name: shopper.last_name, email: shopper.email, phone: toLocalDigits(shopper.phone) }
        : {}),
      source_path: `/cars/${vehicle.slug}`,
      // A signed-out reveal names nobody: the shopper's address (hashed) makes a repeated reveal one lead.
      visitor: leadVisitorOf(clientAddress),
      payload: {
        car_id: vehicle.id,
        dealership_id: vehicle.dealership_id || parsed.data.dealership_id,
        website_id: tenant.slug,
        stock_number: vehicle.stocknum,
        "Vehicle Make": vehicle.make,
        "Vehicle Model": vehicle.model,
        car_type: vehicle.car_type,
      },
    });
  } catch (error) {
    log.error("phone reveal not stored", { tenant: tenant.slug, car: vehicle.id, error: String(error) });
    return new Response(null, { status: 500 });
  }
  const dealerLead = await reportedLeadFor(platform.db, tenant, stored.lead);
  if (!dealerLead) return new Response(null, { status: 204 });
  return new Response(JSON.stringify({ dealerLead }), {
    status: 200,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": NO_STORE },
  });
}

export async function loader() {
  return new Response(null, { status: 405 });
}
