/**
 * isPaymentsError recognises the payments port's error whichever copy of its class made it. In production
 * the adapter the platform built (the server's own build) throws its copy of PaymentsError and the routes
 * (the pages' build) hold another: `instanceof` fails across the two, the brand does not. A test suite runs
 * one copy of everything, so these tests make the second copy on purpose.
 */
import { describe, expect, it, vi } from "vitest";
import { isPaymentsError, PaymentsError } from "./port";

/** The brand as any bundle spells it: the runtime's registry gives every copy the same symbol. */
const BRAND = Symbol.for("dealer-sites.PaymentsError");

/** port.ts evaluated again: a class of its own, as the other build's bundle holds it. */
async function secondCopyOfPort() {
  vi.resetModules();
  return import("./port");
}

describe("isPaymentsError", () => {
  it("recognises an error of this copy of the class", () => {
    expect(isPaymentsError(new PaymentsError("Stripe: request failed", "provider"))).toBe(true);
  });

  it("recognises an error made by a second copy of the module, where instanceof does not", async () => {
    const other = await secondCopyOfPort();
    expect(other.PaymentsError).not.toBe(PaymentsError);
    const error = new other.PaymentsError("Stripe: request failed", "provider");
    expect(error instanceof PaymentsError).toBe(false);
    expect(isPaymentsError(error)).toBe(true);
    // And the other way round: the second copy's helper knows this copy's errors.
    expect(other.isPaymentsError(new PaymentsError("The webhook's signature does not match.", "signature"))).toBe(true);
  });

  it("recognises a class defined elsewhere with the same brand", () => {
    class ElsewhereBundled extends Error {
      readonly [BRAND] = true;
      readonly reason = "provider" as const;
    }
    const error: unknown = new ElsewhereBundled("Stripe: request failed");
    expect(isPaymentsError(error)).toBe(true);
    if (isPaymentsError(error)) expect(error.reason).toBe("provider");
  });

  it("refuses a plain Error, even one named PaymentsError, and anything not an object", () => {
    const named = new Error("Stripe: request failed");
    named.name = "PaymentsError";
    for (const value of [new Error("no"), named, { reason: "provider", message: "x" }, null, undefined, "PaymentsError", 0]) {
      expect(isPaymentsError(value), String(value)).toBe(false);
    }
  });

  it("refuses an object whose brand is not exactly true", () => {
    expect(isPaymentsError({ [BRAND]: "true" })).toBe(false);
    expect(isPaymentsError({ [BRAND]: 1 })).toBe(false);
    expect(isPaymentsError({ [Symbol("dealer-sites.PaymentsError")]: true })).toBe(false);
  });
});
