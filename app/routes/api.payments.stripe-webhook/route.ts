/**
 * POST /api/payments/stripe-webhook: Stripe's notices about reservation deposits and online payments
 * (/online-payment). The signature over
 * the raw body is checked with STRIPE_WEBHOOK_SECRET before anything is read (a wrong or missing one is
 * a 400 and nothing happens); each event is acted on once (payment_events), so Stripe's retries and
 * replays change nothing. A paid session reserves the car and files the lead; an expired one leaves the
 * car available. A paid online payment is marked paid and files the dealer's 'Online Payment' lead (if
 * the shopper's return has not already); a failed or expired one is marked cancelled. The session's
 * metadata names the reservation or the payment, whose own row names the dealer. A failure to store
 * anything is a 500, so Stripe tries again later.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { NO_STORE } from "@server/http/cachePolicy";
import { platformFrom } from "@server/http/loadContext";
import { log } from "@server/log";
import { isPaymentsError } from "@server/payments";
import { getOnlinePaymentById, settleOnlinePayment } from "@server/payments/onlinePayments";
import type { PaymentNotice } from "@server/payments/port";
import { cancelReservation, completeReservation, getReservationById, noticeSeen, recordNoticeOnce } from "@server/payments/reservations";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";

const headers = { "Cache-Control": NO_STORE };

export function loader() {
  return json({ error: "Stripe posts its notices here." }, { status: 405, headers: { ...headers, Allow: "POST" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const platform = platformFrom(context);
  const payments = platform.payments;
  if (payments.name !== "stripe") return json({ error: "This site does not take payments online." }, { status: 404, headers });
  let raw: string;
  try {
    raw = await request.text();
  } catch {
    return json({ error: "Unreadable body." }, { status: 400, headers });
  }
  let notice;
  try {
    notice = payments.readNotice(raw, request.headers.get("stripe-signature"));
  } catch (error) {
    if (isPaymentsError(error)) {
      log.warn("Stripe webhook refused", { reason: error.message });
      return json({ error: "Invalid signature." }, { status: 400, headers });
    }
    throw error;
  }
  if (await noticeSeen(platform.db, "stripe", notice.eventId)) return json({ received: true, duplicate: true }, { headers });

  const session = notice.session;
  if (notice.type !== "ignored" && session?.reservationId) {
    const reservation = await getReservationById(platform.db, session.reservationId);
    const tenant = reservation ? platform.tenants.get(reservation.tenant) : undefined;
    // The notice must be about this reservation's own session, on the dealer whose address Stripe called.
    const matches =
      reservation &&
      tenant &&
      reservation.provider === "stripe" &&
      (!reservation.checkoutSessionId || reservation.checkoutSessionId === session.id) &&
      (!context.tenant || context.tenant.slug === tenant.slug);
    if (matches && notice.type === "paid") await completeReservation(platform, tenant, reservation.id, "paid");
    else if (matches && notice.type === "expired") await cancelReservation(platform.db, tenant.slug, reservation.id);
    else if (!reservation && (await settleOnlinePaymentNotice(platform, notice, context.tenant))) {
      // An online payment of ours, settled.
    } else log.warn("Stripe notice for no reservation or payment of ours", { event: notice.eventId, type: notice.providerType });
  }
  await recordNoticeOnce(platform.db, "stripe", notice.eventId, notice.providerType);
  return json({ received: true }, { headers });
}

/**
 * A notice about an online payment: paid, or failed/expired (cancelled). True when it named a payment of
 * ours through its own session, on the dealer whose address Stripe called; a settled payment stays as it is.
 */
async function settleOnlinePaymentNotice(platform: Platform, notice: PaymentNotice, calledTenant: TenantConfig | undefined) {
  const session = notice.session!;
  const payment = await getOnlinePaymentById(platform.db, session.reservationId!);
  const tenant = payment ? platform.tenants.get(payment.tenant) : undefined;
  if (!payment || !tenant || payment.provider !== "stripe") return false;
  if (payment.checkout_session_id && payment.checkout_session_id !== session.id) return false;
  if (calledTenant && calledTenant.slug !== tenant.slug) return false;
  await settleOnlinePayment(platform, tenant, payment, notice.type === "paid" ? "paid" : "cancelled");
  return true;
}
