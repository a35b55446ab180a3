/**
 * This visit's pages and the link that started it, kept in the browser's sessionStorage under the site
 * slug (`<site>:visit`) for the lead's `lead_attributes` (spec 001 section 3): `visited_pages` in order
 * and `linked_query_params`, the query of the first page of the visit (utm tags and the like). A lead
 * form records the page it is on (and the page the shopper came from, when the visit does not end with
 * it); `useVisitTracker` records every page the same way when the layout calls it. The server reads what the form sends
 * (server/leads/formAction.ts) and, without JavaScript, the Referer and the form's own page instead.
 */
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { VISITED_PAGES_KEPT } from "~/domain/enquiryRules";
import { FRAMEWORK_PARAMS } from "~/domain/frameworkParams";

export interface Visit {
  pages: string[];
  /** The query of the link that brought the shopper ("utm_source=...&utm_campaign=..."). */
  linked: string;
}

const key = (siteSlug: string) => `${siteSlug}:visit`;

export function readVisit(siteSlug: string): Visit {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(key(siteSlug)) ?? "null") as Partial<Visit> | null;
    return {
      pages: Array.isArray(stored?.pages) ? stored.pages.filter((p): p is string => typeof p === "string") : [],
      linked: typeof stored?.linked === "string" ? stored.linked : "",
    };
  } catch {
    return { pages: [], linked: "" };
  }
}

/** Adds a page (path and query) of this site to the visit; the first page's query is the link's. */
export function recordVisitedPage(siteSlug: string, page: string): Visit {
  const visit = readVisit(siteSlug);
  if (!page.startsWith("/") || page.startsWith("//")) return visit;
  const first = visit.pages.length === 0;
  const pages = [...visit.pages.filter((p) => p !== page), page].slice(-VISITED_PAGES_KEPT);
  const query = new URLSearchParams(page.includes("?") ? page.slice(page.indexOf("?") + 1) : "");
  for (const name of FRAMEWORK_PARAMS) query.delete(name);
  const next = { pages, linked: first ? query.toString().slice(0, 2000) : visit.linked };
  try {
    window.sessionStorage.setItem(key(siteSlug), JSON.stringify(next));
  } catch {
    // Storage refused (private mode, full): the server still has the Referer and the form's page.
  }
  return next;
}

/** The page the shopper came from, when it is one of this site's. */
function sameSiteReferrer(): string | null {
  try {
    if (!document.referrer) return null;
    const from = new URL(document.referrer);
    return from.origin === window.location.origin ? `${from.pathname}${from.search}` : null;
  } catch {
    return null;
  }
}

/** The documents whose referrer has been looked at (once each: it stays the same through in-app moves). */
const referrerTaken = new WeakSet<object>();

/**
 * Records the page the shopper is on, and first, once per loaded document, the site's page they came from
 * when the visit does not end with it: at the start of a visit it holds the link's query, and later it is
 * a page the shopper left before its script had run (a page is interactive once its parts' code is here,
 * decision 37), which the visit would otherwise miss. Returns the visit so far.
 */
export function recordFormPage(siteSlug: string): Visit {
  const here = `${window.location.pathname}${window.location.search}`;
  if (!referrerTaken.has(document)) {
    referrerTaken.add(document);
    const from = sameSiteReferrer();
    const { pages } = readVisit(siteSlug);
    if (from && from !== here && pages[pages.length - 1] !== from) recordVisitedPage(siteSlug, from);
  }
  return recordVisitedPage(siteSlug, here);
}

/** Records every page of the visit as the shopper moves through the site (for the root layout). */
export function useVisitTracker(siteSlug: string | undefined): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (siteSlug) recordFormPage(siteSlug);
  }, [siteSlug, pathname, search]);
}
