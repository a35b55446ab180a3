/**
 * The maps adapters: the Google Maps Embed API (GOOGLE_MAPS_EMBED_KEY; the embed key is meant for
 * browsers and is restricted by referrer in Google's console) or the static drawn map.
 */
import type { Env } from "../config/env.server";
import { log } from "../log";
import type { LocationMap, Maps, MapPlace, MapStreet } from "./port";

export type { LocationMap, Maps, MapPlace, MapStreet } from "./port";

/** A tiny seeded generator, so a location's drawn streets never change between pages. */
function seeded(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

/** Streets around the pin: a main road through it, a cross street near it, and a few side streets. */
export function drawnStreets(lat: number, long: number): MapStreet[] {
  const next = seeded(Math.round(Math.abs(lat) * 10_000) * 31 + Math.round(Math.abs(long) * 10_000));
  const streets: MapStreet[] = [
    { x1: 0, y1: 24 + next() * 12, x2: 100, y2: 24 + next() * 12, major: true },
    { x1: 40 + next() * 20, y1: 0, x2: 40 + next() * 20, y2: 60, major: true },
  ];
  for (let i = 0; i < 4; i++) {
    const x = 5 + next() * 90;
    streets.push({ x1: x, y1: 0, x2: x + (next() - 0.5) * 10, y2: 60, major: false });
    const y = 4 + next() * 52;
    streets.push({ x1: 0, y1: y, x2: 100, y2: y + (next() - 0.5) * 8, major: false });
  }
  return streets.map((s) => ({
    x1: Math.round(s.x1 * 10) / 10,
    y1: Math.round(s.y1 * 10) / 10,
    x2: Math.round(s.x2 * 10) / 10,
    y2: Math.round(s.y2 * 10) / 10,
    major: s.major,
  }));
}

export const staticMaps: Maps = {
  name: "static",
  mapOf(place: MapPlace): LocationMap {
    const { lat, long } = place.address;
    return { kind: "static", lat, long, streets: drawnStreets(lat, long) };
  },
};

export function googleEmbedMaps(key: string): Maps {
  return {
    name: "google-embed",
    mapOf(place: MapPlace): LocationMap {
      const { street, city, state, postcode } = place.address;
      const src = new URL("https://www.google.com/maps/embed/v1/place");
      src.searchParams.set("key", key);
      src.searchParams.set("q", `${place.name}, ${street}, ${city} ${state} ${postcode}`);
      src.searchParams.set("center", `${place.address.lat},${place.address.long}`);
      src.searchParams.set("zoom", "15");
      return { kind: "embed", src: src.toString() };
    },
  };
}

/** The maps adapter for these settings: the Google embed with GOOGLE_MAPS_EMBED_KEY (checked at start), else the drawn map. */
export function createMapsFromEnv(env: Pick<Env, "GOOGLE_MAPS_EMBED_KEY">): Maps {
  if (env.GOOGLE_MAPS_EMBED_KEY) {
    log.info("Maps: Google Maps embed on location pages");
    return googleEmbedMaps(env.GOOGLE_MAPS_EMBED_KEY);
  }
  log.info("Maps: drawn from each location's coordinates (set GOOGLE_MAPS_EMBED_KEY for the Google Maps embed)");
  return staticMaps;
}
