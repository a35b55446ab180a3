import { describe, expect, it } from "vitest";
import { capCodePoints, FIELD_LIMITS, normaliseLeadInput, normalisePayload, normaliseText } from "./normalise";

const line = (s: string, max = 100) => normaliseText(s, { max });
const lines = (s: string, max = 5000) => normaliseText(s, { multiline: true, max });

describe("normaliseText", () => {
  it("composes to NFC, so the same name typed two ways is stored the same", () => {
    expect(line("Jose\u0301")).toBe("José");
    expect(line("Jose\u0301")).toBe(line("Jos\u00e9"));
  });

  it("strips C0 and C1 controls: NUL, BEL, ESC, DEL, CSI", () => {
    expect(line("Sa\u0000m\u0007 \u001b[31mRed\u007f\u009b")).toBe("Sam [31mRed");
  });

  it("strips bidi overrides, isolates and marks that could disguise a number", () => {
    const spoofed = "0412\u202e876\u202c 345\u2066x\u2069\u200e\u200f\u061c";
    expect(line(spoofed)).toBe("0412876 345x");
  });

  it("a single-line field gets a space for each run of line breaks, in any form", () => {
    expect(line("Sam\r\nBcc: evil@example.com")).toBe("Sam Bcc: evil@example.com");
    expect(line("a\rb\nc\u2028d\u2029e\u0085f")).toBe("a b c d e f");
    expect(line("a \n\n  b")).toBe("a b");
    expect(line("tab\tseparated")).toBe("tab separated");
  });

  it("a multi-line field keeps line breaks as \\n, without CR, and at most one blank line", () => {
    expect(lines("Hi,\r\nIs it available?\r\n\r\n\r\n\r\nThanks  \rSam")).toBe("Hi,\nIs it available?\n\nThanks\nSam");
  });

  it("trims, and caps by characters without splitting an emoji", () => {
    expect(line("   Sam  ")).toBe("Sam");
    expect(line("abcdef", 3)).toBe("abc");
    expect(line("ab😀cd", 3)).toBe("ab😀");
    expect(capCodePoints("😀😀😀", 2)).toBe("😀😀");
  });

  it("replaces half an emoji (a lone surrogate) rather than storing invalid text", () => {
    expect(line("a\ud83db")).toBe("a\ufffdb");
  });

  it("gives an empty string for anything that is not a string", () => {
    expect(normaliseText(undefined, { max: 10 })).toBe("");
    expect(normaliseText(42, { max: 10 })).toBe("");
  });
});

describe("normaliseLeadInput", () => {
  it("applies each field's rule and cap", () => {
    const long = "x".repeat(6000);
    const lead = normaliseLeadInput({
      category: "Used Vehicle\nEnquiry",
      subcategory: "Vehicle Enquiry\u0007",
      car_id: "v-1",
      name: `Sam\r\n${long}`,
      last_name: "Nguyen\u202e",
      email: "sam@example.com\r\nBcc: x@example.com",
      phone: "0412 345 678\u0000",
      postcode: "2150\n",
      message: `Line one\r\nLine two ${long}`,
      source_path: "/cars/x\n",
      visitor: "v".repeat(500),
    });
    expect(lead.category).toBe("Used Vehicle Enquiry");
    expect(lead.subcategory).toBe("Vehicle Enquiry");
    expect(lead.name).toHaveLength(FIELD_LIMITS.name);
    expect(lead.last_name).toBe("Nguyen");
    expect(lead.email).toBe("sam@example.com Bcc: x@example.com");
    expect(lead.phone).toBe("0412 345 678");
    expect(lead.postcode).toBe("2150");
    expect(lead.message?.startsWith("Line one\nLine two x")).toBe(true);
    expect(lead.message).toHaveLength(FIELD_LIMITS.message);
    expect(lead.source_path).toBe("/cars/x");
    expect(lead.visitor).toHaveLength(FIELD_LIMITS.visitor);
  });

  it("an empty car id is no car", () => {
    expect(normaliseLeadInput({ category: "General", car_id: " " }).car_id).toBeNull();
    expect(normaliseLeadInput({ category: "General" }).car_id).toBeNull();
  });
});

describe("normalisePayload", () => {
  it("normalises strings at every level, keys as single lines, and keeps numbers and booleans", () => {
    const payload = normalisePayload({
      "Vehicle\nMake": "Toyota\u0000",
      opt_in: true,
      amount: 30000,
      bad: Number.NaN,
      nested: { note: "a\r\nb\u202e", list: ["x\u0007", 1, null, undefined] },
      gone: undefined,
      fn: () => 1,
    });
    expect(payload).toEqual({
      "Vehicle Make": "Toyota",
      opt_in: true,
      amount: 30000,
      bad: null,
      nested: { note: "a\nb", list: ["x", 1, null] },
    });
  });

  it("is bounded: depth, entries and string length", () => {
    let deep: Record<string, unknown> = { leaf: "end" };
    for (let i = 0; i < 10; i++) deep = { next: deep };
    const wide = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    const payload = normalisePayload({ deep, wide, list: Array.from({ length: 500 }, (_, i) => i), long: "y".repeat(5000) });
    expect(JSON.stringify(payload)).not.toContain("end");
    expect(Object.keys(payload.wide as object)).toHaveLength(100);
    expect(payload.list).toHaveLength(100);
    expect(payload.long).toHaveLength(1000);
  });

  it("never keeps a __proto__ key and gives {} for a non-object", () => {
    const payload = normalisePayload(JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}'));
    expect(payload).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(normalisePayload("text")).toEqual({});
    expect(normalisePayload([1, 2])).toEqual({});
  });
});
