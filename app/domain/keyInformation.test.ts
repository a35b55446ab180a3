import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import {
  bodyTypeLabel,
  FEATURES_SHOWN,
  iconRow,
  KEY_INFO_SHOWN,
  keyInformation,
  monthYear,
  specificationGroups,
  splitShown,
} from "./keyInformation";

describe("key information", () => {
  it("puts condition, odometer, transmission and fuel in the first four", () => {
    const items = keyInformation(testVehicle({ car_type: "used", km: 42000 }), "Expires on March 1, 2027");
    expect(items.slice(0, KEY_INFO_SHOWN).map((i) => i.label)).toEqual(["Condition", "Odometer", "Transmission", "Fuel Type"]);
    expect(items.find((i) => i.label === "Odometer")?.value).toBe("42,000 km");
    expect(items.find((i) => i.label === "Rego Expiry")?.value).toBe("Expires on March 1, 2027");
  });
  it("leaves out empty values and the odometer of a caravan", () => {
    const items = keyInformation(testVehicle({ item_type: "caravan", regplate: "", interior_colour: "" }), null);
    const labels = items.map((i) => i.label);
    expect(labels).not.toContain("Odometer");
    expect(labels).not.toContain("Rego");
    expect(labels).not.toContain("Rego Expiry");
    expect(labels).not.toContain("Interior");
  });
  it("shows kms, transmission and body in the icon row", () => {
    expect(iconRow(testVehicle({ km: 1234, simple_transmission: "Automatic", simple_body: "ute" }))).toEqual([
      { kind: "km", text: "1,234 km" },
      { kind: "transmission", text: "Automatic" },
      { kind: "body", text: "Ute" },
    ]);
  });
  it("splits lists at the shown limit: 4 key facts, 8 features", () => {
    const features = Array.from({ length: 11 }, (_, i) => `f${i}`);
    expect(splitShown(features, FEATURES_SHOWN)).toEqual({ shown: features.slice(0, 8), more: ["f8", "f9", "f10"] });
    expect(splitShown(["a"], 4)).toEqual({ shown: ["a"], more: [] });
  });
  it("groups all specifications and leaves empty groups out", () => {
    const groups = specificationGroups(testVehicle({ variant: { fuelconsumptioncombined: 8.4, ancaprating: 5 }, caravan: null }));
    const titles = groups.map((g) => g.title);
    expect(titles).toContain("Fuel");
    expect(titles).toContain("Safety");
    expect(titles).not.toContain("Caravan Specifications");
    expect(titles).not.toContain("Dimensions and Weights");
    expect(groups.find((g) => g.title === "Fuel")?.items[0]).toEqual({ label: "Fuel Consumption (Combined)", value: "8.4 L/100km" });
  });
  it("lists caravan specifications for caravans", () => {
    const groups = specificationGroups(
      testVehicle({ item_type: "caravan", caravan: { tare_weight: 2100, sleeps: 4, axle_type: "Tandem" } }),
    );
    expect(groups.find((g) => g.title === "Caravan Specifications")?.items).toEqual([
      { label: "Tare Weight", value: "2,100 kg" },
      { label: "Axle Type", value: "Tandem" },
      { label: "Sleeps", value: "4" },
    ]);
  });
});

describe("dealer words", () => {
  it("names body types as dealers write them", () => {
    expect(bodyTypeLabel("suv")).toBe("SUV");
    expect(bodyTypeLabel("peopleMover")).toBe("People Mover");
    expect(bodyTypeLabel("hatch")).toBe("Hatch");
    expect(bodyTypeLabel("ute")).toBe("Ute");
  });
  it("shows compliance and build dates as month and year", () => {
    expect(monthYear("2026-02-01")).toBe("February 2026");
    expect(monthYear("2022-11")).toBe("November 2022");
    expect(monthYear("soon")).toBe("soon");
  });
});
