import { describe, expect, it } from "vitest";
import { dealerDepartments, dealerHasPage, departmentFor } from "./dealerDepartments";

const yard = { location_type: "sales", location_subtype: [] as string[] };

describe("dealerDepartments", () => {
  it("a used-only dealer with sales yards has neither a workshop nor a parts counter", () => {
    expect(dealerDepartments([yard, { ...yard, location_subtype: ["buying"] }], ["used"])).toEqual({ service: false, parts: false });
  });
  it("a dealer selling new cars services them at its yard when it lists no workshop of its own", () => {
    expect(dealerDepartments([yard], [])).toEqual({ service: true, parts: true });
    expect(dealerDepartments([yard], ["new", "demo"])).toEqual({ service: true, parts: true });
    expect(dealerDepartments([yard], ["new", "used"])).toEqual({ service: true, parts: true });
  });
  it("a service location is a workshop with a parts counter, even on a used-only dealer", () => {
    expect(dealerDepartments([yard, { location_type: "service" }], ["used"])).toEqual({ service: true, parts: true });
  });
  it("a parts counter alone sells parts but books no services", () => {
    expect(dealerDepartments([yard, { location_type: "parts" }], [])).toEqual({ service: false, parts: true });
  });
  it("a sales yard whose subtype names service counts, a hidden workshop does not", () => {
    expect(dealerDepartments([{ ...yard, location_subtype: ["service"] }], ["used"]).service).toBe(true);
    expect(dealerDepartments([yard, { location_type: "service", visible: false }], ["used"]).service).toBe(false);
  });
  it("the dealer's own workshop setting says it outright", () => {
    expect(dealerDepartments([yard], ["used"], true)).toEqual({ service: true, parts: true });
    expect(dealerDepartments([yard, { location_type: "service" }], [], false)).toEqual({ service: false, parts: false });
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
