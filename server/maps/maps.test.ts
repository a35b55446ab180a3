import { describe, expect, it } from "vitest";
import { parseEnv } from "../config/env.server";
import { createMapsFromEnv } from "./index";

const mapsWith = (source: Record<string, string>) => createMapsFromEnv(parseEnv({ LOG_LEVEL: "silent", ...source }));

const place = {
  name: "Coastal GWM & Haval",
  address: { street: "88 Ferry Road", city: "Southport", state: "QLD", postcode: "4215", lat: -27.9706, long: 153.4044 },
};
const SITE_KEY = "AIzaSyTestKey_0123456789abcdef";
const LOCATION_KEY = "AIzaSyLocationKey_0123456789abcd";
const PLACE_ID = "ChIJN1t_tDeuEmsRUsoyG83frY4";

describe("maps adapters", () => {
  it("shows no made-up map without a key: the page shows the address card", () => {
    const maps = mapsWith({});
    expect(maps.name).toBe("address-card");
    expect(maps.mapOf(place)).toEqual({ kind: "address" });
  });

  it("embeds Google Maps at the place with GOOGLE_MAPS_EMBED_KEY", () => {
    const map = mapsWith({ GOOGLE_MAPS_EMBED_KEY: SITE_KEY }).mapOf(place);
    expect(map.kind).toBe("embed");
    if (map.kind !== "embed") return;
    const src = new URL(map.src);
    expect(src.origin + src.pathname).toBe("https://www.google.com/maps/embed/v1/place");
    expect(src.searchParams.get("key")).toBe(SITE_KEY);
    expect(src.searchParams.get("q")).toBe("Coastal GWM & Haval, 88 Ferry Road, Southport QLD 4215");
    expect(src.searchParams.get("center")).toBe("-27.9706,153.4044");
  });

  it("embeds a location's map with its own map_key, with or without the site's key, at its Google place when known", () => {
    const own = { ...place, address: { ...place.address, map_key: LOCATION_KEY, place_id: PLACE_ID } };
    for (const maps of [mapsWith({}), mapsWith({ GOOGLE_MAPS_EMBED_KEY: SITE_KEY })]) {
      const map = maps.mapOf(own);
      expect(map.kind, maps.name).toBe("embed");
      if (map.kind !== "embed") return;
      const src = new URL(map.src);
      expect(src.searchParams.get("key")).toBe(LOCATION_KEY);
      expect(src.searchParams.get("q")).toBe(`place_id:${PLACE_ID}`);
    }
  });

  it("refuses a key that is not one, and treats an empty key as none", () => {
    expect(() => mapsWith({ GOOGLE_MAPS_EMBED_KEY: "not a key" })).toThrow(/GOOGLE_MAPS_EMBED_KEY: must be a Google API key/);
    expect(mapsWith({ GOOGLE_MAPS_EMBED_KEY: "" }).name).toBe("address-card");
  });
});
