/**
 * 'Reserve this Car' at /cars/{slug}/checkout and /cars/{slug}/buy-online (remix.config.js). The page
 * answers only on the dealer's own path; the other is a 404, as is a car this dealer does not have.
 * Gated where the dealer gates checkout (loader and action alike).
 *
 * The form is the lead forms' pipeline (guard, honeypot, validation with values kept, abuse limits)
 * ending in a reservation instead of a plain lead (server/payments/reservations.ts):
 * - with Stripe (STRIPE_SECRET_KEY), a pending reservation and a Checkout session; the shopper goes on
 *   to Stripe's page from this page (?reservation={id}); Stripe's webhook, or the shopper's return
 *   checked with Stripe, reserves the car and files the lead; giving up leaves the car available;
 * - embedded, the reservation request is recorded at once without taking money: the car is marked
 *   reserved, the dealer gets the lead, and the page says no money was taken.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { leadFormId } from "~/components/forms/leadFormNames";
import { leadFormValidator } from "~/components/forms/leadSchemas";
import { canReserve } from "~/domain/eligibility";
import { financeHref } from "~/domain/financeEstimate";
import { gatedSignInType } from "~/domain/gating";
import { sellingPrice } from "~/domain/priceDisplay";
import type { Vehicle } from "~/domain/vehicle";
import { reportedLeadFor } from "@server/analytics.server";
import { requireShopper } from "@server/auth/session";
import { PRIVATE_NO_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { enquiryCar, enquirySite, successPath } from "@server/leads/enquiryPages";
import {
  HONEYPOT_FIELD,
  leadAllowanceSpent,
  readFormBody,
  leadAttributesOf,
  refuseFields,
  refuseForm,
  TOO_MANY_LEADS_MESSAGE,
  typedValues,
  UNREADABLE_FORM_MESSAGE,
} from "@server/leads/formAction";
import { checkLeadCaptcha, QUESTION_ANSWER_FIELD } from "@server/captcha";
import { clientAddressOf } from "@server/http/loadContext";
import { additionalServices } from "~/domain/enquiryRules";
import { log } from "@server/log";
import { depositCents } from "@server/payments/deposit";
import { isPaymentsError, PAYMENT_UNAVAILABLE_MESSAGE } from "@server/payments";
import {
  cancelReservation,
  completeReservation,
  createReservation,
  getReservation,
  RESERVATION_ID,
  setCheckoutSession,
  type Reservation,
} from "@server/payments/reservations";
import type { Platform } from "@server/platform.server";
import { dealerFlags } from "@server/tenants/publicSite";
import type { TenantConfig } from "@server/tenants/schema";
import { requireVehicle } from "@server/vehicles/loadVehicle";

const FORM_ID = leadFormId("reserve");
const headers = { "Cache-Control": PRIVATE_NO_CACHE };

export const NO_LONGER_RESERVABLE_MESSAGE = "Sorry, this car can no longer be reserved.";
export const RESERVATION_NOT_STORED_MESSAGE = "An unexpected error occured";

/** What the shopper's return from the payment page may carry. */
const returnQuery = z.object({
  reservation: z.string().regex(RESERVATION_ID).optional().catch(undefined),
  session_id: z
    .string()
    .regex(/^cs_[A-Za-z0-9_]{1,200}$/)
    .optional()
    .catch(undefined),
  cancelled: z.literal("1").optional().catch(undefined),
});

async function reserveCar(args: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(args.context);
  const url = new URL(args.request.url);
  if (tenant.paths.checkout !== url.pathname.split("/").pop()) throw new Response("Not found", { status: 404 });
  const vehicle = await requireVehicle(platform, tenant, args.params.slug);
  // A car's checkout asks a signed-out shopper to sign in first on a dealer that gates it.
  const gate = gatedSignInType(url.pathname, url.searchParams, tenant.gating, tenant.paths);
  // From a direct link, the sign-in's 'back' is the car (not the home page).
  if (gate) await requireShopper(args, gate, `/cars/${encodeURIComponent(vehicle.slug)}`);
  return { platform, tenant, vehicle, url, reservable: canReserve(vehicle, dealerFlags(tenant)) };
}

/** The reservation a returning shopper's address names, brought up to date with the payment provider. */
async function reservationOnReturn(platform: Platform, tenant: TenantConfig, vehicle: Vehicle, url: URL) {
  const query = returnQuery.parse(Object.fromEntries(url.searchParams));
  if (!query.reservation) return { reservation: null, payUrl: null, leadId: null };
  let reservation = await getReservation(platform.db, tenant.slug, query.reservation);
  if (!reservation || reservation.carId !== vehicle.id) return { reservation: null, payUrl: null, leadId: null };
  const payments = platform.payments;
  let payUrl: string | null = null;
  if (reservation.status === "pending" && reservation.checkoutSessionId && payments.name === reservation.provider) {
    try {
      const session = await payments.getSession(reservation.checkoutSessionId);
      if (session.state === "paid") {
        // Back from paying before Stripe's webhook arrived: Stripe's own answer counts the same.
        reservation = (await completeReservation(platform, tenant, reservation.id, "paid")) ?? reservation;
      } else if (query.cancelled || session.state === "expired") {
        await cancelReservation(platform.db, tenant.slug, reservation.id);
        reservation = { ...reservation, status: "cancelled" };
      } else {
        payUrl = session.url;
      }
    } catch (error) {
      log.warn("payment session not checked", { tenant: tenant.slug, reservation: reservation.id, error: String(error) });
    }
  }
  return { reservation: publicReservation(reservation), payUrl, leadId: reservation.leadId };
}

/** What the page shows of a reservation: its state and deposit, never the shopper's details. */
function publicReservation(r: Reservation) {
  return { id: r.id, status: r.status, provider: r.provider, deposit: r.depositCents };
}

export async function reserveLoader(args: LoaderFunctionArgs) {
  const { platform, tenant, vehicle, url, reservable } = await reserveCar(args);
  const payments = platform.payments;
  const { reservation, payUrl, leadId } = await reservationOnReturn(platform, tenant, vehicle, url);
  const similar = new URLSearchParams({ make: vehicle.make, ...(vehicle.model ? { model: vehicle.model } : {}) });
  return data(
    {
      ...enquirySite(tenant),
      car: enquiryCar(tenant, vehicle),
      reservable,
      depositLabel: tenant.reserveDepositLabel,
      takesMoney: payments.takesMoney,
      showPaymentsStrip: tenant.footer.showPaymentsStrip,
      financeHref: tenant.features.financeProvider !== "none" ? financeHref(vehicle, sellingPrice(vehicle), tenant.paths.finance) : null,
      reservation,
      payUrl,
      similarHref: vehicle.make ? `${tenant.paths.searchPrefix}?${similar}` : tenant.paths.searchPrefix,
      // The reservation's lead once filed (at once without a payment provider, on payment with one), for the dealer's own tags.
      dealerLead: await reportedLeadFor(platform.db, tenant, leadId),
    },
    { headers },
  );
}

export async function reserveAction(args: ActionFunctionArgs) {
  const { platform, tenant, vehicle, url, reservable } = await reserveCar(args);
  const { request, context } = args;
  const data = await readFormBody(request);
  if (!data) return refuseForm(FORM_ID, UNREADABLE_FORM_MESSAGE, {}, { status: 400 });
  if (String(data.get("intent") ?? "") !== "reserve") return refuseForm(FORM_ID, "Please use the form on this page.", {}, { status: 400 });
  if (String(data.get(HONEYPOT_FIELD) ?? "") !== "") return redirect(successPath(vehicle));
  const typed = typedValues(data);
  if (!reservable) return refuseForm(FORM_ID, NO_LONGER_RESERVABLE_MESSAGE, typed, { status: 409 });

  const address = clientAddressOf(context);
  const [result, captcha] = await Promise.all([
    leadFormValidator("reserve", { messageRequired: false, now: new Date() }).validate(data),
    checkLeadCaptcha(platform, tenant, data, { remoteIp: address === "unknown" ? undefined : address }),
  ]);
  if (result.error || !captcha.passed) {
    // As every lead form: the fields and the captcha's question answered in one go.
    const errors = { ...(result.error?.fieldErrors ?? {}), ...(captcha.passed ? {} : { [QUESTION_ANSWER_FIELD]: captcha.message }) };
    return refuseFields(FORM_ID, errors, captcha.passed ? typed : { ...typed, [QUESTION_ANSWER_FIELD]: "" }, captcha.question);
  }
  const values = tenant.features.enquiryOptInShown ? result.data : { ...result.data, opt_in: true };
  const retryAfter = await leadAllowanceSpent({ limits: platform, tenant: tenant.slug, context, contact: values });
  if (retryAfter !== null) {
    return refuseForm(FORM_ID, TOO_MANY_LEADS_MESSAGE, typed, { status: 429, headers: { "Retry-After": String(retryAfter) } });
  }

  const payments = platform.payments;
  const page = `${url.origin}${url.pathname}`;
  let reservation: Reservation;
  try {
    reservation = await createReservation(platform.db, {
      tenant: tenant.slug,
      carId: vehicle.id,
      provider: payments.name,
      depositCents: depositCents(tenant.reserveDepositLabel),
      contact: {
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        phone: values.phone,
        postcode: values.postcode,
        message: values.message,
        opt_in: values.opt_in,
        source_path: url.pathname,
        lead_attributes: leadAttributesOf(request, data),
        additional_services: additionalServices(data.entries()),
      },
    });
  } catch (error) {
    log.error("reservation not stored", { tenant: tenant.slug, car: vehicle.id, error: String(error) });
    return refuseForm(FORM_ID, RESERVATION_NOT_STORED_MESSAGE, typed, { status: 500 });
  }
  const here = (query: Record<string, string>) => `${url.pathname}?${new URLSearchParams(query)}`;

  try {
    const start = await payments.startDeposit({
      reservationId: reservation.id,
      tenant: tenant.slug,
      carId: vehicle.id,
      description: [enquiryCar(tenant, vehicle).title, vehicle.stocknum ? `(stock #${vehicle.stocknum})` : ""].filter(Boolean).join(" "),
      amountCents: reservation.depositCents,
      successUrl: `${page}?reservation=${reservation.id}`,
      cancelUrl: `${page}?reservation=${reservation.id}&cancelled=1`,
      customerEmail: values.email,
    });
    if (start.kind === "redirect") {
      await setCheckoutSession(platform.db, tenant.slug, reservation.id, start.sessionId);
      // The page hands the shopper on to the payment page (a form may only post to this site).
      return redirect(here({ reservation: reservation.id }), { status: 303 });
    }
  } catch (error) {
    await cancelReservation(platform.db, tenant.slug, reservation.id).catch(() => undefined);
    if (!isPaymentsError(error)) throw error;
    log.error("payment not started", { tenant: tenant.slug, car: vehicle.id, reason: error.reason, error: error.message });
    return refuseForm(FORM_ID, PAYMENT_UNAVAILABLE_MESSAGE, typed, { status: 502 });
  }

  // Embedded: the request stands as recorded, no money taken.
  try {
    const done = await completeReservation(platform, tenant, reservation.id, "confirmed");
    if (done?.status === "refused") return refuseForm(FORM_ID, NO_LONGER_RESERVABLE_MESSAGE, typed, { status: 409 });
  } catch (error) {
    log.error("reservation not completed", { tenant: tenant.slug, reservation: reservation.id, error: String(error) });
    return refuseForm(FORM_ID, RESERVATION_NOT_STORED_MESSAGE, typed, { status: 500 });
  }
  return redirect(here({ reservation: reservation.id }), { status: 303 });
}
