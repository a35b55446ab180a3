import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("environment", () => {
  it("needs nothing set for the embedded defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DEFAULT_TENANT).toBe("summit-auto-group");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TYPESENSE_HOST).toBeUndefined();
  });
  it("names bad fields", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ SUPABASE_URL: "not a url" })).toThrow(/SUPABASE_URL/);
  });
  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
  it("trusts no proxy unless told how many", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(() => parseEnv({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
  });
  it("keeps the abuse limits on unless told exactly 'off'", () => {
    expect(parseEnv({}).RATE_LIMITS).toBe("on");
    expect(parseEnv({ RATE_LIMITS: "off" }).RATE_LIMITS).toBe("off");
    expect(() => parseEnv({ RATE_LIMITS: "no" })).toThrow(/RATE_LIMITS/);
  });
  it("refuses one of a pair without the other, naming both and never the value", () => {
    const key = "secret-value-1234567";
    for (const [first, second] of [
      ["YOUX_URL", "YOUX_API_KEY"],
      ["VEHICLE_LOOKUP_URL", "VEHICLE_LOOKUP_KEY"],
      ["VALUATION_URL", "VALUATION_KEY"],
    ]) {
      const error = (() => {
        try {
          parseEnv({ [second]: key });
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error).toBeInstanceOf(EnvError);
      expect(error?.message).toContain(`${second}: ${first} and ${second} go together`);
      expect(error?.message).not.toContain(key);
    }
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_abcdefgh12345678" })).toThrow(/STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and/);
  });
  it("takes a CDN with all of its settings and nothing else, naming what is missing or extra and never the token", () => {
    const token = "cdn-token-secret-1234567";
    const zone = "0123456789abcdef0123456789abcdef";
    expect(parseEnv({}).CDN_PROVIDER).toBe("none");
    expect(parseEnv({ CDN_PROVIDER: "cloudflare", CDN_API_TOKEN: token, CDN_ZONE_ID: zone })).toMatchObject({ CDN_PROVIDER: "cloudflare" });
    expect(parseEnv({ CDN_PROVIDER: "fastly", CDN_API_TOKEN: token, CDN_SERVICE_ID: "SU1Z0isxPaozGVKXdv0eY" }).CDN_PROVIDER).toBe("fastly");
    for (const [source, message] of [
      [{ CDN_PROVIDER: "cloudflare", CDN_API_TOKEN: token }, "CDN_ZONE_ID: CDN_PROVIDER cloudflare needs CDN_ZONE_ID"],
      [{ CDN_PROVIDER: "fastly", CDN_API_TOKEN: token }, "CDN_SERVICE_ID: CDN_PROVIDER fastly needs CDN_SERVICE_ID"],
      [{ CDN_PROVIDER: "fastly", CDN_SERVICE_ID: "SU1Z0isxPaozGVKXdv0eY" }, "CDN_API_TOKEN: CDN_PROVIDER fastly needs CDN_API_TOKEN"],
      [{ CDN_API_TOKEN: token }, "CDN_API_TOKEN: CDN_API_TOKEN is set but CDN_PROVIDER is not"],
      [
        { CDN_PROVIDER: "cloudflare", CDN_API_TOKEN: token, CDN_ZONE_ID: zone, CDN_SERVICE_ID: "SU1Z0isxPaozGVKXdv0eY" },
        "CDN_SERVICE_ID is not a setting of CDN_PROVIDER cloudflare",
      ],
      [{ CDN_PROVIDER: "cloudflare", CDN_API_TOKEN: "short", CDN_ZONE_ID: zone }, "CDN_API_TOKEN: must be at least 8 characters"],
    ] as const) {
      const error = (() => {
        try {
          parseEnv(source);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error).toBeInstanceOf(EnvError);
      expect(error?.message).toContain(message);
      expect(error?.message).not.toContain(token);
    }
  });
  it("checks the maps key and the log level at start", () => {
    expect(() => parseEnv({ GOOGLE_MAPS_EMBED_KEY: "not a key" })).toThrow("GOOGLE_MAPS_EMBED_KEY: must be a Google API key");
    expect(parseEnv({ GOOGLE_MAPS_EMBED_KEY: "" }).GOOGLE_MAPS_EMBED_KEY).toBeUndefined();
    expect(parseEnv({}).LOG_LEVEL).toBe("info");
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
});
