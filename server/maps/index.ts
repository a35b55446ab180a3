/**
 * The maps adapters: the Google Maps Embed API with the site's key (GOOGLE_MAPS_EMBED_KEY; the embed key
 * is meant for browsers and is restricted by referrer in Google's console), or, with no site key, the
 * embed only for locations that carry their own `map_key` and the address card for the rest.
 */
import type { Env } from "../config/env.server";
import { log } from "../log";
import type { LocationMap, Maps, MapPlace } from "./port";

export type { LocationMap, Maps, MapPlace } from "./port";

/** The Maps Embed API's place map: the Google place when known, else the location's name and address, centred on its coordinates. */
export function embedSrc(place: MapPlace, key: string): string {
  const { street, city, state, postcode, place_id } = place.address;
  const src = new URL("https://www.google.com/maps/embed/v1/place");
  src.searchParams.set("key", key);
  src.searchParams.set("q", place_id ? `place_id:${place_id}` : `${place.name}, ${street}, ${city} ${state} ${postcode}`);
  src.searchParams.set("center", `${place.address.lat},${place.address.long}`);
  src.searchParams.set("zoom", "15");
  return src.toString();
}

/** Without a site key: a location's own map_key embeds its map; any other location shows its address card. */
export const addressCardMaps: Maps = {
  name: "address-card",
  mapOf(place: MapPlace): LocationMap {
    return place.address.map_key ? { kind: "embed", src: embedSrc(place, place.address.map_key) } : { kind: "address" };
  },
};

/** With the site's key: every location's map, under the location's own key where it has one. */
export function googleEmbedMaps(key: string): Maps {
  return {
    name: "google-embed",
    mapOf(place: MapPlace): LocationMap {
      return { kind: "embed", src: embedSrc(place, place.address.map_key ?? key) };
    },
  };
}

/** The maps adapter for these settings: the Google embed with GOOGLE_MAPS_EMBED_KEY (checked at start), else address cards. */
export function createMapsFromEnv(env: Pick<Env, "GOOGLE_MAPS_EMBED_KEY">): Maps {
  if (env.GOOGLE_MAPS_EMBED_KEY) {
    log.info("Maps: Google Maps embed on location pages");
    return googleEmbedMaps(env.GOOGLE_MAPS_EMBED_KEY);
  }
  log.info(
    "Maps: the address and directions on location pages, a map only where a location has its map_key (set GOOGLE_MAPS_EMBED_KEY for every location)",
  );
  return addressCardMaps;
}
