import { isAnalyticsEventId } from "~/domain/analyticsEvents";
import { trackEvent } from "../analytics.server";
import { log } from "../log";
import type { DealerLoadContext } from "./loadContext";

/** A page served from the page cache asked for its views to be counted: count this one for its dealer. */
export function recordCachedPageView(request: Request, eventId: number, { platform, tenant }: Partial<DealerLoadContext>): void {
  if (!isAnalyticsEventId(eventId) || !platform || !tenant) return;
  const url = new URL(request.url);
  trackEvent(platform.db, tenant.slug, eventId, { path: url.pathname + url.search, payload: { cached: true } }).catch((error) =>
    log.warn("cached page view not counted", { error: String(error) }),
  );
}
