/**
 * Choosing the payments adapter: Stripe Checkout when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are
 * set (parseEnv refuses one without the other), else the embedded default that records reservation
 * requests without taking money. One adapter per platform, made on first use; a platform that carries
 * its own `payments` (a test's) is used as it is.
 */
import type { Env } from "../config/env.server";
import { log } from "../log";
import { EmbeddedPayments } from "./embedded";
import type { Payments } from "./port";
import { StripePayments } from "./stripe";
import { oncePer } from "~/domain/oncePer";

export * from "./port";
export { EmbeddedPayments } from "./embedded";
export { StripePayments } from "./stripe";

export function createPaymentsFromEnv(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET">): Payments {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    log.info("Payments: Stripe Checkout for reservation deposits");
    return new StripePayments({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET });
  }
  log.info(
    "Payments: embedded (reservation requests are recorded without taking money; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe)",
  );
  return new EmbeddedPayments();
}

type PaymentsPlatform = { env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET">; payments?: Payments };

const madeFromEnv = oncePer((platform: PaymentsPlatform) => createPaymentsFromEnv(platform.env));

/** The platform's payments adapter. */
export function paymentsOf(platform: PaymentsPlatform): Payments {
  return platform.payments ?? madeFromEnv(platform);
}
