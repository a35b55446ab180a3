import { describe, expect, it } from "vitest";
import { dealerDepartments, dealerHasPage, departmentFor } from "./dealerDepartments";

const yard = { location_type: "sales", location_subtype: [] as string[] };

describe("dealerDepartments", () => {
  it("a used-only dealer with sales yards has neither a workshop nor a parts counter", () => {
    expect(dealerDepartments([yard, { ...yard, location_subtype: ["buying"] }])).toEqual({ service: false, parts: false });
  });
  it("a service location is a workshop with a parts counter", () => {
    expect(dealerDepartments([yard, { location_type: "service" }])).toEqual({ service: true, parts: true });
  });
  it("a parts counter alone sells parts but books no services", () => {
    expect(dealerDepartments([yard, { location_type: "parts" }])).toEqual({ service: false, parts: true });
  });
  it("a sales yard whose subtype names service counts, a hidden workshop does not", () => {
    expect(dealerDepartments([{ ...yard, location_subtype: ["service"] }]).service).toBe(true);
    expect(dealerDepartments([yard, { location_type: "service", visible: false }]).service).toBe(false);
  });
});

describe("dealerHasPage", () => {
  const none = { service: false, parts: false };
  const all = { service: true, parts: true };
  it("names the department a page needs, by its address", () => {
    expect(departmentFor("/service")).toBe("service");
    expect(departmentFor("/service/")).toBe("service");
    expect(departmentFor("/roadside-assistance")).toBe("service");
    expect(departmentFor("/vehicle-parts-and-accessories#form")).toBe("parts");
    expect(departmentFor("/parts/search?query=filter")).toBe("parts");
    expect(departmentFor("/parts-finder", "/parts-finder")).toBe("parts");
    expect(departmentFor("/about-us")).toBeNull();
    expect(departmentFor("https://booking.example.com/service")).toBeNull();
  });
  it("drops a workshop's pages for a dealer without one and keeps every other link", () => {
    expect(dealerHasPage("/service", none)).toBe(false);
    expect(dealerHasPage("/vehicle-parts-and-accessories", none)).toBe(false);
    expect(dealerHasPage("/warranty", none)).toBe(true);
    expect(dealerHasPage("/service", all)).toBe(true);
    expect(dealerHasPage("/parts/search", { service: false, parts: true })).toBe(true);
  });
});
