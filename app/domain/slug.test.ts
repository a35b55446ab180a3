import { describe, expect, it } from "vitest";
import { SLUG_PATTERN } from "./slug";

describe("SLUG_PATTERN", () => {
  it("takes the slugs cars and dealerships have", () => {
    for (const slug of ["2022-toyota-hilux-sr5-abc123", "parramatta", "a", "x".repeat(200), "mg_zs.ev~2"])
      expect(SLUG_PATTERN.test(slug)).toBe(true);
  });

  it("refuses odd or oversized slugs", () => {
    for (const slug of ["", "-leading-dash", ".", "..", "a/b", "a b", "😀", "x".repeat(201), "%2e%2e"])
      expect(SLUG_PATTERN.test(slug)).toBe(false);
  });
});
