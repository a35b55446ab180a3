/**
 * Stripe Checkout through the official client: a hosted payment page per deposit (mode payment, AUD),
 * the reservation's id in the session's metadata and client_reference_id, one idempotency key per
 * reservation (a retried request never makes a second session), a time limit on every call, and
 * webhooks verified with the endpoint's signing secret (stripe.webhooks.constructEvent). The client's
 * host, port and protocol can point at another server (tests use tests/fakes/stripeServer.ts).
 */
import Stripe from "stripe";
import {
  checkDepositRequest,
  PaymentsError,
  type DepositRequest,
  type DepositStart,
  type PaymentNotice,
  type Payments,
  type PaymentSession,
} from "./port";

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another Stripe API server (tests): host name, port and protocol. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  timeoutMs?: number;
  /** Retries of a failed call (network, 409, 5xx), with Stripe's own growing pauses; default 2. */
  maxNetworkRetries?: number;
}

const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);
const EXPIRED_EVENTS = new Set(["checkout.session.expired", "checkout.session.async_payment_failed"]);

function sessionOf(session: Stripe.Checkout.Session): PaymentSession {
  const state =
    session.payment_status === "paid" || session.payment_status === "no_payment_required"
      ? "paid"
      : session.status === "expired"
        ? "expired"
        : "open";
  return {
    id: session.id,
    state,
    url: state === "open" ? (session.url ?? null) : null,
    reservationId: session.metadata?.reservation_id ?? session.client_reference_id ?? null,
    amountCents: session.amount_total ?? null,
  };
}

export class StripePayments implements Payments {
  readonly name = "stripe" as const;
  readonly takesMoney = true;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripePaymentsOptions) {
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      timeout: options.timeoutMs ?? 10_000,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      telemetry: false,
      appInfo: { name: "dealer-sites" },
    });
  }

  async startDeposit(request: DepositRequest): Promise<DepositStart> {
    checkDepositRequest(request);
    const metadata = { reservation_id: request.reservationId, tenant: request.tenant, car_id: request.carId };
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "aud",
                unit_amount: request.amountCents,
                product_data: { name: lineItemName(request) },
              },
            },
          ],
          success_url: `${request.successUrl}${request.successUrl.includes("?") ? "&" : "?"}session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: request.cancelUrl,
          client_reference_id: request.reservationId,
          metadata,
          payment_intent_data: { metadata },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        },
        { idempotencyKey: `reservation-${request.reservationId}` },
      );
      if (!session.url || !session.id) throw new PaymentsError("Stripe answered without a payment page.", "provider");
      return { kind: "redirect", url: session.url, sessionId: session.id };
    } catch (error) {
      throw this.failure(error);
    }
  }

  async getSession(sessionId: string): Promise<PaymentSession> {
    if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) throw new PaymentsError("Unexpected session id.", "invalid-request");
    try {
      return sessionOf(await this.stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      throw this.failure(error);
    }
  }

  readNotice(rawBody: string, signature: string | null): PaymentNotice {
    if (!signature) throw new PaymentsError("The Stripe-Signature header is missing.", "signature");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    } catch {
      throw new PaymentsError("The webhook's signature does not match.", "signature");
    }
    const isSession = event.type.startsWith("checkout.session.");
    const session = isSession ? sessionOf(event.data.object as Stripe.Checkout.Session) : null;
    const type = PAID_EVENTS.has(event.type) && session?.state === "paid" ? "paid" : EXPIRED_EVENTS.has(event.type) ? "expired" : "ignored";
    return { eventId: event.id, type, providerType: event.type, session };
  }

  /** Stripe's errors as the port's, without the key (the client never puts it in messages). */
  private failure(error: unknown): PaymentsError {
    if (error instanceof PaymentsError) return error;
    const e = error as { type?: string; statusCode?: number; message?: string };
    const invalid = e.type === "StripeInvalidRequestError" && e.statusCode !== undefined && e.statusCode < 500;
    return new PaymentsError(`Stripe: ${e.message ?? "request failed"}`.slice(0, 300), invalid ? "invalid-request" : "provider");
  }
}

/** The line the shopper reads on Stripe's payment page. */
function lineItemName(request: DepositRequest): string {
  const name = request.purpose === "payment" ? request.description : `Reservation deposit: ${request.description}`;
  return name.slice(0, 250);
}
