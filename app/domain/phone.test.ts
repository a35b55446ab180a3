import { describe, expect, it } from "vitest";
import { formatPhone, isAustralianMobile, maskPhone, telHref, toInternationalMobile, toLocalDigits } from "./phone";

describe("phone numbers", () => {
  it("writes mobiles 4-3-3, +61 replaced with 0", () => {
    expect(formatPhone("+61412345678")).toBe("0412 345 678");
    expect(formatPhone("61 412 345 678")).toBe("0412 345 678");
    expect(formatPhone("04 1234 5678")).toBe("0412 345 678");
    expect(formatPhone("0412345678")).toBe("0412 345 678");
  });
  it("writes landlines 2-4-4", () => {
    expect(formatPhone("0296301100")).toBe("02 9630 1100");
    expect(formatPhone("+61 2 9630 1100")).toBe("02 9630 1100");
    expect(formatPhone("(07) 5591 4400")).toBe("07 5591 4400");
    expect(formatPhone("08 9444 2200")).toBe("08 9444 2200");
  });
  it("writes 1300 and 1800 numbers 4-3-3 and 13 numbers 2-2-2", () => {
    expect(formatPhone("1300786648")).toBe("1300 786 648");
    expect(formatPhone("1300 78 66 48")).toBe("1300 786 648");
    expect(formatPhone("1800 123456")).toBe("1800 123 456");
    expect(formatPhone("131234")).toBe("13 12 34");
  });
  it("leaves what is not an Australian number as it was given", () => {
    expect(formatPhone(" +1 555 0100 ")).toBe("+1 555 0100");
    expect(formatPhone("12345")).toBe("12345");
  });
  it("normalises mobiles for SMS and back", () => {
    expect(toInternationalMobile("0412 345 678")).toBe("+61412345678");
    expect(toInternationalMobile("02 9555 1234")).toBeNull();
    expect(toLocalDigits("+61412345678")).toBe("0412345678");
    expect(isAustralianMobile("0412345678")).toBe(true);
    expect(isAustralianMobile("041234567")).toBe(false);
  });
  it("makes tel: links of the digits, in international form", () => {
    expect(telHref("02 9555 1234")).toBe("tel:+61295551234");
    expect(telHref("0412 345 678")).toBe("tel:+61412345678");
    expect(telHref("1300 786 648")).toBe("tel:1300786648");
  });
  it("masks after the first five characters", () => {
    expect(maskPhone("02 9555 1234")).toBe("02 95XX XXXX");
    expect(maskPhone("1300 786 648")).toBe("1300 XXX XXX");
    expect(maskPhone("0412 345 678")).toBe("0412 XXX XXX");
  });
});
