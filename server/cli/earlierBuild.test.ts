import { describe, expect, it } from "vitest";
import { earlierBuildFolder, withinFivePercent } from "./earlierBuild";

describe("bench --against", () => {
  it("keeps one checkout per commit, named by the commit", () => {
    const commit = "30f12ab0123456789abcdef0123456789abcdef0";
    expect(earlierBuildFolder(commit, "/tmp")).toBe("/tmp/dealer-sites-bench-30f12ab01234");
    expect(earlierBuildFolder(commit, "/tmp")).not.toBe(earlierBuildFolder(commit.replace("30f", "31f"), "/tmp"));
  });

  it("refuses anything but a full commit hash as a folder name", () => {
    expect(() => earlierBuildFolder("main", "/tmp")).toThrow(/not a full commit hash/);
    expect(() => earlierBuildFolder("../../etc", "/tmp")).toThrow(/not a full commit hash/);
  });

  it("counts a time or a size as no worse when it grew by 5% at most", () => {
    expect(withinFivePercent(1000, 1050)).toBe(true);
    expect(withinFivePercent(1000, 1051)).toBe(false);
    expect(withinFivePercent(1000, 600)).toBe(true);
    expect(withinFivePercent(0, 0)).toBe(true);
    expect(withinFivePercent(0, 1)).toBe(false);
  });

  it("counts a rate or a score as no worse when it fell by 5% at most", () => {
    expect(withinFivePercent(100, 95, true)).toBe(true);
    expect(withinFivePercent(100, 94, true)).toBe(false);
    expect(withinFivePercent(100, 140, true)).toBe(true);
  });
});
