import { describe, expect, it } from "vitest";
import { DEFAULT_DEPOSIT_CENTS, depositCents } from "./deposit";

describe("depositCents", () => {
  it("reads the first dollar figure of the dealer's label", () => {
    expect(depositCents("$200")).toBe(20_000);
    expect(depositCents("$250")).toBe(25_000);
    expect(depositCents("$1,250.50 refundable")).toBe(125_050);
    expect(depositCents("Only $ 99.9 today")).toBe(9_990);
  });
  it("falls back to the spec's $200 for a label without a believable amount", () => {
    expect(depositCents("A small deposit")).toBe(DEFAULT_DEPOSIT_CENTS);
    expect(depositCents("$0")).toBe(DEFAULT_DEPOSIT_CENTS);
    expect(depositCents("$999,999")).toBe(DEFAULT_DEPOSIT_CENTS);
  });
});
