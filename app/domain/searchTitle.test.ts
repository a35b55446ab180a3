import { describe, expect, it } from "vitest";
import { searchDescription, searchSubject, searchTitle } from "./searchTitle";

describe("search titles", () => {
  it("names the search in the dealer's words", () => {
    expect(searchTitle({ car_type: ["used"], make: ["Toyota"], model: ["Corolla"] }, "Westside Used Cars")).toBe(
      "Used Toyota Corolla for sale | Westside Used Cars",
    );
    expect(searchTitle({}, "Summit Auto Group")).toBe("Cars for sale | Summit Auto Group");
    expect(searchSubject({ car_type: ["demo", "new"], body: ["SUV"] })).toBe("New and demo SUVs");
    expect(searchSubject({ make: ["Toyota", "Ford"] })).toBe("Toyota and Ford");
    expect(searchSubject({ make: ["A", "B", "C"], body: ["ute"] })).toBe("Utes");
    expect(searchSubject({ car_type: ["new", "demo", "used"] })).toBe("Cars");
    expect(searchTitle({ dealership_name: ["Summit Toyota"] }, "Summit Auto Group")).toBe(
      "Cars for sale at Summit Toyota | Summit Auto Group",
    );
  });

  it("describes the page with the number found", () => {
    expect(searchDescription({ make: ["GWM"] }, "Coastal GWM Haval", 1234)).toContain("GWM for sale at Coastal GWM Haval: 1,234 vehicles");
  });
});
