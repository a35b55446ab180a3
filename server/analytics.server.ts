/**
 * The analytics port's embedded default: events are stored per tenant and logged. It is always on; a
 * dealer's own tags (tenant.json `analytics`: GTM, GA4, Meta Pixel) hear of events in the shopper's
 * browser as well (app/utils/analytics.ts, docs/analytics.md). For those, the pages that learn a lead was
 * stored get its summary here (reportedLeadFor).
 *
 * Every page a shopper opens stores an event (server/http/pageViews.server.ts), so events are written
 * in groups: the first waits for nothing, and the events that arrive while a write is under way go
 * together in the next one. A busy site writes one statement per group instead of one per page, and a
 * quiet one stores each event at once.
 *
 * Page views (`trackPageView`: nobody waits for them) are gathered for a moment first (PAGE_VIEWS_GATHER_MS)
 * and go with the next write: one statement of many rows costs the embedded database about a tenth of a
 * row written alone, and a busy site counts a view for nearly every page it serves.
 */
import { ANALYTICS_EVENTS, type AnalyticsEventId } from "~/domain/analyticsEvents";
import { reportedLead, type ReportedLead } from "~/domain/analyticsPayloads";
import { hasDealerTags } from "~/domain/dealerTags";
import type { Queryable } from "./db/database";
import { recordAnalyticsEvents, type AnalyticsEventInput } from "./db/activity";
import { getLead, type StoredLead } from "./db/leads";
import { getVehicleById } from "./db/vehicles";
import type { TenantConfig } from "./tenants/schema";
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
  /** Page views waiting to go with the next write: resolves when that write has started. */
  gathering: Promise<void> | null;
}

/** How long page views wait for others to go with them. */
export const PAGE_VIEWS_GATHER_MS = 200;

const writerFor = oncePer((_db: Queryable): EventWriter => ({ waiting: [], writing: null, gathering: null }));

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

type EventDetails = { path?: string; payload?: Record<string, unknown> };

/** An event as it waits for its write, stamped now. */
const waitingEvent = (tenant: string, eventId: AnalyticsEventId, details: EventDetails, stored: () => void): Waiting => ({
  tenant,
  event: { event_id: eventId, name: ANALYTICS_EVENTS[eventId], at: new Date(), ...details },
  stored,
});

/** Stores an event; resolves once it is written (or its write failed and was logged), never rejects. */
export function trackEvent(db: Queryable, tenant: string, eventId: AnalyticsEventId, details: EventDetails = {}): Promise<void> {
  const writer = writerFor(db);
  return new Promise<void>((stored) => {
    writer.waiting.push(waitingEvent(tenant, eventId, details, stored));
    writer.writing ??= writeWaiting(db, writer);
  });
}

/**
 * Stores a page view: with the next event written, or within PAGE_VIEWS_GATHER_MS with the views that
 * came meanwhile. Never rejects; nobody waits for it (analyticsWritten does, at shutdown and in tests).
 */
export function trackPageView(db: Queryable, tenant: string, eventId: AnalyticsEventId, details: EventDetails = {}): void {
  const writer = writerFor(db);
  writer.waiting.push(waitingEvent(tenant, eventId, details, () => undefined));
  writer.gathering ??= new Promise<void>((started) =>
    setTimeout(() => {
      writer.gathering = null;
      if (writer.waiting.length) writer.writing ??= writeWaiting(db, writer);
      started();
    }, PAGE_VIEWS_GATHER_MS),
  );
}

/** Resolves when every event handed over so far is written (shutdown, tests). */
export async function analyticsWritten(db: Queryable): Promise<void> {
  const writer = writerFor(db);
  await writer.gathering;
  await writer.writing;
}

/** A lead's reference as the site makes them (a random UUID): anything else names no lead. */
export const LEAD_REFERENCE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * What the page that learns a lead was stored tells the dealer's own tags (GA4 generate_lead, Meta Lead):
 * the lead's category, subcategory and the car's id and price, never who sent it
 * (app/domain/analyticsPayloads.ts). Null where the dealer has no tags (its events are only stored),
 * where the reference names no lead of this dealer, or when it cannot be read (logged; the page is
 * shown all the same). Takes the lead's reference, or the lead when the page has read it already.
 */
export async function reportedLeadFor(
  db: Queryable,
  tenant: TenantConfig,
  leadOrReference: StoredLead | string | null | undefined,
): Promise<ReportedLead | null> {
  if (!leadOrReference || !hasDealerTags(tenant.analytics)) return null;
  try {
    let lead: StoredLead | null;
    if (typeof leadOrReference === "string")
      lead = LEAD_REFERENCE.test(leadOrReference) ? await getLead(db, tenant.slug, leadOrReference) : null;
    else lead = leadOrReference.tenant === tenant.slug ? leadOrReference : null;
    if (!lead) return null;
    const car = lead.car_id ? await getVehicleById(db, tenant.slug, lead.car_id) : null;
    return reportedLead(lead, car);
  } catch (error) {
    log.warn("lead not reported to the dealer's tags", { tenant: tenant.slug, error: String(error) });
    return null;
  }
}
