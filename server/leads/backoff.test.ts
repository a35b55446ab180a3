import { describe, expect, it } from "vitest";
import { DEFAULT_BACKOFF, retryDelay } from "./backoff";

describe("retry back-off", () => {
  const policy = { baseMs: 1000, maxMs: 10_000, maxAttempts: 6 };

  it("doubles per attempt, with the random half between half and all of the step", () => {
    expect(retryDelay(1, policy, () => 0)).toBe(500);
    expect(retryDelay(1, policy, () => 0.999999)).toBe(1000);
    expect(retryDelay(2, policy, () => 0)).toBe(1000);
    expect(retryDelay(3, policy, () => 0.5)).toBe(3000);
  });

  it("never waits longer than the maximum", () => {
    expect(retryDelay(5, policy, () => 0.999999)).toBe(10_000);
    expect(retryDelay(5, { ...policy, maxAttempts: 100 }, () => 1)).toBe(10_000);
  });

  it("gives up (null) once the last attempt allowed has failed", () => {
    expect(retryDelay(5, policy)).not.toBeNull();
    expect(retryDelay(6, policy)).toBeNull();
    expect(retryDelay(7, policy)).toBeNull();
  });

  it("spreads retries of many leads apart (jitter)", () => {
    const waits = new Set(Array.from({ length: 50 }, () => retryDelay(4, DEFAULT_BACKOFF)));
    expect(waits.size).toBeGreaterThan(40);
  });

  it("the default policy retries for hours before giving up", () => {
    let total = 0;
    for (let attempt = 1; attempt < DEFAULT_BACKOFF.maxAttempts; attempt++) total += retryDelay(attempt, DEFAULT_BACKOFF, () => 0)!;
    expect(total).toBeGreaterThan(2 * 3600_000);
    expect(retryDelay(DEFAULT_BACKOFF.maxAttempts, DEFAULT_BACKOFF)).toBeNull();
  });
});
