/**
 * The Maps port (spec 001 section 7: 'Maps service: embedded for location map'): what a location page
 * shows as its map. With a Maps Embed key (the location's own `map_key`, else GOOGLE_MAPS_EMBED_KEY), a
 * Google Maps embed (an iframe the browser loads lazily, after the page); without one, no map at all:
 * the page shows the address with a 'Get Directions' link instead of a picture that only looks like a
 * map (issue 26). No page waits on a third party: the server never calls one.
 */

export type LocationMap =
  | { kind: "embed"; src: string }
  /** No map can be shown honestly: the page shows the address card with its directions link. */
  | { kind: "address" };

export interface MapPlace {
  name: string;
  address: {
    street: string;
    city: string;
    state: string;
    postcode: string;
    lat: number;
    long: number;
    /** The Google place, so the embed shows the business itself. */
    place_id?: string;
    /** This location's own Maps Embed key. */
    map_key?: string;
  };
}

export interface Maps {
  readonly name: string;
  mapOf(place: MapPlace): LocationMap;
}
