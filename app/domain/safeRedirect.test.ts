import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safeRedirect";

describe("safeRedirectPath", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeRedirectPath("/")).toBe("/");
    expect(safeRedirectPath("/cars/2022-toyota-hilux-1?tab=finance#top")).toBe("/cars/2022-toyota-hilux-1?tab=finance#top");
    expect(safeRedirectPath("/search/used?make=kia%2Fx")).toBe("/search/used?make=kia%2Fx");
  });

  it("refuses other sites and protocol-relative addresses", () => {
    for (const value of ["https://evil.example", "//evil.example", "///evil.example", "evil.example", "javascript:alert(1)", "http:/x"]) {
      expect(safeRedirectPath(value)).toBe("/");
    }
  });

  it("refuses backslashes, which browsers read as slashes", () => {
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath("/cars\\x")).toBe("/");
  });

  it("refuses control characters browsers strip (tab, newline, NUL, DEL)", () => {
    for (const value of ["/\t/evil.example", "/\n/evil.example", "/cars\u0000", "/a\u007f", "/\r\n//x"])
      expect(safeRedirectPath(value)).toBe("/");
  });

  it("gives the fallback for nothing, non-strings and very long values", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/garage")).toBe("/garage");
    expect(safeRedirectPath(42)).toBe("/");
    expect(safeRedirectPath("")).toBe("/");
    expect(safeRedirectPath("/" + "a".repeat(3000))).toBe("/");
  });
});
