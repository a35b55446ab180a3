/**
 * The payments contract (server/payments/port.ts): the embedded default and the Stripe Checkout adapter
 * (against the fake Stripe) must both pass it. A deposit request that is wrong is refused before
 * anything is asked; a good one is either recorded without money (and the adapter says it takes none)
 * or handed to a payment page whose session stays open until paid and then says paid; asking twice for
 * one reservation never makes two payments; a notice whose signature is wrong is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentsError, type DepositRequest, type DepositStart, type Payments } from "@server/payments/port";

export interface PaymentsHarness {
  payments: Payments;
  /** The shopper pays a started deposit on the provider's page (providers that take money). */
  pay?(start: DepositStart): Promise<{ body: string; signature: string }>;
  close(): Promise<void>;
}

let counter = 0;
export function depositRequest(overrides: Partial<DepositRequest> = {}): DepositRequest {
  counter += 1;
  return {
    reservationId: `contractReservation${String(counter).padStart(8, "0")}`,
    tenant: "alpha-motors",
    carId: "car-1",
    description: "2021 Mazda CX-5 Maxx Sport (stock #M123)",
    amountCents: 20_000,
    successUrl: "https://alpha-motors.example.com/cars/2021-mazda-cx-5/checkout?reservation=abc",
    cancelUrl: "https://alpha-motors.example.com/cars/2021-mazda-cx-5/checkout?reservation=abc&cancelled=1",
    customerEmail: "jo@example.com",
    ...overrides,
  };
}

export function describePaymentsContract(name: string, setup: () => Promise<PaymentsHarness>) {
  describe(`Payments contract: ${name}`, () => {
    let harness: PaymentsHarness;
    beforeAll(async () => {
      harness = await setup();
    });
    afterAll(async () => {
      await harness?.close();
    });

    it("refuses a deposit request that is wrong before anything is asked", async () => {
      const wrong: Partial<DepositRequest>[] = [
        { amountCents: 0 },
        { amountCents: -200 },
        { amountCents: 199.5 },
        { amountCents: 99 },
        { amountCents: 10_000_000 },
        { successUrl: "javascript:alert(1)" },
        { cancelUrl: "/relative" },
        { reservationId: "short" },
        { reservationId: "has spaces in it, quite long" },
        { description: "  " },
      ];
      for (const overrides of wrong) {
        const refusal = await harness.payments.startDeposit(depositRequest(overrides)).catch((e: unknown) => e);
        expect(refusal, JSON.stringify(overrides)).toBeInstanceOf(PaymentsError);
        expect((refusal as PaymentsError).reason).toBe("invalid-request");
      }
    });

    it("records the request without money, or hands the shopper to a payment page that is open until paid", async () => {
      const request = depositRequest();
      const start = await harness.payments.startDeposit(request);
      if (start.kind === "recorded") {
        expect(harness.payments.takesMoney).toBe(false);
        return;
      }
      expect(harness.payments.takesMoney).toBe(true);
      expect(start.url).toMatch(/^https?:\/\//);
      const open = await harness.payments.getSession(start.sessionId);
      expect(open).toMatchObject({ id: start.sessionId, state: "open", reservationId: request.reservationId, amountCents: 20_000 });
      expect(open.url).toBe(start.url);
      await harness.pay!(start);
      expect(await harness.payments.getSession(start.sessionId)).toMatchObject({
        state: "paid",
        url: null,
        reservationId: request.reservationId,
      });
    });

    it("asking twice for one reservation never makes two payments", async () => {
      const request = depositRequest();
      const [first, second] = [await harness.payments.startDeposit(request), await harness.payments.startDeposit(request)];
      if (first.kind === "redirect" && second.kind === "redirect") expect(second.sessionId).toBe(first.sessionId);
      else expect([first.kind, second.kind]).toEqual(["recorded", "recorded"]);
    });

    it("refuses a notice whose signature is missing or wrong, and reads a signed one", async () => {
      for (const signature of [null, "", "t=1,v1=deadbeef", "nonsense"]) {
        const refusal = (() => {
          try {
            return harness.payments.readNotice('{"id":"evt_1","type":"checkout.session.completed"}', signature);
          } catch (error) {
            return error;
          }
        })();
        expect(refusal, String(signature)).toBeInstanceOf(PaymentsError);
      }
      if (!harness.pay) return;
      const request = depositRequest();
      const start = await harness.payments.startDeposit(request);
      const notice = await harness.pay(start);
      const read = harness.payments.readNotice(notice.body, notice.signature);
      expect(read).toMatchObject({
        type: "paid",
        providerType: "checkout.session.completed",
        session: { state: "paid", reservationId: request.reservationId },
      });
      // The same body with one character changed is not Stripe's.
      expect(() => harness.payments.readNotice(notice.body.replace("paid", "pain"), notice.signature)).toThrow(PaymentsError);
    });
  });
}
