import { describe, expect, it } from "vitest";
import { callNumberForCar, dealerPhoneForCar, departmentLabel, footerPhones } from "./callDealer";
import { announcedCity, bottomBarOpened, directionsUrl, showsStickyHeader } from "./stickyBars";

describe("sticky bars and announcement", () => {
  it("shows the sticky header after 500 px and opens the bottom bar past 900 px", () => {
    expect(showsStickyHeader(500)).toBe(false);
    expect(showsStickyHeader(501)).toBe(true);
    expect(bottomBarOpened(900)).toBe(false);
    expect(bottomBarOpened(901)).toBe(true);
  });
  it("announces the car's city only when it differs from the primary location's", () => {
    expect(announcedCity("Penrith", "Parramatta")).toBe("Penrith");
    expect(announcedCity("parramatta", "Parramatta")).toBeNull();
    expect(announcedCity("", "Parramatta")).toBeNull();
  });
  it("gets directions from the place page or a maps search", () => {
    expect(directionsUrl("1 High St, Penrith NSW 2750")).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=1%20High%20St%2C%20Penrith%20NSW%202750",
    );
    expect(directionsUrl("x", "https://maps.example/place/1")).toBe("https://maps.example/place/1");
    expect(directionsUrl("1 High St, Penrith NSW 2750", null, "ChIJN1t_tDeuEmsRUsoyG83frY4")).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=1%20High%20St%2C%20Penrith%20NSW%202750&destination_place_id=ChIJN1t_tDeuEmsRUsoyG83frY4",
    );
  });
});

describe("call the dealer", () => {
  const base = { phonesByType: { new: "1300 786 601", used: "1300 786 602" }, locationPhone: "02 4721 3300", contactPhone: "1300 786 648" };
  it("uses the dealer's number for the car type", () => {
    expect(dealerPhoneForCar({ ...base, carType: "used" })).toBe("1300 786 602");
  });
  it("falls back to the car's location, then the main number", () => {
    expect(dealerPhoneForCar({ ...base, carType: "demo" })).toBe("02 4721 3300");
    expect(dealerPhoneForCar({ ...base, carType: "demo", locationPhone: "" })).toBe("1300 786 648");
  });
});

describe("which number is which (issue 26)", () => {
  const base = { phonesByType: { new: "1300 786 601" }, locationPhone: "02 4721 3300", contactPhone: "1300 786 648" };
  it("labels Call Now by where its number comes from", () => {
    expect(callNumberForCar({ ...base, carType: "new" })).toEqual({ phone: "1300 786 601", label: "New car sales" });
    expect(callNumberForCar({ ...base, carType: "used" })).toEqual({ phone: "02 4721 3300", label: "Sales" });
    expect(callNumberForCar({ ...base, carType: "demo", locationPhone: null })).toEqual({ phone: "1300 786 648", label: "Enquiries" });
  });
  it("names a location's department", () => {
    expect(departmentLabel("sales")).toBe("Sales");
    expect(departmentLabel("service")).toBe("Service");
    expect(departmentLabel("parts")).toBe("Parts");
    expect(departmentLabel("")).toBe("Sales");
  });
  it("lists the footer's numbers once each, labelled", () => {
    expect(
      footerPhones({ contactPhone: "1300 786 648", primary: { phone: "02 9630 1100", label: "Sales" }, service: "02 9630 1122" }),
    ).toEqual([
      { label: "Sales", phone: "02 9630 1100" },
      { label: "Enquiries", phone: "1300 786 648" },
      { label: "Service", phone: "02 9630 1122" },
    ]);
    expect(
      footerPhones({ contactPhone: "07 5591 4400", primary: { phone: "(07) 5591 4400", label: "Sales" }, service: undefined }),
    ).toEqual([{ label: "Sales", phone: "(07) 5591 4400" }]);
  });
});
