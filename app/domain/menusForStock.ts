/**
 * Menus follow the dealer's stock (issue 13): a header or footer link to a search that the dealer's
 * base filter can never fill is dropped, and so is a link to a page the dealer has not got (issue 26). A new-and-demo dealer has no Used Cars page worth linking
 * (/search/used-cars would always be empty), and a used-only dealer no New Cars.
 */
import { CAR_TYPE_SEGMENTS } from "./searchLinks";

/** The search addresses' prefixes: '/search', and '/used-car' on the variant that uses it. */
const SEARCH_PREFIXES = ["/search", "/used-car"];

/**
 * The car types a link's search is limited to (/search/used-cars, /search/new-and-demo-cars/toyota,
 * /search?car_type=used): null when it is not a search or not limited by car type.
 */
export function searchCarTypes(href: string): string[] | null {
  let url: URL;
  try {
    url = new URL(href, "http://dealer.invalid");
  } catch {
    return null;
  }
  if (url.host !== "dealer.invalid") return null;
  const prefix = SEARCH_PREFIXES.find((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
  if (!prefix) return null;
  const types = new Set<string>();
  const segment = url.pathname.slice(prefix.length).split("/").filter(Boolean)[0]?.toLowerCase();
  if (segment && Object.hasOwn(CAR_TYPE_SEGMENTS, segment)) CAR_TYPE_SEGMENTS[segment].forEach((t) => types.add(t));
  for (const value of url.searchParams.getAll("car_type")) {
    value
      .split(",")
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean)
      .forEach((t) => types.add(t));
  }
  return types.size ? [...types] : null;
}

/** False for a link to a search the base filter's car types can never fill; true for everything else. */
export function stockCanFill(href: string, baseCarTypes: readonly string[]): boolean {
  if (!baseCarTypes.length) return true;
  const types = searchCarTypes(href);
  return types === null || types.some((t) => baseCarTypes.includes(t));
}

interface Link {
  href: string;
}
interface HeaderItem<L extends Link> {
  href?: string;
  kind: string;
  children: L[];
}
interface FooterGroup<L extends Link> {
  kind: string;
  links: L[];
}

/**
 * The dealer's header items, footer groups and company links without the links its stock can never
 * fill; a dropdown or footer group left with no links goes too (the catalogue-filled ones stay).
 */
export function menusForStock<L extends Link, H extends HeaderItem<L>, G extends FooterGroup<L>>(
  menus: { header: H[]; footer: G[] },
  companyLinks: L[],
  baseCarTypes: readonly string[],
  /** Whether the dealer has the linked page at all (a Service page needs a workshop: dealerDepartments.ts). */
  hasPage: (href: string) => boolean = () => true,
): { header: H[]; footer: G[]; companyLinks: L[] } {
  const keep = (link: Link) => stockCanFill(link.href, baseCarTypes) && hasPage(link.href);
  const header = menus.header
    .filter((item) => item.href === undefined || keep({ href: item.href }))
    .map((item) => ({ ...item, children: item.children.filter(keep) }))
    .filter((item) => item.kind !== "links" || item.children.length > 0);
  const footer = menus.footer
    .map((group) => ({ ...group, links: group.links.filter(keep) }))
    .filter((group) => group.kind !== "links" || group.links.length > 0);
  return { header, footer, companyLinks: companyLinks.filter(keep) };
}
