import { describe, expect, it } from "vitest";
import {
  detailsFromLeadForm,
  hasShopperDetails,
  LEAD_FIELD_FOR_DETAIL,
  mergeShopperDetails,
  NO_DETAILS,
  readShopperDetails,
  toShopperDetails,
} from "./shopperDetails";

const ava = { name: "Ava", last_name: "Nguyen", email: "ava@example.com", phone: "0412 345 678", postcode: "2000" };

describe("local user details (spec 000 section 3: name, last_name, email, phone, postcode)", () => {
  it("reads what the browser kept, and nothing from anything unreadable", () => {
    expect(readShopperDetails(JSON.stringify(ava))).toEqual(ava);
    expect(readShopperDetails(null)).toEqual(NO_DETAILS);
    expect(readShopperDetails("{not json")).toEqual(NO_DETAILS);
    expect(readShopperDetails("[1,2]")).toEqual(NO_DETAILS);
    expect(readShopperDetails(JSON.stringify({ name: 42, email: ["x"], extra: "dropped" }))).toEqual(NO_DETAILS);
  });

  it("keeps known details only, trimmed; an oversized value or a postcode that is not 4 digits is dropped", () => {
    expect(toShopperDetails({ ...ava, name: "  Ava  ", admin: true })).toEqual(ava);
    expect(toShopperDetails({ name: "x".repeat(61) }).name).toBe("");
    expect(toShopperDetails({ postcode: "20000" }).postcode).toBe("");
    expect(toShopperDetails({ postcode: "abcd" }).postcode).toBe("");
  });

  it("takes a lead form's fields by their names (first_name for the name)", () => {
    expect(LEAD_FIELD_FOR_DETAIL.name).toBe("first_name");
    const form = new Map(
      Object.entries({ first_name: "Ava", last_name: "Nguyen", email: "ava@example.com", phone: "0412 345 678", message: "Hi" }),
    );
    expect(detailsFromLeadForm(form)).toEqual({ ...ava, postcode: "" });
  });

  it("what the shopper just typed wins; an empty value never erases a kept one", () => {
    const kept = { ...ava };
    expect(mergeShopperDetails(kept, { ...NO_DETAILS, email: "new@example.com" })).toEqual({ ...ava, email: "new@example.com" });
    expect(mergeShopperDetails(kept, NO_DETAILS)).toEqual(ava);
  });

  it("an account's details only fill what the browser does not have", () => {
    const kept = { ...NO_DETAILS, name: "Ava", postcode: "2000" };
    const account = { ...NO_DETAILS, name: "Avalon", last_name: "Nguyen", phone: "04 1234 5678" };
    expect(mergeShopperDetails(kept, account, true)).toEqual({
      ...NO_DETAILS,
      name: "Ava",
      last_name: "Nguyen",
      phone: "04 1234 5678",
      postcode: "2000",
    });
  });

  it("knows when there is nothing to keep", () => {
    expect(hasShopperDetails(NO_DETAILS)).toBe(false);
    expect(hasShopperDetails({ ...NO_DETAILS, postcode: "2000" })).toBe(true);
  });
});
