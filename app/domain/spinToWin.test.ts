import { describe, expect, it } from "vitest";
import { drawPrize, sliceAngles, spinTurn } from "./spinToWin";

const prizes = [
  { label: "Free tint", weight: 1 },
  { label: "$100 fuel card", weight: 3 },
  { label: "Never", weight: 0 },
  { label: "Detail", weight: 6 },
];

describe("drawPrize", () => {
  it("gives each prize a share of the line as long as its weight", () => {
    expect(drawPrize(prizes, 0)).toBe(0);
    expect(drawPrize(prizes, 0.099)).toBe(0);
    expect(drawPrize(prizes, 0.1)).toBe(1);
    expect(drawPrize(prizes, 0.399)).toBe(1);
    expect(drawPrize(prizes, 0.4)).toBe(3);
    expect(drawPrize(prizes, 0.9999999)).toBe(3);
  });
  it("never draws a prize of weight 0, and copes with numbers off the line", () => {
    for (let r = 0; r < 1; r += 0.001) expect(drawPrize(prizes, r)).not.toBe(2);
    expect(drawPrize(prizes, 1)).toBe(3);
    expect(drawPrize(prizes, -1)).toBe(0);
  });
  it("has nothing to draw without a winnable prize", () => {
    expect(drawPrize([], 0.5)).toBe(-1);
    expect(drawPrize([{ label: "x", weight: 0 }], 0.5)).toBe(-1);
  });
  it("draws in proportion to the weights", () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 10_000; i++) counts[drawPrize(prizes, (i + 0.5) / 10_000)]++;
    expect(counts).toEqual([1000, 3000, 0, 6000]);
  });
});

describe("the wheel", () => {
  it("stops the prize's slice under the pointer", () => {
    expect(sliceAngles(4, 1)).toEqual({ start: 90, end: 180, middle: 135 });
    expect(spinTurn(4, 1) % 360).toBe(225);
    expect(spinTurn(4, 0, 3)).toBe(3 * 360 + 315);
  });
});
