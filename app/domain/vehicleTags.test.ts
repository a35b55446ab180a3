import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import { cardTag, conditionLabel, isNewArrival } from "./vehicleTags";

const now = new Date("2026-11-21T00:00:00Z");
const flags = { electricHybridTag: true, certifiedPreOwnedMake: "Toyota" };
const car = (o: Parameters<typeof testVehicle>[0]) =>
  testVehicle({ created_at: "2026-01-01T00:00:00Z", tag: "", reserved: false, certified: false, simple_fuel: "Petrol", ...o });

describe("card tag priority", () => {
  it("sold cars are JUST SOLD", () => {
    expect(cardTag(car({ status: "sold", reserved: true }), flags, now)?.label).toBe("JUST SOLD");
  });
  it("electric or hybrid first where enabled", () => {
    expect(cardTag(car({ simple_fuel: "Electric", reserved: true }), flags, now)?.label).toBe("Electric");
    expect(cardTag(car({ simple_fuel: "Plug-in Hybrid" }), flags, now)?.label).toBe("Hybrid");
    expect(cardTag(car({ simple_fuel: "Electric", reserved: true }), { ...flags, electricHybridTag: false }, now)?.label).toBe("Reserved");
  });
  it("reserved before certified, custom tags, coming soon and new arrival", () => {
    expect(cardTag(car({ reserved: true, tag: "runout sale", status: "coming_soon" }), flags, now)?.label).toBe("Reserved");
  });
  it("certified pre-owned image only for used certified cars of the dealer's make", () => {
    const tag = cardTag(car({ certified: true, car_type: "used", make: "Toyota" }), flags, now);
    expect(tag).toMatchObject({ kind: "certified", image: "/badges/certified-pre-owned.svg" });
    expect(cardTag(car({ certified: true, car_type: "used", make: "Mazda" }), flags, now)).toBeNull();
    expect(cardTag(car({ certified: true, car_type: "demo", make: "Toyota" }), flags, now)).toBeNull();
    expect(cardTag(car({ certified: true, car_type: "used", make: "Toyota" }), { electricHybridTag: true }, now)).toBeNull();
  });
  it("custom tag: runout sale is success, others danger", () => {
    expect(cardTag(car({ tag: "Runout Sale" }), flags, now)).toMatchObject({ label: "Runout Sale", tone: "success" });
    expect(cardTag(car({ tag: "Clearance" }), flags, now)).toMatchObject({ label: "Clearance", tone: "danger" });
  });
  it("COMING SOON then New Arrival within 8 days, else none", () => {
    expect(cardTag(car({ status: "coming_soon" }), flags, now)?.label).toBe("COMING SOON");
    expect(cardTag(car({ created_at: "2026-11-14T00:00:00Z" }), flags, now)?.label).toBe("New Arrival");
    expect(cardTag(car({ created_at: "2026-11-12T23:59:59Z" }), flags, now)).toBeNull();
  });
  it("new-arrival window is 8 days", () => {
    expect(isNewArrival({ created_at: "2026-11-13T00:00:00Z" }, now)).toBe(true);
    expect(isNewArrival({ created_at: "not a date" }, now)).toBe(false);
  });
  it("condition labels", () => {
    expect([conditionLabel("new"), conditionLabel("demo"), conditionLabel("used")]).toEqual(["New", "Demo", "Used"]);
  });
});
