import { describe, expect, it } from "vitest";
import { codeMatches, hashCode, newCode, normaliseCodeInput } from "./codes";
import { normaliseMobile } from "./signInRecords";
import { codeMessage } from "./sms";

const SECRET = "s".repeat(64);

describe("one-time codes", () => {
  it("are six digits, leading zeros kept, spread over the whole range", () => {
    const codes = Array.from({ length: 2000 }, () => newCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((c) => Number(c) < 500_000) && codes.some((c) => Number(c) >= 500_000)).toBe(true);
  });

  it("are stored as an HMAC-SHA256 keyed with the server secret, bound to dealer and phone", () => {
    const hash = hashCode(SECRET, "alpha", "+61412345678", "123456");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("123456");
    expect(hashCode(SECRET, "alpha", "+61412345678", "123456")).toBe(hash);
    expect(hashCode("t".repeat(64), "alpha", "+61412345678", "123456")).not.toBe(hash);
    expect(hashCode(SECRET, "beta", "+61412345678", "123456")).not.toBe(hash);
    expect(hashCode(SECRET, "alpha", "+61412345679", "123456")).not.toBe(hash);
  });

  it("match only the right code (constant-time comparison), and never a malformed stored value", () => {
    const hash = hashCode(SECRET, "alpha", "+61412345678", "012345");
    expect(codeMatches(SECRET, "alpha", "+61412345678", "012345", hash)).toBe(true);
    expect(codeMatches(SECRET, "alpha", "+61412345678", "012346", hash)).toBe(false);
    expect(codeMatches(SECRET, "beta", "+61412345678", "012345", hash)).toBe(false);
    expect(codeMatches(SECRET, "alpha", "+61412345678", "012345", "abcd")).toBe(false);
    expect(codeMatches(SECRET, "alpha", "+61412345678", "012345", "")).toBe(false);
  });

  it("typed by the shopper may have spaces; anything but six digits is no code", () => {
    expect(normaliseCodeInput(" 123 456 ")).toBe("123456");
    for (const bad of ["12345", "1234567", "12345a", "", "１２３４５６"]) expect(normaliseCodeInput(bad)).toBeNull();
  });

  it("arrive in a message naming the dealer and the expiry", () => {
    expect(codeMessage("Alpha Motors", "123456", 10)).toBe("Your Alpha Motors code is 123456. It expires in 10 minutes.");
  });
});

describe("phone normalisation", () => {
  it("turns every Australian mobile form into one E.164 value", () => {
    for (const form of ["0412345678", "0412 345 678", "+61412345678", "+61 412 345 678", "61412345678", "(04) 1234-5678"]) {
      expect(normaliseMobile(form)).toBe("+61412345678");
    }
  });

  it("refuses landlines, short numbers and other countries", () => {
    for (const bad of ["0290000000", "041234567", "+6441234567", "+14155550100", "", "abc"]) expect(normaliseMobile(bad)).toBeNull();
  });
});
