import { describe, expect, it } from "vitest";
import { frameFromDrag, hotspotsForFrame, nextAutoFrame, wrapFrame } from "./spin";

const hotspot = (angle: number, title = `h${angle}`) => ({ angle, x: 50, y: 50, title, description: "" });

describe("spin viewer", () => {
  it("moves one frame per 20 px of drag, none for less", () => {
    expect(frameFromDrag(0, -19, 24)).toBe(0);
    expect(frameFromDrag(0, -20, 24)).toBe(1);
    expect(frameFromDrag(0, -61, 24)).toBe(3);
    expect(frameFromDrag(5, 40, 24)).toBe(3);
  });
  it("wraps around past either end", () => {
    expect(frameFromDrag(23, -20, 24)).toBe(0);
    expect(frameFromDrag(0, 20, 24)).toBe(23);
    expect(wrapFrame(-25, 24)).toBe(23);
    expect(wrapFrame(48, 24)).toBe(0);
    expect(wrapFrame(3, 0)).toBe(0);
  });
  it("auto-rotates one frame at a time and wraps", () => {
    expect(nextAutoFrame(3, 24)).toBe(4);
    expect(nextAutoFrame(23, 24)).toBe(0);
  });
  it("shows the hotspots whose angle is the frame in view", () => {
    const spots = [hotspot(0, "wheel"), hotspot(6, "headlight"), hotspot(30, "wrapped")];
    expect(hotspotsForFrame(spots, 0, 24).map((h) => h.title)).toEqual(["wheel"]);
    expect(hotspotsForFrame(spots, 6, 24).map((h) => h.title)).toEqual(["headlight", "wrapped"]);
    expect(hotspotsForFrame(spots, 7, 24)).toEqual([]);
  });
});
