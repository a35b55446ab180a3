import { describe, expect, it } from "vitest";
import { formatPhone, isAustralianMobile, maskPhone, telHref, toInternationalMobile, toLocalDigits } from "./phone";

describe("phone numbers", () => {
  it("replaces +61 with 0 and groups 2-4-4", () => {
    expect(formatPhone("+61412345678")).toBe("04 1234 5678");
    expect(formatPhone("0295551234")).toBe("02 9555 1234");
    expect(formatPhone("61 412 345 678")).toBe("04 1234 5678");
  });
  it("keeps 1300 and 13 numbers readable", () => {
    expect(formatPhone("1300786648")).toBe("1300 786 648");
    expect(formatPhone("131234")).toBe("13 12 34");
  });
  it("normalises mobiles for SMS and back", () => {
    expect(toInternationalMobile("0412 345 678")).toBe("+61412345678");
    expect(toInternationalMobile("02 9555 1234")).toBeNull();
    expect(toLocalDigits("+61412345678")).toBe("0412345678");
    expect(isAustralianMobile("0412345678")).toBe(true);
    expect(isAustralianMobile("041234567")).toBe(false);
  });
  it("makes tel: links in international form", () => {
    expect(telHref("02 9555 1234")).toBe("tel:+61295551234");
  });
  it("masks after the first five characters", () => {
    expect(maskPhone("02 9555 1234")).toBe("02 95XX XXXX");
  });
});
