/**
 * The payments port: taking a car's reservation deposit. Two adapters (server/payments/index.ts picks
 * one from the environment):
 * - Stripe Checkout (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET): the shopper pays on Stripe's page and
 *   Stripe's signed webhook says when the deposit is paid (or the session expired);
 * - embedded: records the reservation request without taking money, and says so on the page; the
 *   dealer arranges the deposit by phone.
 */

/** What a reservation's deposit is for, as the payment page shows it. */
export interface DepositRequest {
  /** The reservation's own id (unguessable), carried through the provider and back. */
  reservationId: string;
  tenant: string;
  carId: string;
  /** "2021 Mazda CX-5 Maxx Sport (stock #M123)". */
  description: string;
  /**
   * What the shopper is paying: a car's reservation deposit (the default; the provider's page says
   * "Reservation deposit: <description>") or a payment against the dealer's own reference (/online-payment;
   * the page shows the description as it is).
   */
  purpose?: "reservation" | "payment";
  /** Whole cents, in Australian dollars. */
  amountCents: number;
  /** Where the provider sends the shopper after paying, and after giving up (absolute http(s) URLs). */
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
}

export type DepositStart =
  /** Nothing to pay online: the reservation request stands as recorded (embedded). */
  | { kind: "recorded" }
  /** The shopper pays on the provider's page (`url`); `sessionId` is the provider's reference. */
  | { kind: "redirect"; url: string; sessionId: string };

export type SessionState = "paid" | "open" | "expired";

export interface PaymentSession {
  id: string;
  state: SessionState;
  /** The provider's page to pay on, while open. */
  url: string | null;
  reservationId: string | null;
  amountCents: number | null;
}

/** A provider's notice, verified: a session paid, expired (cancelled) or something we do not act on. */
export interface PaymentNotice {
  eventId: string;
  type: "paid" | "expired" | "ignored";
  /** The provider's event type, as sent ("checkout.session.completed"). */
  providerType: string;
  session: PaymentSession | null;
}

export interface Payments {
  readonly name: "stripe" | "embedded";
  /** False for the embedded default: no money changes hands online. */
  readonly takesMoney: boolean;
  startDeposit(request: DepositRequest): Promise<DepositStart>;
  /** The provider's current view of a session (the shopper's return is checked against it). */
  getSession(sessionId: string): Promise<PaymentSession>;
  /** Verifies a webhook's signature over its raw body and reads it; throws PaymentsError when it fails. */
  readNotice(rawBody: string, signature: string | null): PaymentNotice;
}

/**
 * What a shopper is told when the payment provider could not start a payment (a car's reservation deposit,
 * or a payment on /online-payment): the form stays filled in for another try.
 */
export const PAYMENT_UNAVAILABLE_MESSAGE = "We couldn't start the secure payment just now. Please try again in a moment, or call us.";

/** Marks a PaymentsError wherever its class was bundled (a symbol of the runtime's registry: one for all). */
const PAYMENTS_ERROR = Symbol.for("dealer-sites.PaymentsError");

export class PaymentsError extends Error {
  readonly [PAYMENTS_ERROR] = true;
  constructor(
    message: string,
    readonly reason: "invalid-request" | "signature" | "provider" | "unsupported",
  ) {
    super(message);
    this.name = "PaymentsError";
  }
}

/**
 * Whether an error is the payments port's. Routes ask this, never `instanceof`: the pages' server build
 * and the server's own are bundled apart, each with its own copy of this class, and the adapter the
 * platform built throws the server's copy, which a route's `instanceof` does not recognise.
 */
export function isPaymentsError(error: unknown): error is PaymentsError {
  return typeof error === "object" && error !== null && (error as { [PAYMENTS_ERROR]?: unknown })[PAYMENTS_ERROR] === true;
}

/** The request checks both adapters make before anything leaves: a real amount and same-site return addresses. */
export function checkDepositRequest(request: DepositRequest): void {
  const url = (u: string) => {
    try {
      return /^https?:$/.test(new URL(u).protocol);
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(request.amountCents) || request.amountCents < 100 || request.amountCents > 5_000_000) {
    throw new PaymentsError("A deposit must be a whole number of cents between $1 and $50,000.", "invalid-request");
  }
  if (!url(request.successUrl) || !url(request.cancelUrl))
    throw new PaymentsError("Return addresses must be http(s) URLs.", "invalid-request");
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(request.reservationId)) throw new PaymentsError("Unexpected reservation id.", "invalid-request");
  if (!request.description.trim()) throw new PaymentsError("A deposit needs a description.", "invalid-request");
}
