/**
 * The embedded payments default: no payment provider. A reservation request is recorded (the car is
 * held and the dealer gets the lead) without taking money, and the page says so plainly; the dealer
 * takes the deposit by phone. There are no sessions and no webhooks.
 */
import {
  checkDepositRequest,
  PaymentsError,
  type DepositRequest,
  type DepositStart,
  type PaymentNotice,
  type Payments,
  type PaymentSession,
} from "./port";

export class EmbeddedPayments implements Payments {
  readonly name = "embedded" as const;
  readonly takesMoney = false;

  async startDeposit(request: DepositRequest): Promise<DepositStart> {
    checkDepositRequest(request);
    return { kind: "recorded" };
  }

  async getSession(): Promise<PaymentSession> {
    throw new PaymentsError("No payment provider is configured: reservations are recorded without payment.", "unsupported");
  }

  readNotice(): PaymentNotice {
    throw new PaymentsError("No payment provider is configured: webhooks are not accepted.", "unsupported");
  }
}
