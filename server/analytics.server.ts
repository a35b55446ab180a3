/**
 * The analytics port's embedded default: events are stored per tenant and logged. A dealer's own
 * dataLayer or pixel receives browser events directly in the page.
 *
 * Every page a shopper opens stores an event (server/http/pageViews.server.ts), so events are written
 * in groups: the first waits for nothing, and the events that arrive while a write is under way go
 * together in the next one. A busy site writes one statement per group instead of one per page, and a
 * quiet one stores each event at once.
 */
import { ANALYTICS_EVENTS, type AnalyticsEventId } from "~/domain/analyticsEvents";
import type { Queryable } from "./db/database";
import { recordAnalyticsEvents, type AnalyticsEventInput } from "./db/activity";
import { log } from "./log";
import { oncePer } from "~/domain/oncePer";

/** The most events one statement stores; more wait for the next. */
export const MOST_EVENTS_PER_WRITE = 500;

interface Waiting {
  tenant: string;
  event: AnalyticsEventInput;
  stored: () => void;
}

interface EventWriter {
  waiting: Waiting[];
  writing: Promise<void> | null;
}

const writerFor = oncePer((_db: Queryable): EventWriter => ({ waiting: [], writing: null }));

async function writeWaiting(db: Queryable, writer: EventWriter): Promise<void> {
  while (writer.waiting.length > 0) {
    const group = writer.waiting.splice(0, MOST_EVENTS_PER_WRITE);
    try {
      await recordAnalyticsEvents(db, group);
    } catch (error) {
      // Analytics never breaks a shopper's page.
      log.warn("analytics events not stored", {
        events: group.length,
        tenants: [...new Set(group.map((e) => e.tenant))],
        error: String(error),
      });
    }
    for (const event of group) event.stored();
  }
  writer.writing = null;
}

/** Stores an event; resolves once it is written (or its write failed and was logged), never rejects. */
export function trackEvent(
  db: Queryable,
  tenant: string,
  eventId: AnalyticsEventId,
  details: { path?: string; payload?: Record<string, unknown> } = {},
): Promise<void> {
  const writer = writerFor(db);
  return new Promise<void>((stored) => {
    writer.waiting.push({ tenant, event: { event_id: eventId, name: ANALYTICS_EVENTS[eventId], at: new Date(), ...details }, stored });
    writer.writing ??= writeWaiting(db, writer);
  });
}

/** Resolves when every event handed over so far is written (shutdown, tests). */
export async function analyticsWritten(db: Queryable): Promise<void> {
  await writerFor(db).writing;
}
