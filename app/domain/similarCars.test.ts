import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import { mergeSimilarCars, priceWindow, similarCarsRequests, similarCarsSearchHref } from "./similarCars";
import { parseSearchQuery } from "./searchUrl";

describe("similar cars", () => {
  it("uses a window of plus or minus 10,000 under 50,000, else 25,000", () => {
    expect(priceWindow(30000)).toEqual({ min: 20000, max: 40000 });
    expect(priceWindow(49999)).toEqual({ min: 39999, max: 59999 });
    expect(priceWindow(50000)).toEqual({ min: 25000, max: 75000 });
    expect(priceWindow(5000)).toEqual({ min: 0, max: 15000 });
    expect(priceWindow(0)).toBeNull();
  });
  it("asks for the same model first, then the same make, in stock, 10 hits each", () => {
    const [model, make] = similarCarsRequests(testVehicle({ make: "Toyota", model: "HiLux", price: 54990, offer_price: 0 }));
    expect(model.filters).toEqual({ status: ["in_stock"], make: ["Toyota"], model: ["HiLux"] });
    expect(make.filters).toEqual({ status: ["in_stock"], make: ["Toyota"] });
    for (const r of [model, make]) {
      expect(r.perPage).toBe(10);
      expect(r.ranges.price).toEqual({ min: 29990, max: 79990 });
    }
  });
  it("uses the offer price for the window and drops the window without a price", () => {
    expect(similarCarsRequests(testVehicle({ price: 60000, offer_price: 45000 }))[0].ranges.price).toEqual({ min: 35000, max: 55000 });
    expect(similarCarsRequests(testVehicle({ price: 0, offer_price: 0 }))[0].ranges).toEqual({});
  });
  it("keeps query order, drops the car itself, repeats and cars not in stock, and stops at 6", () => {
    const car = (id: string, status = "in_stock") => ({ id, status });
    const merged = mergeSimilarCars(
      [
        [car("self"), car("a"), car("b", "sold"), car("c")],
        [car("a"), car("d"), car("e"), car("f"), car("g"), car("h"), car("i")],
      ],
      "self",
    );
    expect(merged.map((c) => c.id)).toEqual(["a", "c", "d", "e", "f", "g"]);
  });
  it("links to the results page of the same make in the same price window, which reads back as that search", () => {
    const href = similarCarsSearchHref("/search", testVehicle({ make: "Land Rover", model: "Defender", price: 60000, offer_price: 45000 }));
    expect(href).toBe("/search?make=Land%20Rover&price=35000:55000");
    const { state } = parseSearchQuery(new URL(href, "https://dealer.example").searchParams);
    expect(state.filters.make).toEqual(["Land Rover"]);
    expect(state.ranges.price).toEqual({ min: 35000, max: 55000 });
    expect(similarCarsSearchHref("/used-car", testVehicle({ make: "", price: 0, offer_price: 0 }))).toBe("/used-car");
  });
});
