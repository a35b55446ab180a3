import { describe, expect, it } from "vitest";
import { formatMoney, formatNumber } from "./money";

describe("money", () => {
  it("is $ with thousands commas and no decimals", () => {
    expect(formatMoney(35990)).toBe("$35,990");
    expect(formatMoney(1234567.89)).toBe("$1,234,568");
    expect(formatMoney(0)).toBe("$0");
    expect(formatMoney(Number.NaN)).toBe("$0");
  });
  it("formats counts", () => {
    expect(formatNumber(125000)).toBe("125,000");
  });
});
