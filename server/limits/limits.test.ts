import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "../config/env.server";
import type { Queryable } from "../db/database";
import { analyticsEventHits, leadFormHits, leadVisitorOf, phoneRevealHits, limitsOn, spendAllowance, tooManyRequests } from "./guard";
import { addressVisitor, hashKey, visitorHash } from "./hash";
import {
  ABUSE_LIMITS,
  ANALYTICS_EVENTS_PER_ADDRESS,
  checkLimits,
  LEAD_FORMS_PER_ADDRESS,
  LEAD_FORMS_PER_EMAIL,
  LEAD_FORMS_PER_PHONE,
  PHONE_REVEALS_PER_ADDRESS,
} from "./rateLimit";

const failingDb: Queryable = {
  query: async () => {
    throw new Error("connection refused");
  },
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("the limits", () => {
  it("are the documented allowances, each in a bucket of its own", () => {
    expect(
      [LEAD_FORMS_PER_ADDRESS, LEAD_FORMS_PER_EMAIL, LEAD_FORMS_PER_PHONE, PHONE_REVEALS_PER_ADDRESS, ANALYTICS_EVENTS_PER_ADDRESS].map(
        (l) => [l.max, l.windowMs / 60_000],
      ),
    ).toEqual([
      [10, 10],
      [5, 10],
      [5, 10],
      [20, 60],
      [120, 1],
    ]);
    expect(new Set(ABUSE_LIMITS.map((l) => l.bucket)).size).toBe(ABUSE_LIMITS.length);
  });
});

describe("when the database fails", () => {
  it("lets the request through and logs a warning: the limiter never loses a lead", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.stubEnv("LOG_LEVEL", "");
    const check = await checkLimits(failingDb, "alpha", leadFormHits("203.0.113.5", { email: "sam@example.com", phone: "0412345678" }));
    expect(check).toEqual({ allowed: true });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain("rate limit not checked");
    expect(String(warn.mock.calls[0][0])).not.toContain("sam@example.com");
  });
});

describe("which allowances a request spends", () => {
  it("a lead form: the address, the e-mail (any case) and the phone's digits", () => {
    expect(leadFormHits("203.0.113.5", { email: " Sam@Example.com ", phone: "0412 345 678" })).toEqual([
      { limit: LEAD_FORMS_PER_ADDRESS, key: "203.0.113.5" },
      { limit: LEAD_FORMS_PER_EMAIL, key: "sam@example.com" },
      { limit: LEAD_FORMS_PER_PHONE, key: "0412345678" },
    ]);
  });

  it("no address allowance when the server entry did not know the address, so shoppers never share one", () => {
    expect(leadFormHits("unknown", { email: "sam@example.com", phone: "" })).toEqual([
      { limit: LEAD_FORMS_PER_EMAIL, key: "sam@example.com" },
    ]);
    expect(phoneRevealHits("unknown")).toEqual([]);
    expect(analyticsEventHits("")).toEqual([]);
    expect(phoneRevealHits("2001:db8::1")).toEqual([{ limit: PHONE_REVEALS_PER_ADDRESS, key: "2001:db8::1" }]);
  });

  it("RATE_LIMITS=off spends nothing and touches no database", async () => {
    let queries = 0;
    const counting: Queryable = {
      query: (sql, params) => {
        queries++;
        return failingDb.query(sql, params);
      },
    };
    expect(await spendAllowance({ db: counting, env: { RATE_LIMITS: "off" } }, "alpha", phoneRevealHits("203.0.113.5"))).toEqual({
      allowed: true,
    });
    expect(queries).toBe(0);
  });

  it("limits stay on unless the setting says off", () => {
    expect(limitsOn({ env: parseEnv({}) })).toBe(true);
    expect(limitsOn({ env: parseEnv({ RATE_LIMITS: "on" }) })).toBe(true);
    expect(limitsOn({ env: parseEnv({ RATE_LIMITS: "off" }) })).toBe(false);
    expect(() => parseEnv({ RATE_LIMITS: "no" })).toThrow(/RATE_LIMITS/);
  });
});

describe("keys", () => {
  it("are sha256 hex, differ per bucket, and ignore an e-mail's case and spacing", () => {
    const key = hashKey("lead-form:email", "Sam@Example.com ");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).toBe(hashKey("lead-form:email", "sam@example.com"));
    expect(key).not.toBe(hashKey("lead-form:phone", "sam@example.com"));
  });

  it("a visitor is the address with the browser; the lead visitor is the address alone", () => {
    expect(visitorHash("203.0.113.5", "Firefox")).not.toBe(visitorHash("203.0.113.5", "Chrome"));
    expect(visitorHash("203.0.113.5", "Firefox")).not.toBe(visitorHash("203.0.113.6", "Firefox"));
    expect(visitorHash("203.0.113.5", null)).toMatch(/^[0-9a-f]{64}$/);
    expect(addressVisitor("203.0.113.5")).toMatch(/^[0-9a-f]{64}$/);
    expect(addressVisitor("203.0.113.5")).not.toContain("203");
    expect(leadVisitorOf("203.0.113.5")).toBe(addressVisitor("203.0.113.5"));
    expect(leadVisitorOf("unknown")).toBeUndefined();
  });
});

describe("429 for background calls", () => {
  it("says when to try again and is never cached", () => {
    const response = tooManyRequests(42);
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("42");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
