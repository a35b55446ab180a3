import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import { defaultFuelInputs, formatFuelMoney, fuelCost, isElectric, readFuelInputs } from "./fuelCost";

describe("fuel calculator", () => {
  it("defaults to $1.70 a litre, 250 km a week and the car's consumption", () => {
    expect(defaultFuelInputs(testVehicle({ variant: { fuelconsumptioncombined: 8.4 } }))).toEqual({
      kmPerWeek: 250,
      consumption: 8.4,
      pricePerLitre: 1.7,
    });
  });
  it("uses 10 L/100km when the consumption is unknown", () => {
    expect(defaultFuelInputs(testVehicle({ variant: {} })).consumption).toBe(10);
    expect(defaultFuelInputs(testVehicle({ variant: { fuelconsumptioncombined: 0 } })).consumption).toBe(10);
  });
  it("costs distance / 100 x consumption x price", () => {
    expect(fuelCost({ kmPerWeek: 250, consumption: 10, pricePerLitre: 1.7 }).weekly).toBeCloseTo(42.5);
    expect(fuelCost({ kmPerWeek: 250, consumption: 10, pricePerLitre: 1.7 }).yearly).toBeCloseTo(2210);
    expect(formatFuelMoney(42.5)).toBe("$42.50");
  });
  it("reads form values, falling back to the defaults and clamping", () => {
    const d = { kmPerWeek: 250, consumption: 10, pricePerLitre: 1.7 };
    expect(readFuelInputs({ km: "400", consumption: "", price: "abc" }, d)).toEqual({
      kmPerWeek: 400,
      consumption: 10,
      pricePerLitre: 1.7,
    });
    expect(readFuelInputs({ km: "-5", consumption: "999", price: "$2.10" }, d)).toEqual({
      kmPerWeek: 0,
      consumption: 60,
      pricePerLitre: 2.1,
    });
  });
  it("is hidden for electric cars but not hybrids", () => {
    expect(isElectric(testVehicle({ simple_fuel: "Electric", fuel: "Electric" }))).toBe(true);
    expect(isElectric(testVehicle({ simple_fuel: "Hybrid", fuel: "Petrol/Electric Hybrid" }))).toBe(false);
    expect(isElectric(testVehicle({ simple_fuel: "Petrol", fuel: "Petrol" }))).toBe(false);
  });
});
