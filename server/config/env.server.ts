/**
 * Environment, validated once at start. Missing production keys mean the embedded default for that
 * port; the choice is logged once. Nothing here is sent to the browser.
 */
import path from "node:path";
import { z } from "zod";

/** An empty variable counts as unset, so `FOO=` in a shell means "use the embedded default". */
const blankIsUnset = (v: unknown) => (v === "" ? undefined : v);
const optionalUrl = z.preprocess(blankIsUnset, z.string().url().optional());
const optional = z.preprocess(blankIsUnset, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().default("data"),
  TENANTS_DIR: z.string().default("tenants"),
  DEFAULT_TENANT: z.string().default("summit-auto-group"),
  DATABASE_URL: optional,
  TYPESENSE_HOST: optional,
  TYPESENSE_PORT: z.coerce.number().int().optional(),
  TYPESENSE_PROTOCOL: z.enum(["http", "https"]).default("http"),
  TYPESENSE_API_KEY: optional,
  /** Search-only parent key from which per-dealer browser keys are derived (never the admin key). */
  TYPESENSE_SEARCH_API_KEY: optional,
  TYPESENSE_COLLECTION_PREFIX: z.string().default("cars"),
  SUPABASE_URL: optionalUrl,
  SUPABASE_ANON_KEY: optional,
  SUPABASE_SERVICE_ROLE_KEY: optional,
  /**
   * The YouX finance broker (server/finance): both set, quotes and customers go to YouX; neither set,
   * the embedded broker answers from the dealer's rate table. The key is sent only to YOUX_URL.
   */
  YOUX_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .url()
      .regex(/^https?:\/\//i, "must be an http(s) URL")
      .optional(),
  ),
  YOUX_API_KEY: z.preprocess(
    blankIsUnset,
    z
      .string()
      .min(8, "must be at least 8 characters")
      .regex(/^[\x21-\x7e]+$/, "must be printable characters without spaces")
      .optional(),
  ),
  /**
   * Stripe Checkout for reservation deposits (server/payments): both set, shoppers pay the deposit on
   * Stripe's page and the signed webhook (/api/payments/stripe-webhook) reserves the car; neither set,
   * a reservation request is recorded without taking money. Neither reaches the browser.
   */
  STRIPE_SECRET_KEY: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, "must be a Stripe secret key (sk_live_..., sk_test_... or a restricted rk_ key)")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, "must be a Stripe webhook signing secret (whsec_...)")
      .optional(),
  ),
  /**
   * Cloudflare Turnstile on lead forms (server/captcha): both set, the browser shows Cloudflare's widget
   * with the site key (public) and the server checks its token with the secret key at the siteverify
   * endpoint (TURNSTILE_VERIFY_URL moves it, for tests); neither set, the embedded proof of work.
   */
  TURNSTILE_SITE_KEY: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[0-9A-Za-z_-]{8,100}$/, "must be a Turnstile site key")
      .optional(),
  ),
  TURNSTILE_SECRET_KEY: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[0-9A-Za-z_-]{8,200}$/, "must be a Turnstile secret key")
      .optional(),
  ),
  TURNSTILE_VERIFY_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .url()
      .regex(/^https?:\/\//i, "must be an http(s) URL")
      .optional(),
  ),
  /**
   * The captcha on lead forms (server/captcha), for dealers whose features.captcha is on. "off" is for a
   * test server whose browser tests send forms at machine speed; never for a dealer's site.
   */
  CAPTCHA: z.enum(["on", "off"]).default("on"),
  MARKET_PRICE_API_URL: optionalUrl,
  MARKET_PRICE_API_KEY: optional,
  GEOCODER_URL: optionalUrl,
  CRM_WEBHOOK_URL: optionalUrl,
  CRM_WEBHOOK_SECRET: optional,
  /**
   * Lead e-mails to dealers go out over this SMTP server (smtp:// or smtps://, user and password in the
   * URL); without it each e-mail is written as a .eml file beside the lead's ADF file.
   */
  SMTP_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .url()
      .regex(/^smtps?:\/\//i, "must start with smtp:// or smtps://")
      .optional(),
  ),
  /** The From address of lead e-mails; leads@<the dealer's first domain> when unset. */
  LEAD_EMAIL_FROM: z.preprocess(blankIsUnset, z.string().email().optional()),
  /** Run the lead delivery worker in this process ("off" for an instance that only answers requests). */
  LEAD_WORKER: z.enum(["on", "off"]).default("on"),
  /** Pull dealers' stock feeds (tenant stock.feed.url) on their schedule from this process ("off" for an instance that only answers requests). */
  STOCK_FEED_PULLS: z.enum(["on", "off"]).default("on"),
  /**
   * Keys the HMAC of embedded sign-in codes (server/auth). Set it (32+ characters) when several
   * instances share one database; unset, one is generated once into DATA_DIR/session-secret (mode 0600).
   */
  SESSION_SECRET: z.preprocess(blankIsUnset, z.string().min(32, "must be at least 32 characters").optional()),
  /**
   * How many proxies in front of the server to trust: 0 (default) uses the connection's own address,
   * Host and scheme; N takes them from X-Forwarded-For/-Host/-Proto as set by the N nearest proxies.
   */
  TRUST_PROXY: z.preprocess(
    (v) => (v === "true" ? "1" : v === "false" ? "0" : blankIsUnset(v)),
    z.coerce.number().int().min(0).max(10).default(0),
  ),
  /**
   * The abuse limits on lead forms, phone reveals and analytics beacons (server/limits). "off" is for a
   * test server whose browser tests post everything from 127.0.0.1; never for a dealer's site.
   */
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  /** Skip loading demo stock into an empty database. */
  DEMO_STOCK: z.enum(["on", "off"]).default("on"),
});

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  tenantsDir: string;
  /**
   * Per-dealer CRM webhook secrets: every CRM_WEBHOOK_SECRET_<NAME> variable, by its name. A dealer's
   * tenant.json names the variable (leadDelivery.webhook.secretEnv), never the secret itself.
   */
  crmWebhookSecrets: Readonly<Record<string, string>>;
};

/** Names a dealer's tenant.json may give for its CRM webhook secret. */
export const CRM_WEBHOOK_SECRET_NAME = /^CRM_WEBHOOK_SECRET_[A-Z0-9_]+$/;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema
    .refine((env) => Boolean(env.YOUX_URL) === Boolean(env.YOUX_API_KEY), {
      message: "YOUX_URL and YOUX_API_KEY go together: set both for YouX, or neither for the embedded broker",
      path: ["YOUX_API_KEY"],
    })
    .refine((env) => Boolean(env.STRIPE_SECRET_KEY) === Boolean(env.STRIPE_WEBHOOK_SECRET), {
      message:
        "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both for Stripe Checkout, or neither to record reservations without payment",
      path: ["STRIPE_WEBHOOK_SECRET"],
    })
    .refine((env) => Boolean(env.TURNSTILE_SITE_KEY) === Boolean(env.TURNSTILE_SECRET_KEY), {
      message:
        "TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together: set both for Cloudflare Turnstile, or neither for the embedded proof of work",
      path: ["TURNSTILE_SECRET_KEY"],
    })
    .safeParse(source);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new EnvError(`Invalid environment variables: ${fields}`);
  }
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    tenantsDir: path.resolve(parsed.data.TENANTS_DIR),
    crmWebhookSecrets: Object.fromEntries(
      Object.entries(source).filter(
        (e): e is [string, string] => CRM_WEBHOOK_SECRET_NAME.test(e[0]) && typeof e[1] === "string" && e[1] !== "",
      ),
    ),
  };
}
