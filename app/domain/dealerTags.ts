/**
 * A dealer's own analytics tags (tenant.json `analytics`, docs/analytics.md): a Google Tag Manager
 * container, a Google Analytics 4 measurement id and a Meta Pixel, each optional. With none, as by
 * default, the dealer's events are only stored (server/analytics.server.ts). This module holds the id
 * shapes (the tenant schema checks them), the script each tag loads, and the hosts each tag needs in the
 * page's Content-Security-Policy (server/http/requestGuards.ts), so the page never allows a host its
 * dealer has not configured.
 */

/** "GTM-" and the container's letters and digits (Tag Manager shows it as GTM-XXXXXXX). */
export const GTM_CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;
/** "G-" and the measurement id's letters and digits (a GA4 web stream's id, G-XXXXXXXXXX). */
export const GA4_MEASUREMENT_ID = /^G-[A-Z0-9]{4,16}$/;
/** A Meta Pixel (dataset) id: digits only, 15 or 16 of them today. */
export const META_PIXEL_ID = /^[0-9]{8,20}$/;

export interface DealerTags {
  gtmContainerId?: string;
  ga4MeasurementId?: string;
  metaPixelId?: string;
}

/** True when the dealer has at least one tag: only then does the page load the tag code or allow a tag host. */
export function hasDealerTags(tags: DealerTags | null | undefined): tags is DealerTags {
  return Boolean(tags && (tags.gtmContainerId || tags.ga4MeasurementId || tags.metaPixelId));
}

/** Where Google's tags (gtm.js, gtag.js) come from. */
export const GOOGLE_TAG_ORIGIN = "https://www.googletagmanager.com";
/** Where the Meta Pixel's library (fbevents.js) comes from. */
export const META_PIXEL_SCRIPT_ORIGIN = "https://connect.facebook.net";

/** The scripts a dealer's tags load, in the order they are added to the page. */
export function tagScripts(tags: DealerTags): { tag: "gtm" | "ga4" | "meta"; src: string }[] {
  const scripts: { tag: "gtm" | "ga4" | "meta"; src: string }[] = [];
  if (tags.gtmContainerId) scripts.push({ tag: "gtm", src: `${GOOGLE_TAG_ORIGIN}/gtm.js?id=${encodeURIComponent(tags.gtmContainerId)}` });
  if (tags.ga4MeasurementId)
    scripts.push({ tag: "ga4", src: `${GOOGLE_TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(tags.ga4MeasurementId)}` });
  if (tags.metaPixelId) scripts.push({ tag: "meta", src: `${META_PIXEL_SCRIPT_ORIGIN}/en_US/fbevents.js` });
  return scripts;
}

/** Hosts a page's policy adds for its dealer's tags, by directive. */
export interface TagSources {
  script: string[];
  connect: string[];
  img: string[];
}

/**
 * Google's list for Tag Manager and GA4 (developers.google.com/tag-platform/security/guides/csp): the
 * scripts from www.googletagmanager.com; hits to *.google-analytics.com and *.analytics.google.com (by
 * fetch, beacon or image). A GTM container is given the GA4 hosts too: its GA4 tag is the usual one.
 */
const GOOGLE_SOURCES: TagSources = {
  script: [GOOGLE_TAG_ORIGIN],
  connect: [GOOGLE_TAG_ORIGIN, "https://*.google-analytics.com", "https://*.analytics.google.com"],
  img: [GOOGLE_TAG_ORIGIN, "https://*.google-analytics.com"],
};

/** The Meta Pixel: fbevents.js and its pixel's configuration from connect.facebook.net; events to www.facebook.com/tr. */
const META_SOURCES: TagSources = {
  script: [META_PIXEL_SCRIPT_ORIGIN],
  connect: ["https://www.facebook.com"],
  img: ["https://www.facebook.com"],
};

/** The hosts this dealer's tags need, without repeats; nothing for a dealer without tags. */
export function tagSources(tags: DealerTags | null | undefined): TagSources {
  const sources: TagSources = { script: [], connect: [], img: [] };
  if (!tags) return sources;
  const add = (from: TagSources) => {
    for (const key of ["script", "connect", "img"] as const)
      for (const host of from[key]) if (!sources[key].includes(host)) sources[key].push(host);
  };
  if (tags.gtmContainerId || tags.ga4MeasurementId) add(GOOGLE_SOURCES);
  if (tags.metaPixelId) add(META_SOURCES);
  return sources;
}
