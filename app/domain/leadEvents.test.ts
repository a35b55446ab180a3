import { describe, expect, it } from "vitest";
import { enquiryEventId, leadEventId } from "./leadEvents";

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

describe("general enquiry events by category", () => {
  it("careers is 51 whatever else is known, general and the department enquiries 22", () => {
    expect(enquiryEventId("Careers Enquiry")).toBe(51);
    expect(enquiryEventId("Careers Enquiry", { car_type: "used", tag: "" })).toBe(51);
    expect(enquiryEventId("General Enquiry")).toBe(22);
    expect(enquiryEventId("Service Enquiry")).toBe(22);
    expect(enquiryEventId("Parts Enquiry")).toBe(22);
    expect(enquiryEventId("Finance Enquiry")).toBe(22);
  });
  it("a vehicle enquiry counts as 14 (new) or 15 (used), or by the car's own type when it names one", () => {
    expect(enquiryEventId("New Vehicle Enquiry")).toBe(14);
    expect(enquiryEventId("Used Vehicle Enquiry")).toBe(15);
    expect(enquiryEventId("General Enquiry", { car_type: "demo", tag: "" })).toBe(14);
    expect(enquiryEventId("New Vehicle Enquiry", { car_type: "used", tag: "" })).toBe(15);
  });
});
