/**
 * What a dealer's /sitemap.xml lists: every car the public can see (the search's own visibility, so a
 * car is listed exactly when it can be found), the search landing pages for its makes, models and
 * bodies, the content pages, the offers shown on this site, the locations and the dealer's other pages.
 * Built from the search index, which an import updates at once, and kept for SITEMAP_TTL_MS per dealer;
 * with the response's own cache that keeps the sitemap within a minute of an import.
 */
import { brandOverviewHref } from "~/domain/brands";
import { dealerHasPage, departmentsOf } from "~/domain/dealerDepartments";
import { offerHref, shownOffers } from "~/domain/offers";
import { emptySearchRequest, type SearchResult } from "~/domain/search";
import { slugify } from "~/domain/searchLinks";
import type { SitemapEntry } from "~/domain/sitemap";
import { perDealerCache } from "../http/perDealerCache";
import type { Platform } from "../platform.server";
import { MAX_PAGE_SIZE } from "../search/service";
import type { TenantConfig } from "../tenants/schema";
import { CONTENT_PAGE_ADDRESSES, dealerPages } from "./pages";

/** How long a dealer's collected addresses are kept. */
export const SITEMAP_TTL_MS = 30_000;
/** The sitemap's own Cache-Control: with the kept addresses, at most a minute behind the stock. */
export const SITEMAP_CACHE = "public, max-age=30";

/** Result pages asked of the search engine at once. */
const PAGES_PER_CALL = 10;

/** Addresses relative to the site; the route makes them absolute with the request's origin. */
export type SitemapPath = { path: string; lastmod?: string };

const kept = perDealerCache<SitemapPath[]>(SITEMAP_TTL_MS);

export function sitemapPaths(platform: Pick<Platform, "search" | "env">, tenant: TenantConfig, now = new Date()): Promise<SitemapPath[]> {
  return kept.get(tenant.slug, () => collectSitemapPaths(platform, tenant, now));
}

export function sitemapEntries(paths: readonly SitemapPath[], origin: string): SitemapEntry[] {
  return paths.map((p) => ({ loc: `${origin}${p.path}`, ...(p.lastmod ? { lastmod: p.lastmod } : {}) }));
}

export async function collectSitemapPaths(
  platform: Pick<Platform, "search" | "env">,
  tenant: TenantConfig,
  now = new Date(),
): Promise<SitemapPath[]> {
  const prefix = tenant.paths.searchPrefix;
  const first = await platform.search.search(
    tenant,
    emptySearchRequest({ perPage: MAX_PAGE_SIZE, sortBy: "created_at_timestamp:desc", facets: ["make", "make_model", "body"] }),
    now,
  );
  const results: SearchResult[] = [first];
  for (let page = 2; page <= first.pages; page += PAGES_PER_CALL) {
    const requests = [];
    for (let p = page; p < page + PAGES_PER_CALL && p <= first.pages; p++) {
      requests.push(emptySearchRequest({ perPage: MAX_PAGE_SIZE, page: p, sortBy: "created_at_timestamp:desc" }));
    }
    results.push(...(await platform.search.multiSearch(tenant, requests, now)));
  }

  const paths: SitemapPath[] = [{ path: "/" }, { path: prefix }];
  const seen = new Set(paths.map((p) => p.path));
  const add = (path: string, lastmod?: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    paths.push(lastmod ? { path, lastmod } : { path });
  };

  // Search landing pages: each make, model and body the dealer has cars of.
  for (const item of first.facets.make ?? []) add(`${prefix}/${slugify(item.value)}`);
  for (const item of first.facets.make_model ?? []) {
    const [make, model = ""] = item.value.split("|");
    if (make && model) add(`${prefix}/${slugify(make)}/${slugify(model)}`);
  }
  for (const item of first.facets.body ?? []) add(`${prefix}/${slugify(item.value)}`);

  // The dealer's pages, then its offers, locations and brands.
  // Not a workshop's pages where the dealer has no workshop (issue 26); its parts search where it has parts.
  const departments = departmentsOf(tenant);
  for (const name of (await dealerPages(platform.env.tenantsDir, tenant)).keys()) {
    if (CONTENT_PAGE_ADDRESSES.includes(name) && dealerHasPage(`/${name}`, departments, tenant.paths.parts)) add(`/${name}`);
  }
  if (departments.parts) add("/parts/search");
  add(tenant.paths.finance);
  if (tenant.features.tradeIn) add("/trade-in");
  add("/contact");
  add(tenant.paths.offers);
  for (const offer of shownOffers(tenant.offers, tenant.slug, now)) add(offerHref(offer));
  add(tenant.paths.locations);
  for (const location of tenant.locations) add(`/locations/${encodeURIComponent(location.slug)}`);
  add("/dealer-locator");
  if (!tenant.reviews.hidden) add("/reviews");
  if (tenant.features.brandsPage) {
    add("/brands");
    for (const brand of tenant.brands) {
      const href = brandOverviewHref(brand);
      if (href) add(href);
    }
  }

  // Every car the public can see, newest first.
  for (const result of results) {
    for (const car of result.hits) add(`/cars/${encodeURIComponent(car.slug)}`, car.updated_at || undefined);
  }
  return paths;
}
