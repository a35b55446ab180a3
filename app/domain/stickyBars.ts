/**
 * Scroll rules for the vehicle page (spec 000 section 9, spec 001 section 9): the sticky header shows
 * after 500 px, the mobile bottom bar is marked opened past 900 px; the 'Located at {city}' bar shows
 * when the car is away from the dealer's primary location.
 */

export const STICKY_HEADER_AFTER_PX = 500;
export const BOTTOM_BAR_OPEN_AFTER_PX = 900;

export function showsStickyHeader(scrollY: number): boolean {
  return scrollY > STICKY_HEADER_AFTER_PX;
}

export function bottomBarOpened(scrollY: number): boolean {
  return scrollY > BOTTOM_BAR_OPEN_AFTER_PX;
}

/** The city to announce, or null when the car is where the dealer's primary location is. */
export function announcedCity(carCity: string | null | undefined, primaryCity: string | null | undefined): string | null {
  const car = (carCity ?? "").trim();
  if (!car) return null;
  return car.toLowerCase() === (primaryCity ?? "").trim().toLowerCase() ? null : car;
}

/**
 * 'Get Directions': the location's map page when known, otherwise Google Maps directions to its address
 * (to the business itself when its Google place id is known).
 */
export function directionsUrl(address: string, placeUrl?: string | null, placeId?: string | null): string {
  if (placeUrl && /^https:\/\//.test(placeUrl)) return placeUrl;
  const place = placeId ? `&destination_place_id=${encodeURIComponent(placeId)}` : "";
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}${place}`;
}
