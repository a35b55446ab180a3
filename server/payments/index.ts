/**
 * Choosing the payments adapter: Stripe Checkout when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are
 * set (parseEnv refuses one without the other), else the embedded default that records reservation
 * requests without taking money. The platform makes it once at start
 * (server/platform.server.ts); routes use `platform.payments`.
 */
import type { Env } from "../config/env.server";
import { log } from "../log";
import { EmbeddedPayments } from "./embedded";
import type { Payments } from "./port";
import { StripePayments } from "./stripe";

export * from "./port";
export { EmbeddedPayments } from "./embedded";
export { StripePayments } from "./stripe";

export function createPaymentsFromEnv(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">): Payments {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    log.info("Payments: Stripe Checkout for reservation deposits");
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
    return new StripePayments({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port) || (api.protocol === "https:" ? 443 : 80),
            protocol: api.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
  }
  log.info(
    "Payments: embedded (reservation requests are recorded without taking money; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe)",
  );
  return new EmbeddedPayments();
}
