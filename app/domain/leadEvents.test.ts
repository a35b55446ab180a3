import { describe, expect, it } from "vitest";
import { leadEventId } from "./leadEvents";

describe("lead analytics events", () => {
  it("test drives: 17 for new, demo and test-drive-only cars, 48 for used", () => {
    expect(leadEventId("test-drive", { car_type: "new", tag: "" })).toBe(17);
    expect(leadEventId("test-drive", { car_type: "demo", tag: "" })).toBe(17);
    expect(leadEventId("test-drive", { car_type: "used", tag: "" })).toBe(48);
    expect(leadEventId("test-drive", { car_type: "used", tag: "Test Drive Only" })).toBe(17);
  });
  it("enquiries: 14 new or demo, 15 used, 22 with no car", () => {
    expect(leadEventId("enquiry", { car_type: "new", tag: "" })).toBe(14);
    expect(leadEventId("enquiry", { car_type: "used", tag: "" })).toBe(15);
    expect(leadEventId("enquiry", null)).toBe(22);
    expect(leadEventId("test-drive", null)).toBe(22);
  });
});
