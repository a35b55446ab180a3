/**
 * The results page's server half, shared by /search/... and /used-car/... (the route files re-export
 * it): path and query -> SearchRequest -> the site's search -> what the page shows. Server only, so zod
 * and the whole Vehicle documents never reach the browser.
 */
import { data, redirect, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { MANUFACTURERS } from "~/domain/manufacturers";
import { insertPromoCards } from "~/domain/promoCards";
import { SORT_OPTIONS, VALUE_ATTRIBUTES, emptySearchRequest, type SearchResult, type ValueAttribute } from "~/domain/search";
import { collapseSoldRuns } from "~/domain/soldRuns";
import { searchDescription, searchTitle } from "~/domain/searchTitle";
import {
  buildSearchHref,
  canonicalSearchHref,
  hasFilters,
  mergeFilters,
  parseSearchQuery,
  resolveSearchPath,
  type SearchState,
  type SearchVocabulary,
} from "~/domain/searchUrl";
import { isAvailable } from "~/domain/vehicle";
import { trackPageView } from "@server/analytics.server";
import { PAGE_VIEW_HEADER } from "@server/http/pageCache";
import { perDealerCache } from "@server/http/perDealerCache";
import { carTag, SURROGATE_KEY_HEADERS, surrogateKeyHeaders } from "@server/http/surrogateKeys";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import { toVehicleCardData } from "~/domain/vehicleCard";
import { cardSiteOptions } from "@server/tenants/publicSite";
import { facetPanel, RANGE_SLIDERS, searchChips, searchPagination, type SearchPageData } from "~/domain/searchPage";
import { dealerFrom } from "@server/http/loadContext";
import { NO_STORE, PAGE_CACHE } from "@server/http/cachePolicy";
import { EVENT } from "~/domain/analyticsEvents";

const SEARCH_PREFIXES = ["/search", "/used-car"] as const;

/** What the dealer's stock holds right now, to read path slugs; refreshed every minute per dealer. */
const vocabularies = perDealerCache<SearchVocabulary>(60_000);

function loadVocabulary(platform: Platform, tenant: TenantConfig): Promise<SearchVocabulary> {
  // A failed lookup is not remembered: the next request tries again.
  return vocabularies.get(tenant.slug, () =>
    platform.search
      .search(tenant, emptySearchRequest({ perPage: 1, facets: ["make", "make_model", "body"] }))
      .then((result): SearchVocabulary => {
        const values = (attribute: ValueAttribute) => (result.facets[attribute] ?? []).map((f) => f.value);
        return {
          makes: values("make"),
          makeModels: values("make_model"),
          bodies: values("body"),
          dealerships: tenant.dealerships.map((d) => ({ slug: d.slug, name: d.name })),
          locations: tenant.locations.filter((l) => l.visible).map((l) => ({ slug: l.slug, name: l.name })),
          knownMakes: MANUFACTURERS.map((m) => ({ slug: m.slug, name: m.name })),
        };
      }),
  );
}

/**
 * The search a results page's path and query stand for, read as the loader reads them (the saved
 * searches' action reads a posted path again rather than trusting the browser): its state without sort
 * and page, and its canonical href. Null when the path is not one of this dealer's results pages.
 */
export async function searchForPath(
  platform: Platform,
  tenant: TenantConfig,
  pathAndQuery: string,
): Promise<{ state: SearchState; canonical: string } | null> {
  const url = new URL(pathAndQuery, "http://site.invalid");
  const prefix = tenant.paths.searchPrefix;
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return null;
  let segments: string[];
  try {
    segments = url.pathname.slice(prefix.length).split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  let { state } = parseSearchQuery(url.searchParams);
  const vocabulary = await loadVocabulary(platform, tenant).catch(() => undefined);
  if (segments.length) {
    const fromPath = vocabulary ? resolveSearchPath(segments, vocabulary) : null;
    if (!fromPath) return null;
    state = { ...state, filters: mergeFilters(fromPath, state.filters) };
  }
  state = { ...state, page: 1, sortBy: "relevance" };
  return { state, canonical: canonicalSearchHref(prefix, state, vocabulary) };
}

function notFound(): never {
  throw new Response("Not found", { status: 404, statusText: "Not Found" });
}

/** The facets this dealer shows: its configured list plus make, model and body, which the tiles need. */
function wantedFacets(tenant: TenantConfig): ValueAttribute[] {
  const known = new Set<string>(VALUE_ATTRIBUTES);
  return [...new Set<ValueAttribute>(["make", "model", "body", ...(tenant.search.facets.filter((f) => known.has(f)) as ValueAttribute[])])];
}

function historyFilters(state: SearchState): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  if (state.query) filters.query = [state.query];
  for (const [attribute, values] of Object.entries(state.filters)) if (values?.length) filters[attribute] = values;
  for (const [attribute, range] of Object.entries(state.ranges)) if (range) filters[attribute] = [`${range.min ?? ""}:${range.max ?? ""}`];
  return filters;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const url = new URL(request.url);
  const routePrefix = SEARCH_PREFIXES.find((p) => url.pathname === p || url.pathname.startsWith(`${p}/`)) ?? "/search";
  const prefix = tenant.paths.searchPrefix;
  if (routePrefix !== prefix) {
    // The '/used-car' dealer keeps old '/search' links working; other dealers have no '/used-car' pages.
    if (prefix === "/used-car" && routePrefix === "/search")
      throw redirect(`${prefix}${url.pathname.slice(routePrefix.length)}${url.search}`, 301);
    notFound();
  }

  const segments = (params["*"] ?? "").split("/").filter(Boolean);
  const { state: queryState, untidy } = parseSearchQuery(url.searchParams);
  const now = new Date();
  const site = cardSiteOptions(tenant, now);
  const base = { prefix, site, refreshHref: tenant.paths.refresh, dealerName: tenant.name, origin: url.origin };

  let vocabulary: SearchVocabulary | undefined;
  let state = queryState;
  try {
    vocabulary = await loadVocabulary(platform, tenant);
  } catch (error) {
    log.error("search vocabulary failed", { tenant: tenant.slug, error: String(error) });
  }
  if (segments.length) {
    if (!vocabulary) return errorPage(base, state);
    const fromPath = resolveSearchPath(segments, vocabulary);
    if (!fromPath) notFound();
    state = { ...state, filters: mergeFilters(fromPath, state.filters) };
  }
  if (untidy) throw redirect(buildSearchHref(prefix, state, { vocabulary, keepSort: true, keepPage: true }), 302);

  const searchRequest = emptySearchRequest({
    query: state.query,
    page: state.page,
    perPage: tenant.search.pageSize,
    sortBy: state.sortBy,
    filters: state.filters,
    ranges: state.ranges,
    facets: wantedFacets(tenant),
    stats: [...RANGE_SLIDERS],
  });

  let result: SearchResult;
  try {
    result = await platform.search.search(tenant, searchRequest, now);
    // A page past the end (an old link after cars sold) shows the last page rather than nothing.
    if (result.pages > 0 && state.page > result.pages) {
      state = { ...state, page: result.pages };
      result = await platform.search.search(tenant, { ...searchRequest, page: result.pages }, now);
    }
  } catch (error) {
    log.error("search failed", { tenant: tenant.slug, path: url.pathname, error: String(error) });
    return errorPage(base, state);
  }

  // No car matches: the ranges show the dealer's own stock's bounds (one more search, stats only).
  const siteStats =
    result.found === 0
      ? await platform.search
          .search(tenant, emptySearchRequest({ perPage: 1, stats: [...RANGE_SLIDERS] }), now)
          .then((all) => all.stats)
          .catch(() => ({}))
      : {};

  // Search page view (the search page view): recorded without holding up the page.
  trackPageView(platform.db, tenant.slug, EVENT.searchPageView, {
    path: url.pathname + url.search,
    payload: { found: result.found, query: state.query },
  });

  const cards = collapseSoldRuns(result.hits, (v) => !isAvailable(v)).map(toVehicleCardData);
  const items = insertPromoCards(cards, tenant.search.promoCards, {
    every: tenant.search.promoPosition,
    randomOffset: tenant.search.promoRandomOffset,
    now,
    searchedCarTypes: state.filters.car_type ?? [],
  });
  const chips = searchChips(prefix, state, vocabulary);
  const page: SearchPageData = {
    ...base,
    status: "ok",
    state,
    found: result.found,
    page: result.page,
    pages: result.pages,
    items,
    panel: facetPanel({ ...tenant.search, facets: wantedFacets(tenant) }, state, result, vocabulary, siteStats),
    chips,
    pagination: searchPagination(prefix, state, result.page, result.pages, vocabulary),
    sortOptions: SORT_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
    title: searchTitle(state.filters, tenant.name),
    description: searchDescription(state.filters, tenant.name, result.found),
    canonical: url.origin + canonicalSearchHref(prefix, state, vocabulary),
    history: hasFilters(state)
      ? { path: url.pathname + url.search, label: chips.map((c) => c.label).join(" · "), filters: historyFilters(state) }
      : null,
  };
  // A page cache in front may skip this loader: it counts those views (the search page view) from this header.
  // A CDN files the page under each car it shows (the pipeline adds the dealer), so a purge of one reaches it.
  return data(page, {
    headers: {
      "Cache-Control": PAGE_CACHE,
      [PAGE_VIEW_HEADER]: String(EVENT.searchPageView),
      ...surrogateKeyHeaders(cards.map((card) => carTag(card.id))),
    },
  });
}

type PageBase = Pick<SearchPageData, "prefix" | "site" | "refreshHref" | "dealerName" | "origin">;

/** The search service failed: the page says so (and keeps earlier results in the browser), never a crash. */
function errorPage(base: PageBase, state: SearchState) {
  const page: SearchPageData = {
    ...base,
    status: "error",
    state,
    found: 0,
    page: state.page,
    pages: 0,
    items: [],
    panel: { makes: { shown: [], more: [] }, models: [], bodies: [], facets: [], ranges: [], hidden: [] },
    chips: [],
    pagination: [],
    sortOptions: SORT_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
    title: searchTitle(state.filters, base.dealerName),
    description: "",
    canonical: base.origin + canonicalSearchHref(base.prefix, state),
    history: null,
  };
  return data(page, { status: 503, headers: { "Cache-Control": NO_STORE, "Retry-After": "30" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers: Record<string, string> = { "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE };
  for (const name of [PAGE_VIEW_HEADER, ...SURROGATE_KEY_HEADERS]) {
    const value = loaderHeaders.get(name);
    if (value) headers[name] = value;
  }
  return headers;
};
