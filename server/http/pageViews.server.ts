import { isAnalyticsEventId } from "~/domain/analyticsEvents";
import { trackEvent } from "../analytics.server";
import { log } from "../log";
import { requireSite } from "../site.server";

/** A page served from the page cache asked for its views to be counted: count this one. */
export function recordCachedPageView(request: Request, eventId: number): void {
  if (!isAnalyticsEventId(eventId)) return;
  const url = new URL(request.url);
  requireSite(request)
    .then(({ platform, tenant }) =>
      trackEvent(platform.db, tenant.slug, eventId, { path: url.pathname + url.search, payload: { cached: true } }),
    )
    .catch((error) => log.warn("cached page view not counted", { error: String(error) }));
}
