/**
 * The analytics port's embedded default: events are stored per tenant and logged. A dealer's own
 * dataLayer or pixel receives browser events directly in the page.
 */
import { ANALYTICS_EVENTS, type AnalyticsEventId } from "~/domain/analyticsEvents";
import type { Queryable } from "./db/database";
import { recordAnalyticsEvent } from "./db/activity";
import { log } from "./log";

export async function trackEvent(
  db: Queryable,
  tenant: string,
  eventId: AnalyticsEventId,
  details: { path?: string; payload?: Record<string, unknown> } = {},
): Promise<void> {
  try {
    await recordAnalyticsEvent(db, tenant, { event_id: eventId, name: ANALYTICS_EVENTS[eventId], ...details });
  } catch (error) {
    // Analytics never breaks a shopper's page.
    log.warn("analytics event not stored", { tenant, eventId, error: String(error) });
  }
}
