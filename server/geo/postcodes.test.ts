import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { buildPostcodeList, listHeader, postcodeListPath } from "./buildPostcodeList.mjs";
import { isKnownPostcode, knownPostcodeCount } from "./postcodes";

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

  it("is compact: one line per postcode under a header naming the package it came from", () => {
    const postcodes = buildPostcodeList();
    const [header, ...lines] = fs.readFileSync(postcodeListPath(), "utf8").trimEnd().split("\n");
    expect(header).toBe(listHeader());
    expect(lines).toEqual(postcodes);
    expect(knownPostcodeCount()).toBe(postcodes.length);
    expect(postcodes.length).toBeGreaterThan(3000);
    expect(fs.statSync(postcodeListPath()).size).toBeLessThan(32 * 1024);
  });
});
