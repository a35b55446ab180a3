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
});
