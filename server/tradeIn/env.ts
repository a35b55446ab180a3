/**
 * The trade-in providers' settings: VEHICLE_LOOKUP_URL with VEHICLE_LOOKUP_KEY for rego lookups, and
 * VALUATION_URL with VALUATION_KEY for offers. Each pair is both set (that provider over HTTP) or neither
 * (the embedded default); an empty variable counts as unset. Values are never echoed in errors or logs.
 */
import { z } from "zod";

const blankIsUnset = (v: unknown) => (v === "" ? undefined : v);
const url = z.preprocess(
  blankIsUnset,
  z
    .string()
    .url("must be a URL")
    .regex(/^https?:\/\//i, "must be an http(s) URL")
    .optional(),
);
const key = z.preprocess(
  blankIsUnset,
  z
    .string()
    .min(8, "must be at least 8 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable characters without spaces")
    .optional(),
);

const schema = z
  .object({ VEHICLE_LOOKUP_URL: url, VEHICLE_LOOKUP_KEY: key, VALUATION_URL: url, VALUATION_KEY: key })
  .refine((env) => Boolean(env.VEHICLE_LOOKUP_URL) === Boolean(env.VEHICLE_LOOKUP_KEY), {
    message: "VEHICLE_LOOKUP_URL and VEHICLE_LOOKUP_KEY go together: set both for the lookup provider, or neither for the embedded lookup",
    path: ["VEHICLE_LOOKUP_KEY"],
  })
  .refine((env) => Boolean(env.VALUATION_URL) === Boolean(env.VALUATION_KEY), {
    message: "VALUATION_URL and VALUATION_KEY go together: set both for the valuation provider, or neither for the embedded valuation",
    path: ["VALUATION_KEY"],
  });

export type TradeInEnv = z.infer<typeof schema>;

export class TradeInConfigError extends Error {}

export function parseTradeInEnv(source: Record<string, string | undefined>): TradeInEnv {
  const parsed = schema.safeParse({
    VEHICLE_LOOKUP_URL: source.VEHICLE_LOOKUP_URL,
    VEHICLE_LOOKUP_KEY: source.VEHICLE_LOOKUP_KEY,
    VALUATION_URL: source.VALUATION_URL,
    VALUATION_KEY: source.VALUATION_KEY,
  });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new TradeInConfigError(`Invalid environment variables: ${fields}`);
  }
  return parsed.data;
}
