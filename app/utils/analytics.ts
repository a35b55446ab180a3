/**
 * The analytics port in the browser (DESIGN.md section 4, docs/analytics.md): a numbered event of the
 * specifications (app/domain/analyticsEvents.ts) is stored for the dealer (a beacon to /api/events, the
 * default adapter, always on) and handed to the dealer's own tags where it has any
 * (app/utils/dealerTags.ts). Failures only warn (spec 000 section 8: analytics failure is a console warning).
 */
import type { AnalyticsEventId } from "~/domain/analyticsEvents";
import { toDealerTags } from "./dealerTags";

/**
 * Sends a numbered event from the browser: stored for the dealer (beacon to /api/events), and to the
 * dealer's tags under its id (`dealer_event_<id>`) with only the details they may see.
 */
export function sendAnalyticsEvent(eventId: AnalyticsEventId, payload: Record<string, string | number | boolean> = {}): void {
  toDealerTags({ type: "numbered", id: eventId, details: payload });
  try {
    const body = JSON.stringify({ event_id: eventId, path: window.location.pathname, payload });
    const sent =
      typeof navigator.sendBeacon === "function" && navigator.sendBeacon("/api/events", new Blob([body], { type: "application/json" }));
    if (!sent) {
      void fetch("/api/events", { method: "POST", body, headers: { "Content-Type": "application/json" }, keepalive: true }).catch((error) =>
        console.warn("Analytics event not sent", error),
      );
    }
  } catch (error) {
    console.warn("Analytics event not sent", error);
  }
}
