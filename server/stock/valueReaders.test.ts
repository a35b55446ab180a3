import { describe, expect, it } from "vitest";
import {
  badgeFromTitle,
  isUnknownValue,
  readCarType,
  readColours,
  readCount,
  readDistance,
  readDrive,
  readEngine,
  readFuel,
  readFuelConsumption,
  readPrice,
  readStatus,
  readTransmission,
} from "./valueReaders";

describe("isUnknownValue", () => {
  it("takes blanks and the exports' not-known markers as no value, and real values as values", () => {
    for (const v of [undefined, null, "", "  ", "-", " - ", "N/A", "n/a", "Unknown", "TBA", "—"])
      expect(isUnknownValue(v), String(v)).toBe(true);
    for (const v of ["0", 0, "White", "-5", false]) expect(isUnknownValue(v), String(v)).toBe(false);
  });
});

describe("readColours", () => {
  it("splits a classified export's 'exterior / interior' into the two colours", () => {
    expect(readColours("White / Black")).toEqual({ colour: "White", interior: "Black" });
    expect(readColours("Grey/Cream")).toEqual({ colour: "Grey", interior: "Cream" });
  });

  it("leaves a side it does not know empty, and reads a single colour as the exterior", () => {
    expect(readColours("- / Black")).toEqual({ colour: "", interior: "Black" });
    expect(readColours("Red / -")).toEqual({ colour: "Red", interior: "" });
    expect(readColours("-")).toEqual({ colour: "", interior: "" });
    expect(readColours("Soul Red Crystal")).toEqual({ colour: "Soul Red Crystal", interior: "" });
  });
});

describe("readEngine", () => {
  it("reads cylinders and litres from the classified export's engine column and other spellings", () => {
    expect(readEngine("4 cyl, 2.2 L")).toEqual({ value: { cylinders: 4, litres: 2.2 } });
    expect(readEngine("6 cyl, 3 L")).toEqual({ value: { cylinders: 6, litres: 3 } });
    expect(readEngine("2.0L Turbo")).toEqual({ value: { cylinders: null, litres: 2 } });
    expect(readEngine("V6 3.5L")).toEqual({ value: { cylinders: 6, litres: 3.5 } });
    expect(readEngine("2.4L 4 Cylinder")).toEqual({ value: { cylinders: 4, litres: 2.4 } });
    expect(readEngine("1998cc")).toEqual({ value: { cylinders: null, litres: 2 } });
  });

  it("gives an electric car's zeroes as none, and calls words it cannot read a problem", () => {
    expect(readEngine("0 cyl, 0 L")).toEqual({ value: { cylinders: null, litres: null } });
    expect(readEngine("Turbo")).toEqual({ problem: 'is not an engine like "4 cyl, 2.2 L"' });
    expect(readEngine("40 cyl, 90 L")).toHaveProperty("problem");
  });
});

describe("readFuelConsumption", () => {
  it("reads litres per 100 km, written out or as a bare number", () => {
    expect(readFuelConsumption("8.7 L / 100 km")).toEqual({ value: 8.7 });
    expect(readFuelConsumption("11 L / 100 km")).toEqual({ value: 11 });
    expect(readFuelConsumption("6.1L/100km")).toEqual({ value: 6.1 });
    expect(readFuelConsumption("7.4")).toEqual({ value: 7.4 });
  });

  it("gives an electric car's 0 as none and refuses other text", () => {
    expect(readFuelConsumption("0 L / 100 km")).toEqual({ value: null });
    expect(readFuelConsumption("8.7 mpg")).toHaveProperty("problem");
    expect(readFuelConsumption("thirsty")).toHaveProperty("problem");
  });
});

describe("readCount", () => {
  it("reads the number before the word in ' 5 Doors' and ' 7 Seats'", () => {
    expect(readCount(" 5 Doors")).toEqual({ value: 5 });
    expect(readCount(" 4 Doors")).toEqual({ value: 4 });
    expect(readCount(" 7 Seats")).toEqual({ value: 7 });
    expect(readCount("4 cyl")).toEqual({ value: 4 });
    expect(readCount("2")).toEqual({ value: 2 });
  });

  it("calls anything else a problem", () => {
    expect(readCount("five")).toEqual({ problem: "is not a number" });
    expect(readCount("4 or 5 doors")).toHaveProperty("problem");
  });
});

describe("readDrive", () => {
  it("reads Front, Rear, AWD and 4WD and their other spellings as the site's drive values", () => {
    const cases: [string, string][] = [
      ["Front", "FWD"],
      ["Rear", "RWD"],
      ["AWD", "AWD"],
      ["4WD", "4WD"],
      ["4x4", "4WD"],
      ["FWD", "FWD"],
      ["front wheel drive", "FWD"],
      ["All-Wheel Drive", "AWD"],
      ["4X2", "RWD"],
    ];
    for (const [text, drive] of cases) expect(readDrive(text), text).toEqual({ value: drive });
  });

  it("calls an unknown drive a problem", () => {
    expect(readDrive("Other")).toHaveProperty("problem");
  });
});

describe("readFuel", () => {
  it("reads Unleaded, Premium, Diesel, Hybrid and Electric as the site's fuel types", () => {
    const cases: [string, string][] = [
      ["Unleaded", "Petrol"],
      ["Premium", "Petrol"],
      ["Premium Unleaded", "Petrol"],
      ["GASOLINE", "Petrol"],
      ["Diesel", "Diesel"],
      ["Hybrid", "Hybrid"],
      ["Electric", "Electric"],
      ["PLUGIN_HYBRID", "Plug-in Hybrid"],
      ["PHEV", "Plug-in Hybrid"],
    ];
    for (const [text, fuel] of cases) expect(readFuel(text), text).toEqual({ value: fuel });
  });

  it("calls a fuel the site does not list a problem", () => {
    expect(readFuel("LPG")).toEqual({ problem: "is not a fuel the site lists (Petrol, Diesel, Hybrid, Electric, Plug-in Hybrid)" });
  });
});

describe("readTransmission", () => {
  it("reads automatics and manuals however the export writes them", () => {
    for (const text of ["Automatic", "AUTOMATIC", "Auto", "A/T", "CVT", "8 Speed Sports Automatic", "Sports Automatic with manual mode"])
      expect(readTransmission(text), text).toEqual({ value: "Automatic" });
    for (const text of ["Manual", "MANUAL", "M/T", "6 Speed Manual"]) expect(readTransmission(text), text).toEqual({ value: "Manual" });
    expect(readTransmission("Sequential")).toHaveProperty("problem");
  });
});

describe("readCarType", () => {
  it("reads USED, NEW, DEMO, Pre-owned and Demonstrator as car types", () => {
    expect(readCarType("USED")).toEqual({ value: { carType: "used", certified: false } });
    expect(readCarType("NEW")).toEqual({ value: { carType: "new", certified: false } });
    expect(readCarType("DEMO")).toEqual({ value: { carType: "demo", certified: false } });
    expect(readCarType("Pre-owned")).toEqual({ value: { carType: "used", certified: false } });
    expect(readCarType("Demonstrator")).toEqual({ value: { carType: "demo", certified: false } });
    expect(readCarType("u")).toEqual({ value: { carType: "used", certified: false } });
  });

  it("reads a certified pre-owned car as used and certified", () => {
    expect(readCarType("CPO")).toEqual({ value: { carType: "used", certified: true } });
    expect(readCarType("Certified Pre-Owned")).toEqual({ value: { carType: "used", certified: true } });
  });

  it("calls anything else a problem", () => {
    expect(readCarType("brand-new-ish")).toHaveProperty("problem");
  });
});

describe("readStatus", () => {
  it("reads the site's statuses and the feeds' words for them", () => {
    expect(readStatus("in_stock")).toEqual({ value: "in_stock" });
    expect(readStatus("AVAILABLE")).toEqual({ value: "in_stock" });
    expect(readStatus("Incoming")).toEqual({ value: "coming_soon" });
    expect(readStatus("preorder")).toEqual({ value: "coming_soon" });
    expect(readStatus("sold")).toEqual({ value: "sold" });
    expect(readStatus("out of stock")).toEqual({ value: "sold" });
    expect(readStatus("NOT_AVAILABLE")).toEqual({ value: "sold" });
    expect(readStatus("parked")).toHaveProperty("problem");
  });
});

describe("readDistance", () => {
  it("reads kilometres with or without a unit and thousands commas", () => {
    expect(readDistance("48211")).toEqual({ value: 48211 });
    expect(readDistance("48,211")).toEqual({ value: 48211 });
    expect(readDistance("1500 KM")).toEqual({ value: 1500 });
    expect(readDistance("35,120 kms")).toEqual({ value: 35120 });
  });

  it("converts miles to kilometres when the value or the feed says miles", () => {
    expect(readDistance("12,000 miles")).toEqual({ value: 19312 });
    expect(readDistance("10 mi")).toEqual({ value: 16 });
    expect(readDistance("1000", "mi")).toEqual({ value: 1609 });
    expect(readDistance("1000 km", "mi")).toEqual({ value: 1000 });
  });

  it("calls anything else a problem", () => {
    expect(readDistance("low")).toHaveProperty("problem");
    expect(readDistance("-5")).toHaveProperty("problem");
  });
});

describe("readPrice", () => {
  it("reads dollars with $, commas, cents and an AUD code", () => {
    expect(readPrice("34990")).toEqual({ value: 34990 });
    expect(readPrice("$34,990")).toEqual({ value: 34990 });
    expect(readPrice("$34,990.50")).toEqual({ value: 34990.5 });
    expect(readPrice("25000 AUD")).toEqual({ value: 25000 });
    expect(readPrice("10,499.00 AUD")).toEqual({ value: 10499 });
    expect(readPrice("AUD 18000")).toEqual({ value: 18000 });
  });

  it("reads POA as 0 (the site's no-price text)", () => {
    expect(readPrice("POA")).toEqual({ value: 0 });
    expect(readPrice("Price on application")).toEqual({ value: 0 });
  });

  it("refuses another currency and text that is not a price", () => {
    expect(readPrice("25000 USD")).toEqual({ problem: "is in USD; the site shows prices in Australian dollars (AUD)" });
    expect(readPrice("abc")).toEqual({ problem: "is not a price like 34990 or $34,990" });
    expect(readPrice("12k")).toHaveProperty("problem");
  });
});

describe("badgeFromTitle", () => {
  it("takes what follows the year, make and model of a classified listing's title", () => {
    expect(badgeFromTitle("2022 Ssangyong Rexton Ultimate (awd)", { year: 2022, make: "Ssangyong", model: "Rexton" })).toBe("Ultimate");
    expect(badgeFromTitle("2014 Mitsubishi Lancer ES Sportback", { year: "2014", make: "Mitsubishi", model: "Lancer" })).toBe(
      "ES Sportback",
    );
    expect(badgeFromTitle("2022 MG MG3 Auto Excite (with Navigation)", { year: 2022, make: "MG", model: "MG3" })).toBe(
      "Excite (with Navigation)",
    );
    expect(badgeFromTitle("2011 Mercedes Benz E500 Elegance", { year: 2011, make: "Mercedes-Benz", model: "E500" })).toBe("Elegance");
    expect(badgeFromTitle("2020 Toyota HiLux SR5 (4x4)", { year: 2020, make: "Toyota", model: "HiLux" })).toBe("SR5");
  });

  it("gives no badge when the title does not start with the car's make and model, or names nothing more", () => {
    expect(badgeFromTitle("Great family car!", { year: 2020, make: "Kia", model: "Carnival" })).toBe("");
    expect(badgeFromTitle("2020 Kia Carnival", { year: 2020, make: "Kia", model: "Carnival" })).toBe("");
  });
});
