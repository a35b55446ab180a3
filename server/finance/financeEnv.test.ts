import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../config/env.server";

describe("YouX settings at start-up", () => {
  it("needs neither (the embedded broker) or both", () => {
    expect(parseEnv({}).YOUX_URL).toBeUndefined();
    const env = parseEnv({ YOUX_URL: "https://api.youx.example/v1", YOUX_API_KEY: "k".repeat(32) });
    expect(env.YOUX_URL).toBe("https://api.youx.example/v1");
    expect(parseEnv({ YOUX_URL: "", YOUX_API_KEY: "" }).YOUX_API_KEY).toBeUndefined();
  });

  it("refuses one without the other, a URL that is not http(s) and a short or spaced key, naming the field but never the key", () => {
    expect(() => parseEnv({ YOUX_URL: "https://api.youx.example" })).toThrow(/YOUX_API_KEY: YOUX_URL and YOUX_API_KEY go together/);
    expect(() => parseEnv({ YOUX_API_KEY: "k".repeat(32) })).toThrow(EnvError);
    expect(() => parseEnv({ YOUX_URL: "ftp://youx.example", YOUX_API_KEY: "k".repeat(32) })).toThrow(/YOUX_URL/);
    expect(() => parseEnv({ YOUX_URL: "https://api.youx.example", YOUX_API_KEY: "short" })).toThrow(/YOUX_API_KEY/);
    const spaced = "secret key with spaces";
    let message = "";
    try {
      parseEnv({ YOUX_URL: "https://api.youx.example", YOUX_API_KEY: spaced });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/YOUX_API_KEY/);
    expect(message).not.toContain(spaced);
  });
});
