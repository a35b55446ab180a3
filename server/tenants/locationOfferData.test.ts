/**
 * Location and offer data the spec names (spec 001 section 3) kept on load, not dropped: a location's
 * place_id and map_key, an opening hour's formated_hours, special hours given as hours.begin/end with
 * location.id (under the location or in one list for all), and an offer's sanitized_description and
 * image_or_model_image (issue 26).
 */
import { describe, expect, it } from "vitest";
import { locationInput, minimalTenantInput } from "../../tests/support/testTenant";
import { parseTenantConfig, TenantConfigError } from "./registry";

const PLACE_ID = "ChIJN1t_tDeuEmsRUsoyG83frY4";
const MAP_KEY = "AIzaSyA-test_key_0123456789abcdefghij";

function dealer(overrides: Record<string, unknown> = {}, location: Record<string, unknown> = {}) {
  const base = minimalTenantInput("data-motors");
  return minimalTenantInput("data-motors", {
    locations: [
      { ...base.locations[0], ...location },
      locationInput("data-motors", "l2", { city: "Penrith" }),
    ],
    ...overrides,
  });
}

function errorOf(input: unknown): string {
  try {
    parseTenantConfig(input, "data-motors/tenant.json");
  } catch (error) {
    expect(error).toBeInstanceOf(TenantConfigError);
    return (error as Error).message;
  }
  throw new Error("expected the tenant to be refused");
}

describe("a location's place and map key", () => {
  it("keeps address.place_id and address.map_key", () => {
    const base = minimalTenantInput("data-motors").locations[0];
    const t = parseTenantConfig(dealer({}, { address: { ...base.address, place_id: PLACE_ID, map_key: MAP_KEY } }), "t.json");
    expect(t.locations[0].address.place_id).toBe(PLACE_ID);
    expect(t.locations[0].address.map_key).toBe(MAP_KEY);
    expect(t.locations[1].address.place_id).toBeUndefined();
  });

  it("refuses a place id or key that cannot be one (they go into links and the map's address)", () => {
    const base = minimalTenantInput("data-motors").locations[0];
    expect(errorOf(dealer({}, { address: { ...base.address, place_id: "x&key=stolen" } }))).toContain("locations.0.address.place_id");
    expect(errorOf(dealer({}, { address: { ...base.address, map_key: "short" } }))).toContain("locations.0.address.map_key");
  });
});

describe("opening hours' formated_hours", () => {
  it("keeps the dealer's wording of a day's hours, trimmed", () => {
    const t = parseTenantConfig(
      dealer({}, { contact_detail: { phone: "02 9000 0000", opening_hours: [{ weekday: 1, open: "08:30", close: "17:30", formated_hours: " 8.30am - 5.30pm " }] } }),
      "t.json",
    );
    expect(t.locations[0].contact_detail.opening_hours[0]).toEqual({
      weekday: 1,
      status: "open",
      open: "08:30",
      close: "17:30",
      formated_hours: "8.30am - 5.30pm",
    });
  });
});

describe("special (holiday) hours", () => {
  it("reads hours.begin and hours.end as the start and end hour, and location.id as location_id", () => {
    const t = parseTenantConfig(
      dealer({}, { special_hours: [{ date: "2026-12-24", status: "open", hours: { begin: "09:00", end: "12:00" }, location: { id: "l1" }, name: "Christmas Eve" }] }),
      "t.json",
    );
    expect(t.locations[0].special_hours).toEqual([
      { date: "2026-12-24", status: "open", start_hour: "09:00", end_hour: "12:00", name: "Christmas Eve", location_id: "l1" },
    ]);
  });

  it("keeps start_hour and end_hour as they were, and the location it sits under", () => {
    const t = parseTenantConfig(dealer({}, { special_hours: [{ date: "2026-12-26", status: "open", start_hour: "10:00", end_hour: "14:00" }] }), "t.json");
    expect(t.locations[0].special_hours[0]).toMatchObject({ start_hour: "10:00", end_hour: "14:00", location_id: "l1" });
  });

  it("takes one list for all locations, each entry joining the location it names by location_id or location.id", () => {
    const t = parseTenantConfig(
      dealer({
        special_hours: [
          { date: "2026-12-25", status: "closed", location_id: "l1", name: "Christmas Day" },
          { date: "2026-12-25", status: "closed", location: { id: "l2" }, name: "Christmas Day" },
          { date: "2026-12-31", status: "open", hours: { begin: "09:00", end: "13:00" }, location: { id: "l2" } },
        ],
      }),
      "t.json",
    );
    expect(t.locations[0].special_hours.map((s) => [s.date, s.status, s.location_id])).toEqual([["2026-12-25", "closed", "l1"]]);
    expect(t.locations[1].special_hours).toEqual([
      { date: "2026-12-25", status: "closed", name: "Christmas Day", location_id: "l2", start_hour: undefined, end_hour: undefined },
      { date: "2026-12-31", status: "open", start_hour: "09:00", end_hour: "13:00", location_id: "l2", name: undefined },
    ]);
    expect("special_hours" in t).toBe(false);
  });

  it("refuses holiday hours for a location the dealer does not have, or with no location, or under another location", () => {
    expect(errorOf(dealer({ special_hours: [{ date: "2026-12-25", status: "closed", location_id: "nowhere" }] }))).toContain(
      "no location has the id nowhere",
    );
    expect(errorOf(dealer({ special_hours: [{ date: "2026-12-25", status: "closed" }] }))).toContain("must name its location");
    expect(errorOf(dealer({}, { special_hours: [{ date: "2026-12-25", status: "closed", location: { id: "l2" } }] }))).toContain(
      "names location l2 but is listed under l1",
    );
  });
});

describe("an offer's plain description and image", () => {
  const offer = { id: "o1", name: "Drive away deal", description: "<p>Save <b>big</b></p>" };

  it("keeps sanitized_description and image_or_model_image", () => {
    const t = parseTenantConfig(
      dealer({ offers: [{ ...offer, sanitized_description: "Save big", image_or_model_image: "/images/models/tank-300.webp" }] }),
      "t.json",
    );
    expect(t.offers[0]).toMatchObject({ sanitized_description: "Save big", image_or_model_image: "/images/models/tank-300.webp" });
  });

  it("defaults both to empty, so the description and image_url are used", () => {
    const t = parseTenantConfig(dealer({ offers: [offer] }), "t.json");
    expect(t.offers[0]).toMatchObject({ sanitized_description: "", image_or_model_image: "", image_url: "" });
  });
});
