import { describe, expect, it } from "vitest";
import { formatLongDate, regoExpiryText } from "./regoExpiry";

const now = new Date("2026-11-21T02:00:00Z");

describe("rego expiry", () => {
  it("reads 'Expires on Month d, yyyy' for a future date", () => {
    expect(regoExpiryText("2027-03-01", now, false)).toBe("Expires on March 1, 2027");
    expect(regoExpiryText("2026-12-25", now, true)).toBe("Expires on December 25, 2026");
  });
  it("a registration is current on its expiry day", () => {
    expect(regoExpiryText("2026-11-21", now, true)).toBe("Expires on November 21, 2026");
  });
  it("a past date reads 'Unregistered' only under the dealer flag, otherwise nothing", () => {
    expect(regoExpiryText("2026-11-20", now, true)).toBe("Unregistered");
    expect(regoExpiryText("2026-11-20", now, false)).toBeNull();
  });
  it("says nothing for a missing or broken date", () => {
    expect(regoExpiryText("", now, true)).toBeNull();
    expect(regoExpiryText("next year", now, true)).toBeNull();
    expect(formatLongDate("2027-13-01")).toBeNull();
  });
});
