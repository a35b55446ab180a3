import type { AnalyticsEventId } from "~/domain/analyticsEvents";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Sends an analytics event from the browser: to the dealer's dataLayer when present, and to the
 * platform's store. Failures only warn (spec: analytics failure is a console warning).
 */
export function sendAnalyticsEvent(eventId: AnalyticsEventId, payload: Record<string, string | number | boolean> = {}): void {
  try {
    window.dataLayer?.push({ event: `dealer_event_${eventId}`, ...payload });
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
