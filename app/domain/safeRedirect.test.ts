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
  it("percent-encodes what a Location header cannot carry, and refuses half an emoji", () => {
    expect(safeRedirectPath("/café")).toBe("/caf%C3%A9");
    expect(safeRedirectPath("/你好?q=红")).toBe("/%E4%BD%A0%E5%A5%BD?q=%E7%BA%A2");
    expect(safeRedirectPath("/search?q=a b")).toBe("/search?q=a%20b");
    expect(safeRedirectPath("/caf%C3%A9")).toBe("/caf%C3%A9");
    expect(safeRedirectPath("/cars/\ud83d")).toBe("/");
    // What comes out is always a valid header value.
    for (const path of ["/café", "/你好", "/a b", "/🚗"]) expect(() => new Headers({ Location: safeRedirectPath(path) })).not.toThrow();
  });
});
