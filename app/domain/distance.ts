/**
 * Distance between two points on the Earth's surface by the haversine formula, with the spec's Earth
 * radius of 6371 km (spec 001 section 9), and the nearest of a dealer's locations to a point.
 */
import { formatNumber } from "./money";

/** The spec's Earth radius (spec 001 section 9: 'Distance calculation uses Earth radius 6371 km'). */
export const EARTH_RADIUS_KM = 6371;

export interface GeoPoint {
  lat: number;
  long: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Kilometres between two points along the Earth's surface. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLong = radians(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Each place with its distance from the point, nearest first (ties keep their order); at most `limit`. */
export function nearestTo<T extends { address: GeoPoint }>(places: readonly T[], point: GeoPoint, limit = places.length) {
  return places
    .map((place, index) => ({ place, index, km: haversineKm(point, place.address) }))
    .sort((a, b) => a.km - b.km || a.index - b.index)
    .slice(0, Math.max(0, limit))
    .map(({ place, km }) => ({ place, km }));
}

/** '12.3 km' under 100 km, '250 km' above. */
export function distanceLabel(km: number): string {
  return km < 100 ? `${km.toFixed(1)} km` : `${formatNumber(km)} km`;
}
