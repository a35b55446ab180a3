/**
 * A dealer's locations as pages list them (spec 001 sections 2, 3 and 4): visible ones only, sorted
 * sales, then service, then parts; location blocks that pick 'primary', 'sales', 'service', 'parts',
 * 'service-and-parts', 'all' or one location's id; the grid's sales / service-only / parts filter and its
 * columns by count; duplicate phones and same-street duplicates removed where the dealer says so; the
 * other departments at the same address; directions links.
 */
import { toLocalDigits } from "./phone";
import { directionsUrl as directionsTo } from "./stickyBars";

export type LocationType = "sales" | "service" | "parts" | "";

/** The fields these rules read (the tenant schema's location has more). */
export interface LocationLike {
  id: string;
  slug: string;
  name: string;
  primary: boolean;
  visible: boolean;
  location_type: LocationType;
  address: {
    street: string;
    city: string;
    state: string;
    postcode: string;
    lat: number;
    long: number;
    place_url?: string;
    place_id?: string;
  };
  contact_detail: { phone: string; landline_phone?: string };
}

/** Spec 001 section 3: 'Locations are sorted sales, then service, then parts.' */
const TYPE_ORDER: Record<LocationType, number> = { sales: 0, service: 1, parts: 2, "": 3 };

/** Visible locations, sales first, then service, then parts; the configured order within a type. */
export function sortLocations<T extends LocationLike>(locations: readonly T[]): T[] {
  return locations
    .map((location, index) => ({ location, index }))
    .filter(({ location }) => location.visible)
    .sort((a, b) => TYPE_ORDER[a.location.location_type] - TYPE_ORDER[b.location.location_type] || a.index - b.index)
    .map(({ location }) => location);
}

/** The values a location block accepts besides a location's id (spec 001 section 2). */
export const LOCATION_BLOCK_FILTERS = ["primary", "sales", "service", "parts", "service-and-parts", "all"] as const;
export type LocationBlockFilter = (typeof LOCATION_BLOCK_FILTERS)[number];

/**
 * The locations a block shows: 'primary' is the primary location (else the first), a type picks that
 * type, 'service-and-parts' both, 'all' every visible location, anything else one location's id (none
 * when no location has it). Sorted.
 */
export function locationsForBlock<T extends LocationLike>(locations: readonly T[], filter: string): T[] {
  const sorted = sortLocations(locations);
  switch (filter) {
    case "all":
      return sorted;
    case "primary": {
      const primary = sorted.find((l) => l.primary) ?? sorted[0];
      return primary ? [primary] : [];
    }
    case "sales":
    case "service":
    case "parts":
      return sorted.filter((l) => l.location_type === filter);
    case "service-and-parts":
      return sorted.filter((l) => l.location_type === "service" || l.location_type === "parts");
    default:
      return sorted.filter((l) => l.id === filter);
  }
}

/** The grid's filters (spec 001 section 2: 'filters are sales, service-only and parts'), as the `type` query value. */
export const GRID_FILTERS = [
  { value: "all", label: "All" },
  { value: "sales", label: "Sales" },
  { value: "service", label: "Service only" },
  { value: "parts", label: "Parts" },
] as const;
export type GridFilter = (typeof GRID_FILTERS)[number]["value"];

/** The grid filter named by the query, 'all' for anything else. */
export function gridFilterOf(raw: string | null | undefined): GridFilter {
  return GRID_FILTERS.find((f) => f.value === raw)?.value ?? "all";
}

/**
 * Columns of the grid by how many cards it has (spec 001 section 2: 'three or more, six, or fewer than
 * three'): fewer than three cards take one column each, six make two rows of three, other counts of
 * three or more fill three columns (four on wide screens when there are more than six).
 */
export function gridColumns(count: number): { narrow: number; wide: number } {
  if (count < 3) return { narrow: Math.max(1, count), wide: Math.max(1, count) };
  if (count === 6) return { narrow: 3, wide: 3 };
  return { narrow: 3, wide: count > 6 ? 4 : 3 };
}

function streetKey(location: LocationLike): string {
  return `${location.address.street.trim().toLowerCase().replace(/\s+/g, " ")}|${location.address.postcode}`;
}

/** The first location at each street address (spec 001 section 4: 'same-street duplicate locations are removed on some tenants'). */
export function dedupeSameStreet<T extends LocationLike>(locations: readonly T[]): T[] {
  const seen = new Set<string>();
  return locations.filter((l) => {
    const key = streetKey(l);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Each location's phone numbers in display order (phone, then landline). With `dedupe` (spec 001 section
 * 4: 'duplicate phone numbers ... are removed on some tenants') a number already shown, in this card or
 * an earlier one, is left out; the same number written differently counts as the same.
 */
export function locationPhones(locations: readonly LocationLike[], dedupe: boolean): Map<string, string[]> {
  const shown = new Set<string>();
  const phones = new Map<string, string[]>();
  for (const location of locations) {
    const own = [location.contact_detail.phone, location.contact_detail.landline_phone].filter((p): p is string => Boolean(p));
    const kept = dedupe
      ? own.filter((p) => {
          const digits = toLocalDigits(p);
          if (shown.has(digits)) return false;
          shown.add(digits);
          return true;
        })
      : own;
    phones.set(location.id, kept);
  }
  return phones;
}

/** The street's name without its number ('88 Ferry Road' and '92-94 Ferry Road' are both 'ferry road'). */
function streetName(street: string): string {
  return street
    .toLowerCase()
    .replace(/^[\s\d/,-]*(?:[a-z](?=\s))?\s*/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The sales, service and parts departments at this location's address (same street and postcode), this
 * one included, sorted: the detail page's switch between them (spec 001 section 2).
 */
export function departmentsAtAddress<T extends LocationLike>(locations: readonly T[], location: T): T[] {
  const name = streetName(location.address.street);
  return sortLocations(locations).filter(
    (l) => l.id === location.id || (l.address.postcode === location.address.postcode && streetName(l.address.street) === name),
  );
}

/** A department's name in the switch. */
export function departmentLabel(type: LocationType): string {
  return type === "service" ? "Service" : type === "parts" ? "Parts" : "Sales";
}

/** The location's own map link when it has one, else Google Maps directions to its address (and its Google place when known). */
export function directionsUrl(location: LocationLike): string {
  return directionsTo(addressLine(location), location.address.place_url, location.address.place_id);
}

/** One line of address: '88 Ferry Road, Southport QLD 4215'. */
export function addressLine(location: LocationLike): string {
  const { street, city, state, postcode } = location.address;
  return `${street}, ${city} ${state} ${postcode}`;
}

/** A location's name as an address ('Summit Hyundai Parramatta' -> 'summit-hyundai-parramatta'; spec 001: /contact-us/{location-name-slug}). */
export function locationNameSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
