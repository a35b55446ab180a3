import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { buildPostcodeList, listHeader, postcodeListPath } from "./buildPostcodeList.mjs";
import { isKnownPostcode, knownPostcodeCount, postcodeCentre } from "./postcodes";

describe("the bundled Australian postcode list", () => {
  it("knows the capital cities, the territories and PO box ranges", () => {
    for (const postcode of ["2000", "3000", "4000", "5000", "6000", "7000", "0800", "2600", "0872", "1230"]) {
      expect(isKnownPostcode(postcode), postcode).toBe(true);
    }
  });

  it("refuses four digits that are no Australian postcode, and anything that is not four digits", () => {
    for (const postcode of ["0000", "0100", "1000", "8000", "200", "20000", "20a0", ""])
      expect(isKnownPostcode(postcode), postcode).toBe(false);
    expect(isKnownPostcode(" 2000 ")).toBe(true);
  });

  it("is compact: one line per postcode with its centre, under a header naming the package it came from", () => {
    const postcodes = buildPostcodeList();
    const [header, ...lines] = fs.readFileSync(postcodeListPath(), "utf8").trimEnd().split("\n");
    expect(header).toBe(listHeader());
    expect(lines.map((line) => line.split(" ")[0])).toEqual(postcodes);
    expect(lines.every((line) => /^\d{4}( -\d+(\.\d+)? \d+(\.\d+)?)?$/.test(line))).toBe(true);
    expect(knownPostcodeCount()).toBe(postcodes.length);
    expect(postcodes.length).toBeGreaterThan(3000);
    expect(fs.statSync(postcodeListPath()).size).toBeLessThan(96 * 1024);
  });

  it("knows where each postcode is: the centre of its localities", () => {
    const sydney = postcodeCentre("2000");
    expect(sydney).not.toBeNull();
    expect(sydney).not.toBe("unavailable");
    const { lat, long } = sydney as { lat: number; long: number };
    expect(lat).toBeGreaterThan(-34);
    expect(lat).toBeLessThan(-33.8);
    expect(long).toBeGreaterThan(151.1);
    expect(long).toBeLessThan(151.3);
    const perth = postcodeCentre(" 6000 ") as { lat: number; long: number };
    expect(perth.long).toBeGreaterThan(115.7);
    expect(perth.long).toBeLessThan(116);
    expect(postcodeCentre("0000")).toBeNull();
    expect(postcodeCentre("abcd")).toBeNull();
  });
});
