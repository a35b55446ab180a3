import { isAnalyticsEventId } from "~/domain/analyticsEvents";
import { trackPageView } from "../analytics.server";
import type { DealerLoadContext } from "./loadContext";

/** A page served from the page cache asked for its views to be counted: count this one for its dealer, with the page's payload (the car of a vehicle page). */
export function recordCachedPageView(
  request: Request,
  eventId: number,
  { platform, tenant }: Partial<DealerLoadContext>,
  payload: Record<string, unknown> = {},
): void {
  if (!isAnalyticsEventId(eventId) || !platform || !tenant) return;
  const url = new URL(request.url);
  trackPageView(platform.db, tenant.slug, eventId, { path: url.pathname + url.search, payload: { ...payload, cached: true } });
}
