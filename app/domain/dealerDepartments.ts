/**
 * What each dealer actually has (issue 26): a workshop and a parts counter are locations of that type
 * (location_type service or parts, or a sales yard whose location_subtype names one). A used-only yard
 * with no workshop has no Service, Roadside Assistance or Parts pages: their copy is about servicing a
 * new car under warranty, and their location blocks would be empty. Those pages answer 404 for it and
 * its menus, footer and vehicle pages do not link them.
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
 * The departments among the dealer's visible locations. A workshop sells parts over its counter too,
 * so a service location counts for parts.
 */
export function dealerDepartments(locations: readonly LocationLike[]): DealerDepartments {
  const shown = locations.filter((l) => l.visible !== false);
  const service = shown.some((l) => offers(l, "service"));
  return { service, parts: service || shown.some((l) => offers(l, "parts")) };
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
