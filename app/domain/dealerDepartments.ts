/**
 * What each dealer actually has (issue 26): a used-only yard with no workshop has no Service, Roadside
 * Assistance or Parts pages (their copy is about servicing a new car under warranty, and their location
 * blocks would be empty). Those pages answer 404 for it, and its menus, footer and vehicle pages do not
 * link them.
 */

export type Department = "service" | "parts";

export interface DealerDepartments {
  service: boolean;
  parts: boolean;
}

interface LocationLike {
  visible?: boolean;
  location_type?: string;
  location_subtype?: readonly string[];
}

const offers = (location: LocationLike, department: Department) =>
  location.location_type === department || (location.location_subtype ?? []).includes(department);

/**
 * The dealer's workshop and parts counter. A location of type service or parts (or a yard whose
 * location_subtype names one) is one. A dealer without such a location is taken at its stock: a dealer
 * selling new cars services them at its yard (the spec's default menus link /service), a used-only dealer
 * (its base filter holds used cars only) has no workshop. The dealer's own `workshop` setting, where
 * given, says it outright. A workshop sells parts over its counter too, so it counts for parts.
 */
export function dealerDepartments(
  locations: readonly LocationLike[],
  baseCarTypes: readonly string[] = [],
  workshop?: boolean,
): DealerDepartments {
  if (workshop !== undefined) return { service: workshop, parts: workshop };
  const shown = locations.filter((l) => l.visible !== false);
  const serviceLocation = shown.some((l) => offers(l, "service"));
  const partsLocation = shown.some((l) => offers(l, "parts"));
  if (serviceLocation || partsLocation) return { service: serviceLocation, parts: true };
  const usedOnly = baseCarTypes.length > 0 && baseCarTypes.every((t) => t === "used");
  return { service: !usedOnly, parts: !usedOnly };
}

/** The departments of a dealer from its tenant config's locations, base filter and workshop setting. */
export function departmentsOf(tenant: {
  locations: readonly LocationLike[];
  search: { baseFilter: { carTypes: readonly string[] } };
  features: { workshop?: boolean };
}): DealerDepartments {
  return dealerDepartments(tenant.locations, tenant.search.baseFilter.carTypes, tenant.features.workshop);
}

/** The pages only a dealer with that department has, by address (the parts search's address is the dealer's own). */
export function departmentPages(partsSearchPath = "/parts/search"): Record<string, Department> {
  return {
    "/service": "service",
    "/roadside-assistance": "service",
    "/vehicle-parts-and-accessories": "parts",
    [partsSearchPath]: "parts",
  };
}

/** The department a same-site link's page needs, or null when any dealer has it (other sites, other pages). */
export function departmentFor(href: string, partsSearchPath?: string): Department | null {
  let url: URL;
  try {
    url = new URL(href, "http://dealer.invalid");
  } catch {
    return null;
  }
  if (url.host !== "dealer.invalid") return null;
  const path = url.pathname.replace(/\/+$/, "") || "/";
  return departmentPages(partsSearchPath)[path.toLowerCase()] ?? null;
}

/** False for a link to a page the dealer has not got (a Service page without a workshop); true otherwise. */
export function dealerHasPage(href: string, departments: DealerDepartments, partsSearchPath?: string): boolean {
  const needs = departmentFor(href, partsSearchPath);
  return needs === null || departments[needs];
}
