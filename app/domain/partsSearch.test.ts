import { describe, expect, it } from "vitest";
import { carLine, parsePartsSearch, partsEnquiryMessage } from "./partsSearch";

const now = new Date("2026-11-28T00:00:00Z");
const search = (query: string) => parsePartsSearch(new URLSearchParams(query), now);

describe("parsePartsSearch", () => {
  it("keeps the part and the car the shopper typed", () => {
    const result = search("part=Tow+bar&make=Toyota&model=HiLux&year=2021");
    const values = { part: "Tow bar", make: "Toyota", model: "HiLux", year: "2021" };
    expect(result).toEqual({ values, typed: values, errors: {}, searched: true });
  });
  it("has not searched until a part is named", () => {
    expect(search("").searched).toBe(false);
    expect(search("make=Toyota").searched).toBe(false);
    expect(search("part=++").searched).toBe(false);
  });
  it("reports a bad year and leaves it out, keeping the rest", () => {
    const result = search("part=Oil+filter&year=21");
    expect(result.values).toEqual({ part: "Oil filter", make: "", model: "", year: "" });
    expect(result.errors.year).toBe("Please enter the year as four digits, like 2021.");
    expect(result.typed.year).toBe("21");
    expect(search("part=x&year=1900").errors.year).toBe("Please enter a year from 1950 to 2027.");
    expect(search("part=x&year=2027").errors).toEqual({});
  });
  it("refuses markup and over-long text", () => {
    expect(search("part=<script>").errors.part).toMatch(/letters, numbers/);
    expect(search("part=" + "a".repeat(81)).errors.part).toBe("Please keep the part name or number to 80 characters.");
    expect(search("part=90915-YZZD1").values.part).toBe("90915-YZZD1");
  });
});

describe("partsEnquiryMessage", () => {
  it("asks for the part for the shopper's car", () => {
    const values = { part: "Roof racks", make: "GWM", model: "Cannon", year: "2023" };
    expect(carLine(values)).toBe("2023 GWM Cannon");
    expect(partsEnquiryMessage(values)).toBe("Please let me know the price and availability of: Roof racks for my 2023 GWM Cannon.");
    expect(partsEnquiryMessage({ ...values, make: "", model: "", year: "" })).toBe(
      "Please let me know the price and availability of: Roof racks.",
    );
    expect(partsEnquiryMessage({ part: "", make: "GWM", model: "", year: "" })).toBe("");
  });
});
