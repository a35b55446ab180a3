import { describe, expect, it } from "vitest";
import { parseEnv } from "../config/env.server";
import { createMapsFromEnv, drawnStreets } from "./index";

const mapsWith = (source: Record<string, string>) => createMapsFromEnv(parseEnv({ LOG_LEVEL: "silent", ...source }));

const place = {
  name: "Coastal GWM & Haval",
  address: { street: "88 Ferry Road", city: "Southport", state: "QLD", postcode: "4215", lat: -27.9706, long: 153.4044 },
};

describe("maps adapters", () => {
  it("draws a static map from the coordinates without a key, the same streets every time", () => {
    const map = mapsWith({}).mapOf(place);
    expect(map.kind).toBe("static");
    if (map.kind !== "static") return;
    expect([map.lat, map.long]).toEqual([-27.9706, 153.4044]);
    expect(map.streets.length).toBeGreaterThan(4);
    expect(map.streets.filter((s) => s.major)).toHaveLength(2);
    expect(drawnStreets(-27.9706, 153.4044)).toEqual(map.streets);
    expect(drawnStreets(-33.8, 151.0)).not.toEqual(map.streets);
  });

  it("embeds Google Maps at the place with GOOGLE_MAPS_EMBED_KEY", () => {
    const map = mapsWith({ GOOGLE_MAPS_EMBED_KEY: "AIzaSyTestKey_0123456789abcdef" }).mapOf(place);
    expect(map.kind).toBe("embed");
    if (map.kind !== "embed") return;
    const src = new URL(map.src);
    expect(src.origin + src.pathname).toBe("https://www.google.com/maps/embed/v1/place");
    expect(src.searchParams.get("q")).toBe("Coastal GWM & Haval, 88 Ferry Road, Southport QLD 4215");
    expect(src.searchParams.get("center")).toBe("-27.9706,153.4044");
  });

  it("refuses a key that is not one, and treats an empty key as none", () => {
    expect(() => mapsWith({ GOOGLE_MAPS_EMBED_KEY: "not a key" })).toThrow(/GOOGLE_MAPS_EMBED_KEY: must be a Google API key/);
    expect(mapsWith({ GOOGLE_MAPS_EMBED_KEY: "" }).name).toBe("static");
  });
});
