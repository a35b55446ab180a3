/** The payments contract on the embedded default: requests recorded without money, no sessions, no webhooks. */
import { expect, it } from "vitest";
import { createPaymentsFromEnv, EmbeddedPayments, PaymentsError } from "@server/payments";
import { describePaymentsContract } from "./payments.contract";

describePaymentsContract("embedded", async () => ({ payments: new EmbeddedPayments(), close: async () => undefined }));

it("is the default without Stripe settings, takes no money and has no sessions", async () => {
  const payments = createPaymentsFromEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
  expect(payments.name).toBe("embedded");
  expect(payments.takesMoney).toBe(false);
  await expect(payments.getSession("cs_test_1")).rejects.toBeInstanceOf(PaymentsError);
});
