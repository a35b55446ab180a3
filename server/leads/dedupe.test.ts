import { describe, expect, it } from "vitest";
import { dedupeKey, dedupeLockId, leadContact } from "./dedupe";

const enquiry = { category: "Used Vehicle Enquiry", subcategory: "Vehicle Enquiry", car_id: "v-1" };

describe("duplicate key", () => {
  it("the contact is the lower-cased e-mail, else the phone's digits, else the visitor", () => {
    expect(leadContact({ email: " Sam@Example.COM ", phone: "0412 345 678" })).toBe("email:sam@example.com");
    expect(leadContact({ email: "", phone: "0412 345 678" })).toBe("phone:0412345678");
    expect(leadContact({ visitor: "hash-of-address" })).toBe("visitor:hash-of-address");
    expect(leadContact({})).toBeNull();
  });

  it("the same form, car and contact give the same key, whatever the case or spacing", () => {
    expect(dedupeKey({ ...enquiry, email: "sam@example.com" })).toBe(dedupeKey({ ...enquiry, email: "SAM@example.com", name: "Other" }));
    expect(dedupeKey({ ...enquiry, phone: "0412 345 678" })).toBe(dedupeKey({ ...enquiry, phone: "0412345678" }));
  });

  it("another form, subcategory, car or contact is another lead", () => {
    const key = dedupeKey({ ...enquiry, email: "sam@example.com" });
    expect(dedupeKey({ ...enquiry, category: "Test Drive", email: "sam@example.com" })).not.toBe(key);
    expect(dedupeKey({ ...enquiry, subcategory: "Request Photos", email: "sam@example.com" })).not.toBe(key);
    expect(dedupeKey({ ...enquiry, car_id: "v-2", email: "sam@example.com" })).not.toBe(key);
    expect(dedupeKey({ ...enquiry, car_id: null, email: "sam@example.com" })).not.toBe(key);
    expect(dedupeKey({ ...enquiry, email: "alex@example.com" })).not.toBe(key);
  });

  it("a lead without any contact is never a duplicate, and the key holds no address in clear", () => {
    expect(dedupeKey({ ...enquiry })).toBeNull();
    const key = dedupeKey({ ...enquiry, email: "sam@example.com" })!;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the advisory lock number is a 64-bit integer per dealer and key", () => {
    const a = dedupeLockId("alpha", "k");
    expect(BigInt(a)).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(BigInt(a)).toBeLessThan(2n ** 63n);
    expect(dedupeLockId("alpha", "k")).toBe(a);
    expect(dedupeLockId("beta", "k")).not.toBe(a);
  });
});
