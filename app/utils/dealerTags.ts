/**
 * The dealer's own tags in the browser: one adapter of the analytics port (DESIGN.md section 4,
 * docs/analytics.md; the other, the stored events, is app/utils/analytics.ts and the server). Where
 * tenant.json `analytics` names a GTM container, a GA4 id or a Meta Pixel, numbered events, vehicle pages
 * seen, leads stored and page views go to them through app/utils/tagScripts.client.ts, a chunk fetched
 * only on such a dealer's pages, when the browser is idle after the page's own code has run. Events that
 * happen before it arrives wait for it; on a dealer without tags they are dropped and nothing is fetched.
 * This file is in every page's first load, so it is kept to the queue and the calls pages make.
 */
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import type { ReportedLead, TagEvent, TaggedCar } from "~/domain/analyticsPayloads";
import type { DealerTags } from "~/domain/dealerTags";

/** An event for the dealer's tags with the page it happened on (the tags report that page, cleaned). */
export interface PageEvent {
  event: TagEvent;
  href: string;
  title: string;
}

/** Events kept while the tags' code is on its way; a page that makes more than this drops the rest. */
const MOST_WAITING = 50;

/** Events before the tags start; null once it is known the dealer has none (nothing is kept then). */
let waiting: PageEvent[] | null = [];
/** The tags' own delivery, once their code is here. */
let deliver: ((item: PageEvent) => void) | null = null;
let started = false;

/** Hands an event to the dealer's tags (whose code catches and warns of its own failures), or keeps it until they start. */
export function toDealerTags(event: TagEvent): void {
  const item = { event, href: window.location.href, title: document.title };
  if (deliver) deliver(item);
  else if (waiting && waiting.length < MOST_WAITING) waiting.push(item);
}

/**
 * Starts the dealer's tags once per page load, when the browser is idle (two seconds at most) after the
 * page's own code; for a dealer without tags (null: the server sends only the ids set) it drops what
 * waited and fetches nothing.
 */
function startDealerTags(tags: DealerTags | null | undefined): void {
  if (started) return;
  started = true;
  if (!tags) {
    waiting = null;
    return;
  }
  const start = () =>
    import("./tagScripts.client")
      .then(({ startTags }) => {
        deliver = startTags(tags);
        for (const item of waiting ?? []) deliver(item);
        waiting = [];
      })
      .catch((error) => {
        waiting = null;
        console.warn("The dealer's analytics tags could not start", error);
      });
  if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 500);
}

/**
 * Mounted once, in the root: starts the dealer's tags after the page has hydrated and reports each page
 * the shopper opens in the site (the tags' own page-view tracking is off, so every page view carries a
 * cleaned address).
 */
export function useDealerTags(tags: DealerTags | null | undefined): void {
  const { key } = useLocation();
  useEffect(() => startDealerTags(tags), [tags]);
  useEffect(() => {
    if (tags) toDealerTags({ type: "page view", href: window.location.href, title: document.title });
  }, [tags, key]);
}

/** A vehicle page seen: GA4 view_item and Meta ViewContent on a dealer with tags (its view is stored by the server). */
export function reportVehicleView(car: TaggedCar): void {
  toDealerTags({ type: "vehicle view", car });
}

/**
 * A lead the server has stored, reported where the shopper's browser learns of it (the success page, a
 * journey's last page, the phone reveal's answer): GA4 generate_lead and Meta Lead. Each lead once per
 * browser tab, however often its page is reloaded (the tags' code remembers what it reported).
 */
export function reportLead(lead: ReportedLead | null | undefined): void {
  if (lead) toDealerTags({ type: "lead", lead });
}

/** reportLead for a page whose loader hands it the lead it stored (null where the dealer has no tags). */
export function useReportedLead(lead: ReportedLead | null | undefined): void {
  const id = lead?.id;
  useEffect(() => {
    reportLead(lead);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per lead: a revalidation bringing the same lead again is no news
  }, [id]);
}
