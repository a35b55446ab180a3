import { describe, expect, it } from "vitest";
import { colourFamily } from "./colourFamily";

describe("colour family", () => {
  it("reads the family from a paint name", () => {
    expect(colourFamily("Glacier White")).toBe("White");
    expect(colourFamily("Blue (Pearl), Metallic")).toBe("Blue");
    expect(colourFamily("Eclipse Black")).toBe("Black");
    expect(colourFamily("Soul Red Crystal")).toBe("Red");
    expect(colourFamily("Titanium Flash")).toBe("Grey");
    expect(colourFamily("SILVER SKY")).toBe("Silver");
  });
  it("does not find words inside other words", () => {
    expect(colourFamily("Tanzanite")).toBe("Other");
    expect(colourFamily("Redwood")).toBe("Other");
  });
  it("no paint is no family; unknown paints are Other", () => {
    expect(colourFamily("")).toBe("");
    expect(colourFamily("Kakadu")).toBe("Other");
  });
});
