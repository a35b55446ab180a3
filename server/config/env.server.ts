/**
 * The server's settings: every environment variable it reads, checked once at start with one zod
 * schema. Missing production keys mean the embedded default for that port (the platform logs the choice
 * once); a bad value, or one of a pair without the other, stops start-up with the variable named and
 * never its value. Nothing here is sent to the browser.
 *
 * This is the only module that reads `process.env` (besides the command-line entry points in
 * server/cli): the platform (server/platform.server.ts) builds every adapter from the parsed settings,
 * and loaders and actions read `platform.<port>`. A new setting goes in `settingsSchema` below, in a
 * pair in `PAIRED_SETTINGS` when it needs a partner (in `CHOSEN_SETTINGS` when a choice of provider
 * decides which it needs), and in the README's settings (tests/settingsDocs.test.ts checks both ways).
 */
import path from "node:path";
import { z } from "zod";

/** An empty variable counts as unset, so `FOO=` in a shell means "use the embedded default". */
const blankIsUnset = (v: unknown) => (v === "" ? undefined : v);
const optional = z.preprocess(blankIsUnset, z.string().optional());
const optionalUrl = z.preprocess(blankIsUnset, z.string().url().optional());
/** A provider's base address: http(s) only. */
const httpUrl = z.preprocess(
  blankIsUnset,
  z
    .string()
    .url("must be a URL")
    .regex(/^https?:\/\//i, "must be an http(s) URL")
    .optional(),
);
/** A provider's API key, sent as a bearer token. */
const apiKey = z.preprocess(
  blankIsUnset,
  z
    .string()
    .min(8, "must be at least 8 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable characters without spaces")
    .optional(),
);
/** A switch that is on unless told exactly "off". */
const onOff = z.enum(["on", "off"]).default("on");

const settingsSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** How much the server logs: "silent" for test runs; anything below the level is dropped. */
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * Web processes `npm start` runs with DATABASE_URL (default: one per core). With the embedded database
   * there is one process whatever this says: only one process may open it.
   */
  WEB_CONCURRENCY: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(64).optional()),
  /**
   * How many pages a web process renders at once (cache misses, forms, data answers); the others wait
   * their turn, so pages kept by the page cache are answered between renders instead of behind them all.
   * A render waiting on a provider (a finance quote, at most 2.5 s and kept afterwards) holds its turn:
   * 4 keeps the site moving while one is slow (npm run bench, mixed traffic, measures 2, 4 and more).
   */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  /**
   * Megabytes a web process keeps of stored pages (the page cache: pages and their compressed copies); past
   * it, the pages asked for least recently go first. A CDN in front keeps its own copies as well.
   */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(48),
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
  /**
   * The YouX finance broker (server/finance): both set, quotes and customers go to YouX; neither set,
   * the embedded broker answers from the dealer's rate table. The key is sent only to YOUX_URL.
   */
  YOUX_URL: httpUrl,
  YOUX_API_KEY: apiKey,
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
  /** Another Stripe API server than api.stripe.com (tests: a fake, or an address where nothing answers). */
  STRIPE_API_URL: httpUrl,
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
  TURNSTILE_VERIFY_URL: httpUrl,
  /**
   * The captcha on lead forms (server/captcha), for dealers whose features.captcha is on. "off" is for a
   * test server whose browser tests send forms at machine speed; never for a dealer's site.
   */
  CAPTCHA: onOff,
  /**
   * Rego lookups (VEHICLE_LOOKUP_URL with VEHICLE_LOOKUP_KEY) and trade-in offers (VALUATION_URL with
   * VALUATION_KEY) from a provider (server/tradeIn); each pair both set or neither (the embedded default).
   */
  VEHICLE_LOOKUP_URL: httpUrl,
  VEHICLE_LOOKUP_KEY: apiKey,
  VALUATION_URL: httpUrl,
  VALUATION_KEY: apiKey,
  MARKET_PRICE_API_URL: optionalUrl,
  MARKET_PRICE_API_KEY: optional,
  /** A geocoding service for postcodes (server/geo/geocoder.ts); the bundled list answers when it cannot. */
  GEOCODER_URL: optionalUrl,
  /** The Google Maps embed on location pages (server/maps): a browser key, restricted by referrer in Google's console. */
  GOOGLE_MAPS_EMBED_KEY: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,100}$/, "must be a Google API key")
      .optional(),
  ),
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
  LEAD_WORKER: onOff,
  /** Pull dealers' stock feeds (tenant stock.feed.url) on their schedule from this process ("off" for an instance that only answers requests). */
  STOCK_FEED_PULLS: onOff,
  /** Make the stock's photos (cards, first gallery photos, 360° frames) in the background before shoppers ask, from this process ("off" on an instance that only answers requests). */
  PHOTO_WARMUP: onOff,
  /** Send shoppers' alerts from this process (server/alerts/worker.ts; "off" for an instance that only answers requests). */
  ALERT_WORKER: onOff,
  /**
   * Twilio for SMS (server/auth/twilio.ts, docs/alerts.md): all three set, sign-in codes and alerts go out
   * through Twilio's Messages API and replies (STOP) come back signed to /api/sms/inbound; none set, SMS are
   * written to DATA_DIR/sms-outbox.jsonl. TWILIO_FROM is the sending number (E.164), an alphanumeric sender
   * id, or a Messaging Service SID (MG...). TWILIO_API_URL moves the API (tests point it at a fake).
   */
  TWILIO_ACCOUNT_SID: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^AC[0-9a-f]{32}$/, "must be a Twilio account SID (AC and 32 hexadecimal digits)")
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[0-9a-f]{32}$/, "must be a Twilio auth token (32 hexadecimal digits)")
      .optional(),
  ),
  TWILIO_FROM: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(
        /^(\+[1-9]\d{6,14}|MG[0-9a-f]{32}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
        "must be an E.164 number, an alphanumeric sender id (up to 11 letters and digits) or a Messaging Service SID",
      )
      .optional(),
  ),
  TWILIO_API_URL: httpUrl,
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
   * The abuse limits on lead forms, phone reveals, sign-in codes and analytics beacons (server/limits).
   * "off" is for a test server whose browser tests post everything from 127.0.0.1; never for a dealer's site.
   */
  RATE_LIMITS: onOff,
  /**
   * A CDN in front of the dealers' sites (server/cdn, docs/cdn.md): "cloudflare" with CDN_API_TOKEN and
   * CDN_ZONE_ID, or "fastly" with CDN_API_TOKEN and CDN_SERVICE_ID; a stock change then purges the
   * dealer's pages there by tag. "none" (the default): nothing in front to purge. CDN_API_URL moves the
   * provider's API (tests point it at a fake). The token is sent only to the provider's API.
   */
  CDN_PROVIDER: z.preprocess(blankIsUnset, z.enum(["none", "cloudflare", "fastly"]).default("none")),
  CDN_API_TOKEN: apiKey,
  CDN_ZONE_ID: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[0-9a-f]{32}$/, "must be a Cloudflare zone id (32 hexadecimal digits)")
      .optional(),
  ),
  CDN_SERVICE_ID: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9]{8,64}$/, "must be a Fastly service id (letters and digits)")
      .optional(),
  ),
  CDN_API_URL: httpUrl,
  /** Skip loading demo stock into an empty database. */
  DEMO_STOCK: onOff,
});

type SettingName = keyof typeof settingsSchema.shape;

/** Every environment variable the server reads (the per-dealer CRM_WEBHOOK_SECRET_<NAME> besides). */
export const SETTING_NAMES = Object.keys(settingsSchema.shape) as SettingName[];

/** Settings that go together: both set for the provider, or neither for the embedded default. */
export const PAIRED_SETTINGS: readonly { pair: readonly [SettingName, SettingName]; both: string; neither: string }[] = [
  { pair: ["YOUX_URL", "YOUX_API_KEY"], both: "YouX", neither: "for the embedded broker" },
  { pair: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"], both: "Stripe Checkout", neither: "to record reservations without payment" },
  { pair: ["TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY"], both: "Cloudflare Turnstile", neither: "for the embedded proof of work" },
  { pair: ["VEHICLE_LOOKUP_URL", "VEHICLE_LOOKUP_KEY"], both: "the lookup provider", neither: "for the embedded lookup" },
  { pair: ["VALUATION_URL", "VALUATION_KEY"], both: "the valuation provider", neither: "for the embedded valuation" },
  { pair: ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"], both: "Twilio", neither: "for the embedded SMS outbox" },
  { pair: ["TWILIO_ACCOUNT_SID", "TWILIO_FROM"], both: "Twilio", neither: "for the embedded SMS outbox" },
];

/**
 * Settings that pick a provider, and what each choice needs: all of its settings, and none of another
 * choice's (a token beside "none", or a Fastly service id beside Cloudflare, is half a set-up).
 */
export const CHOSEN_SETTINGS: readonly {
  choice: SettingName;
  needs: Readonly<Record<string, readonly SettingName[]>>;
  /** Settings any choice but the default may add. */
  optional: readonly SettingName[];
  /** The choice that needs nothing. */
  none: string;
}[] = [
  {
    choice: "CDN_PROVIDER",
    needs: { none: [], cloudflare: ["CDN_API_TOKEN", "CDN_ZONE_ID"], fastly: ["CDN_API_TOKEN", "CDN_SERVICE_ID"] },
    optional: ["CDN_API_URL"],
    none: "none",
  },
];

export type Env = z.infer<typeof settingsSchema> & {
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

const pairedSchema = settingsSchema.superRefine((env, ctx) => {
  for (const {
    pair: [first, second],
    both,
    neither,
  } of PAIRED_SETTINGS) {
    if (Boolean(env[first]) !== Boolean(env[second]))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `${first} and ${second} go together: set both for ${both}, or neither ${neither}`,
        path: [second],
      });
  }
  for (const { choice, needs, optional, none } of CHOSEN_SETTINGS) {
    const chosen = String(env[choice]);
    const needed = needs[chosen] ?? [];
    const family = new Set([...Object.values(needs).flat(), ...optional]);
    for (const name of needed)
      if (!env[name]) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${choice} ${chosen} needs ${name}`, path: [name] });
    for (const name of family) {
      if (!env[name] || needed.includes(name) || (chosen !== none && optional.includes(name))) continue;
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message:
          chosen === none
            ? `${name} is set but ${choice} is not: set ${choice} for the provider, or unset ${name}`
            : `${name} is not a setting of ${choice} ${chosen}: unset it`,
        path: [name],
      });
    }
  }
});

/** The settings from these variables (the process's by default); throws EnvError naming every bad one. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = pairedSchema.safeParse(source);
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

/**
 * What the log needs before (and without) the settings being parsed: its level and whether lines are
 * JSON (production). Read on every line, leniently, since the log also reports a bad setting.
 */
export function logSettings(): { level: Env["LOG_LEVEL"]; json: boolean } {
  const level = settingsSchema.shape.LOG_LEVEL.safeParse(blankIsUnset(process.env.LOG_LEVEL));
  return { level: level.success ? level.data : "info", json: process.env.NODE_ENV === "production" };
}
