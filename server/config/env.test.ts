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
  it("checks the maps key and the log level at start", () => {
    expect(() => parseEnv({ GOOGLE_MAPS_EMBED_KEY: "not a key" })).toThrow("GOOGLE_MAPS_EMBED_KEY: must be a Google API key");
    expect(parseEnv({ GOOGLE_MAPS_EMBED_KEY: "" }).GOOGLE_MAPS_EMBED_KEY).toBeUndefined();
    expect(parseEnv({}).LOG_LEVEL).toBe("info");
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
});
