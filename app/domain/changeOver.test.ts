import { describe, expect, it } from "vitest";
import { changeOverLine } from "./changeOver";

describe("the change-over line", () => {
  it("is the car's price less the trade-in", () => {
    expect(changeOverLine(32_990, 12_500)).toEqual({ label: "Change-over price", amount: 20_490, text: "$20,490" });
    expect(changeOverLine(20_000, 20_000)).toEqual({ label: "Change-over price", amount: 0, text: "$0" });
  });

  it("says 'We pay you $5,710' when the trade-in is worth more than the car, never a negative price", () => {
    const line = changeOverLine(14_290, 20_000);
    expect(line).toEqual({ label: "We pay you", amount: 5_710, text: "$5,710" });
    expect(`${line.label} ${line.text}`).toBe("We pay you $5,710");
    expect(line.text).not.toContain("-");
  });
});
