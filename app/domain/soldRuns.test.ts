import { describe, expect, it } from "vitest";
import { collapseSoldRuns } from "./soldRuns";

const sold = (s: string) => s.startsWith("S");
const collapse = (list: string) => collapseSoldRuns(list.split(" "), sold).join(" ");

describe("collapseSoldRuns", () => {
  it("shows only the first sold car of each run", () => {
    expect(collapse("A S1 S2 S3 B S4 C S5 S6")).toBe("A S1 B S4 C S5");
    expect(collapse("S1 S2 A")).toBe("S1 A");
  });

  it("leaves available cars and single sold cars alone", () => {
    expect(collapse("A S1 B C")).toBe("A S1 B C");
  });

  it("shows everything when every car is sold", () => {
    expect(collapse("S1 S2 S3")).toBe("S1 S2 S3");
    expect(collapseSoldRuns([], sold)).toEqual([]);
  });
});
