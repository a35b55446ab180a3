import { describe, expect, it } from "vitest";
import { recordTypedRangeBox, takeTypedRangeBox } from "./typedRanges";

const MARKER = "data-range-box";
const box = (name: string, value: string, marked = true) => ({
  name,
  value,
  hasAttribute: (attribute: string) => marked && attribute === MARKER,
});

describe("range boxes typed before the range's code is live", () => {
  it("keeps the latest text of each marked box, for its range to take once", () => {
    recordTypedRangeBox(box("price_min", "2"), MARKER);
    recordTypedRangeBox(box("price_min", "20000"), MARKER);
    recordTypedRangeBox(box("price_max", "40000"), MARKER);
    expect(takeTypedRangeBox("price", "min")).toBe("20000");
    expect(takeTypedRangeBox("price", "max")).toBe("40000");
    expect(takeTypedRangeBox("price", "min")).toBeUndefined();
  });

  it("ignores fields that are not a range's boxes, and events without a field", () => {
    recordTypedRangeBox(box("query", "hilux", false), MARKER);
    recordTypedRangeBox(box("", "5", true), MARKER);
    recordTypedRangeBox(null, MARKER);
    recordTypedRangeBox({} as EventTarget, MARKER);
    expect(takeTypedRangeBox("km", "min")).toBeUndefined();
    expect(takeTypedRangeBox("query", "min")).toBeUndefined();
  });
});
