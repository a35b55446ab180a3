import { describe, expect, it } from "vitest";
import { HIT_COUNT_ANIMATION_MS, hitCountFrame } from "./HitCount";

describe("the hit count's frames", () => {
  it("starts at the old number and ends on the new one after 2.5 s", () => {
    expect(hitCountFrame(0, 1100, 0)).toBe(0);
    expect(hitCountFrame(0, 1100, HIT_COUNT_ANIMATION_MS)).toBe(1100);
    expect(hitCountFrame(0, 1100, HIT_COUNT_ANIMATION_MS + 500)).toBe(1100);
    expect(HIT_COUNT_ANIMATION_MS).toBe(2500);
  });

  it("eases out: most of the way in the first half, and never past the new number", () => {
    const half = hitCountFrame(0, 1000, HIT_COUNT_ANIMATION_MS / 2);
    expect(half).toBe(875);
    let last = 0;
    for (let t = 0; t <= HIT_COUNT_ANIMATION_MS; t += 16) {
      const frame = hitCountFrame(0, 1000, t);
      expect(frame).toBeGreaterThanOrEqual(last);
      expect(frame).toBeLessThanOrEqual(1000);
      last = frame;
    }
  });

  it("counts down as well as up, in whole vehicles", () => {
    expect(hitCountFrame(500, 20, HIT_COUNT_ANIMATION_MS / 2)).toBe(80);
    expect(Number.isInteger(hitCountFrame(3, 7, 333))).toBe(true);
    expect(hitCountFrame(500, 20, -10)).toBe(500);
  });
});
