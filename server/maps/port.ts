/**
 * The Maps port (spec 001 section 7: 'Maps service: embedded for location map'): what a location page
 * shows as its map. With GOOGLE_MAPS_EMBED_KEY, a Google Maps embed (an iframe the browser loads lazily,
 * after the page); without it, a map drawn here from the location's coordinates. Either way the page
 * also links to directions, and no page waits on a third party: the server never calls one.
 */

/** A street drawn on the static map, in the map's 0-100 by 0-60 box. */
export interface MapStreet {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  major: boolean;
}

export type LocationMap =
  | { kind: "embed"; src: string }
  | {
      kind: "static";
      lat: number;
      long: number;
      /** Streets around the pin, drawn from the coordinates (the same place always looks the same). */
      streets: MapStreet[];
    };

export interface MapPlace {
  name: string;
  address: { street: string; city: string; state: string; postcode: string; lat: number; long: number };
}

export interface Maps {
  readonly name: string;
  mapOf(place: MapPlace): LocationMap;
}
