/**
 * The dealer's own tags in the page (docs/analytics.md): fetched only on the pages of a dealer whose
 * tenant.json names a GTM container, a GA4 measurement id or a Meta Pixel, when the browser is idle after
 * the page's own code (app/utils/dealerTags.ts). It sets each tag up as its vendor's snippet would, adds
 * the tag's script (trusted by the page's 'strict-dynamic' policy because this code adds it, with the
 * page's nonce where a page rendered for one answer has one; decision 28),
 * and from then on hands each event to the tags the dealer has, as app/domain/analyticsPayloads.ts
 * builds it. A tag script that cannot load (a blocker, no connection) costs a console warning and
 * nothing else: the calls wait in the tag's queue as its snippet defines.
 */
import { reportedPageAddress, tagMessages, type TagEvent } from "~/domain/analyticsPayloads";
import { tagScripts, type DealerTags } from "~/domain/dealerTags";
import type { PageEvent } from "./dealerTags";

type Queue = ((...args: unknown[]) => void) & Record<string, unknown>;

interface TagWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: Queue;
  _fbq?: Queue;
}

/** The leads this tab has reported, so a reload of the page that stored one reports it no more. */
const REPORTED_LEADS_KEY = "dealer-tags:reported-leads";
const MOST_REMEMBERED_LEADS = 50;

function reportedLeads(): string[] {
  try {
    const list: unknown = JSON.parse(sessionStorage.getItem(REPORTED_LEADS_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** True the first time a lead is seen in this tab (and remembered); false after, or when storage is off and it was seen in this page. */
const seenThisPage = new Set<string>();
function firstReport(leadId: string): boolean {
  if (seenThisPage.has(leadId)) return false;
  seenThisPage.add(leadId);
  const reported = reportedLeads();
  if (reported.includes(leadId)) return false;
  try {
    sessionStorage.setItem(REPORTED_LEADS_KEY, JSON.stringify([...reported, leadId].slice(-MOST_REMEMBERED_LEADS)));
  } catch {
    // Storage full or off: this page still reports the lead once.
  }
  return true;
}

/** The nonce of this page's own scripts: browsers hide the attribute once parsed, but keep the property. */
function pageNonce(): string {
  const script = document.querySelector<HTMLScriptElement>("script[nonce]");
  return script?.nonce || script?.getAttribute("nonce") || "";
}

function addScript(src: string, nonce: string): void {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  if (nonce) script.nonce = nonce;
  script.onerror = () => console.warn("An analytics tag did not load", src);
  document.head.appendChild(script);
}

/** Sets up the dealer's tags and answers the function that hands them each event. */
export function startTags(tags: DealerTags): (item: PageEvent) => void {
  const w = window as unknown as TagWindow;
  const nonce = pageNonce();
  const scripts = tagScripts(tags);

  if (tags.gtmContainerId || tags.ga4MeasurementId) w.dataLayer = w.dataLayer ?? [];
  if (tags.gtmContainerId) w.dataLayer!.push({ "gtm.start": Date.now(), event: "gtm.js" });
  if (tags.ga4MeasurementId) {
    // gtag.js reads its commands from the dataLayer as `arguments` objects, as Google's snippet writes them.
    w.gtag =
      w.gtag ??
      function gtag() {
        // eslint-disable-next-line prefer-rest-params -- gtag.js wants the arguments object itself
        w.dataLayer!.push(arguments);
      };
    w.gtag("js", new Date());
    // Page views are sent by this file, with the address cleaned (analyticsPayloads.reportedPageAddress).
    w.gtag("config", tags.ga4MeasurementId, { send_page_view: false });
  }
  if (tags.metaPixelId && !w.fbq) {
    // Meta's base code: calls queue in fbq.queue until fbevents.js arrives and replays them.
    const fbq = function (...args: unknown[]) {
      if (typeof fbq.callMethod === "function") (fbq.callMethod as (...a: unknown[]) => void)(...args);
      else (fbq.queue as unknown[]).push(args);
    } as Queue;
    Object.assign(fbq, { push: fbq, loaded: true, version: "2.0", queue: [] });
    w.fbq = fbq;
    w._fbq = w._fbq ?? fbq;
    // Page views come from this file, with no address carrying personal details; and the pixel reads
    // nothing of the page by itself (automatic configuration sends button texts and page metadata).
    fbq.disablePushState = true;
    fbq("set", "autoConfig", false, tags.metaPixelId);
    fbq("init", tags.metaPixelId);
  }
  for (const { src } of scripts) addScript(src, nonce);

  let lastPage = "";
  let lastAddress = "";
  const send = (event: TagEvent, href: string) => {
    const messages = tagMessages(event, href);
    if (tags.gtmContainerId) for (const message of messages.dataLayer) w.dataLayer!.push(message);
    if (tags.ga4MeasurementId && w.gtag) {
      // Every GA4 event carries the page's cleaned address, not the browser's own.
      const { address } = reportedPageAddress(href);
      if (address && address !== lastAddress) {
        w.gtag("set", { page_location: address });
        lastAddress = address;
      }
      for (const { name, params } of messages.gtag) w.gtag("event", name, params);
    }
    if (tags.metaPixelId && w.fbq) for (const { method, name, params } of messages.meta) w.fbq(method, name, params);
  };

  return (item) => {
    try {
      if (item.event.type === "lead" && !firstReport(item.event.lead.id)) return;
      // A page's view goes before anything that happened on it (the page's own parts report before the root does).
      if (item.href !== lastPage) {
        lastPage = item.href;
        send({ type: "page view", href: item.href, title: item.title }, item.href);
      }
      if (item.event.type !== "page view") send(item.event, item.href);
    } catch (error) {
      console.warn("Analytics event not sent to the dealer's tags", error);
    }
  };
}
