/**
 * Reservations of a car (table reservations) and what a reservation does once it stands: a deposit
 * paid through Stripe (its webhook, or the shopper's return checked with Stripe) or a request confirmed
 * by the embedded default marks the car reserved in the database, brings the search index up to date
 * at once (platform.stockChanged), so results show the 'Reserved' tag and the reserve buttons go, and
 * files the dealer's 'Reserve' lead. A cancelled or expired payment leaves the car available.
 *
 * Every step is safe to repeat: the status moves from pending once (a guarded UPDATE), the car is
 * marked only while it is available and not reserved, and the lead is filed until the row has one.
 */
import { randomBytes } from "node:crypto";
import { leadEventId } from "~/domain/leadEvents";
import { formatMoney } from "~/domain/money";
import { trackEvent } from "../analytics.server";
import type { Database, Queryable } from "../db/database";
import { iso } from "../db/ids";
import { getVehicleById } from "../db/vehicles";
import { carLine } from "../leads/enquiryPages";
import { enquiryLeadFor } from "../leads/formLeads";
import { submitLead, type LeadPlatform } from "../leads/submit";
import { log } from "../log";
import type { TenantConfig } from "../tenants/schema";

/**
 * pending: waiting for the payment; paid: deposit paid, car held; confirmed: request recorded without
 * payment (embedded), car held; cancelled: payment given up or expired; paid-unheld: paid, but the car
 * had been sold or reserved meanwhile (the lead asks the dealer to refund or offer another car);
 * refused: a request for a car that was no longer available.
 */
export type ReservationStatus = "pending" | "paid" | "confirmed" | "cancelled" | "paid-unheld" | "refused";

export interface ReservationContact {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
  message: string;
  opt_in: boolean;
  /** The page the shopper reserved from. */
  source_path: string;
  /** The lead's extras as every lead form sends them (this visit's pages, the link's query, ticked services). */
  lead_attributes?: unknown;
  additional_services?: string[];
}

export interface Reservation {
  id: string;
  tenant: string;
  carId: string;
  provider: string;
  status: ReservationStatus;
  depositCents: number;
  checkoutSessionId: string | null;
  contact: ReservationContact;
  leadId: string | null;
  createdAt: string;
}

type Row = {
  id: string;
  tenant: string;
  car_id: string;
  provider: string;
  status: string;
  deposit_cents: number;
  checkout_session_id: string | null;
  contact: unknown;
  lead_id: string | null;
  created_at: unknown;
};

function fromRow(r: Row): Reservation {
  return {
    id: r.id,
    tenant: r.tenant,
    carId: r.car_id,
    provider: r.provider,
    status: r.status as ReservationStatus,
    depositCents: Number(r.deposit_cents),
    checkoutSessionId: r.checkout_session_id,
    contact: (typeof r.contact === "string" ? JSON.parse(r.contact) : r.contact) as ReservationContact,
    leadId: r.lead_id,
    createdAt: iso(r.created_at),
  };
}

/** An id nobody can guess (it is the key to the reservation's page). */
export function newReservationId(): string {
  return randomBytes(18).toString("base64url");
}

/** The shape of a reservation id in a URL (anything else is not looked up). */
export const RESERVATION_ID = /^[A-Za-z0-9_-]{24}$/;

export async function createReservation(
  db: Queryable,
  input: { tenant: string; carId: string; provider: string; depositCents: number; contact: ReservationContact },
): Promise<Reservation> {
  const rows = await db.query<Row>(
    `INSERT INTO reservations (id, tenant, car_id, provider, status, deposit_cents, contact)
     VALUES ($1, $2, $3, $4, 'pending', $5, $6::jsonb) RETURNING *`,
    [newReservationId(), input.tenant, input.carId, input.provider, input.depositCents, JSON.stringify(input.contact)],
  );
  return fromRow(rows[0]);
}

export async function getReservation(db: Queryable, tenant: string, id: string): Promise<Reservation | null> {
  if (!RESERVATION_ID.test(id)) return null;
  const rows = await db.query<Row>("SELECT * FROM reservations WHERE tenant = $1 AND id = $2", [tenant, id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** A reservation by its id alone (a provider's webhook names it; the row says which dealer). */
export async function getReservationById(db: Queryable, id: string): Promise<Reservation | null> {
  if (!RESERVATION_ID.test(id)) return null;
  const rows = await db.query<Row>("SELECT * FROM reservations WHERE id = $1", [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function setCheckoutSession(db: Queryable, tenant: string, id: string, sessionId: string): Promise<void> {
  await db.query("UPDATE reservations SET checkout_session_id = $3, updated_at = now() WHERE tenant = $1 AND id = $2", [
    tenant,
    id,
    sessionId,
  ]);
}

/** A shopper may hold a car only while it is available and nobody else holds it. */
export async function markCarReserved(db: Queryable, tenant: string, carId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE vehicles SET data = jsonb_set(data, '{reserved}', 'true'::jsonb), updated_at = now()
      WHERE tenant = $1 AND id = $2 AND status IN ('in_stock', 'coming_soon')
        AND COALESCE((data->>'reserved')::boolean, false) = false
      RETURNING id`,
    [tenant, carId],
  );
  return rows.length > 0;
}

/** Payment given up or expired: the car stays available. True when the reservation was still waiting. */
export async function cancelReservation(db: Queryable, tenant: string, id: string): Promise<boolean> {
  const rows = await db.query(
    "UPDATE reservations SET status = 'cancelled', updated_at = now() WHERE tenant = $1 AND id = $2 AND status = 'pending' RETURNING id",
    [tenant, id],
  );
  return rows.length > 0;
}

/** A provider's event is acted on once: false when it had been recorded before. */
export async function recordNoticeOnce(db: Queryable, provider: string, eventId: string, type: string): Promise<boolean> {
  const rows = await db.query(
    "INSERT INTO payment_events (provider, event_id, type) VALUES ($1, $2, $3) ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id",
    [provider, eventId, type],
  );
  return rows.length > 0;
}

export async function noticeSeen(db: Queryable, provider: string, eventId: string): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM payment_events WHERE provider = $1 AND event_id = $2", [provider, eventId]);
  return rows.length > 0;
}

/** What completing a reservation needs of the platform (the whole Platform fits). */
export interface ReservationPlatform extends LeadPlatform {
  db: Database;
  stockChanged?: (tenant: string, ids: string[]) => Promise<void>;
}

/**
 * A reservation stands: 'paid' (the provider says the deposit is paid) or 'confirmed' (recorded without
 * payment). Holds the car if it still can, updates the search index, and files the lead. Safe to call
 * again for the same reservation (a replayed webhook, a return after the webhook): nothing is done twice.
 */
export async function completeReservation(
  platform: ReservationPlatform,
  tenant: TenantConfig,
  reservationId: string,
  outcome: "paid" | "confirmed",
): Promise<Reservation | null> {
  const { db } = platform;
  // A late payment of a session the shopper had left (cancelled) still counts: the money was taken.
  const from = outcome === "paid" ? ["pending", "cancelled"] : ["pending"];
  const moved = await db.transaction(async (tx) => {
    const rows = await tx.query<Row>("SELECT * FROM reservations WHERE tenant = $1 AND id = $2 FOR UPDATE", [tenant.slug, reservationId]);
    const current = rows[0] ? fromRow(rows[0]) : null;
    if (!current || !from.includes(current.status)) return { reservation: current, held: false, changed: false };
    const held = await markCarReserved(tx, tenant.slug, current.carId);
    const status: ReservationStatus = held ? outcome : outcome === "paid" ? "paid-unheld" : "refused";
    const updated = await tx.query<Row>(
      "UPDATE reservations SET status = $3, updated_at = now() WHERE tenant = $1 AND id = $2 RETURNING *",
      [tenant.slug, reservationId, status],
    );
    return { reservation: fromRow(updated[0]), held, changed: true };
  });
  const reservation = moved.reservation;
  if (!reservation) return null;
  if (moved.held) {
    try {
      await platform.stockChanged?.(tenant.slug, [reservation.carId]);
    } catch (error) {
      // The index catches up at its next poll; the reservation stands.
      log.error("search index not updated after a reservation", { tenant: tenant.slug, car: reservation.carId, error: String(error) });
    }
  }
  if (["paid", "confirmed", "paid-unheld"].includes(reservation.status) && !reservation.leadId) {
    return fileReservationLead(platform, tenant, reservation);
  }
  return reservation;
}

/** The dealer's 'Reserve' lead for a reservation that stands; throws when it cannot be stored (retried later). */
async function fileReservationLead(platform: ReservationPlatform, tenant: TenantConfig, reservation: Reservation): Promise<Reservation> {
  const vehicle = await getVehicleById(platform.db, tenant.slug, reservation.carId);
  const deposit = formatMoney(reservation.depositCents / 100);
  const how =
    reservation.status === "paid"
      ? [`Deposit of ${deposit} paid online (${reservation.provider}); the car is marked reserved.`]
      : reservation.status === "paid-unheld"
        ? [
            `Deposit of ${deposit} paid online (${reservation.provider}), but the car had already been sold or reserved: please refund or offer another car.`,
          ]
        : [
            `Reservation request: no money has been taken. Please call to arrange the ${deposit} deposit; the car is marked reserved meanwhile.`,
          ];
  const c = reservation.contact;
  const lead = enquiryLeadFor(
    "reserve",
    tenant,
    vehicle,
    {
      first_name: c.first_name,
      last_name: c.last_name,
      email: c.email,
      phone: c.phone,
      postcode: c.postcode,
      message: c.message,
      prefilled: "",
      opt_in: c.opt_in,
    },
    c.source_path,
    [...carLine(vehicle), ...how],
  );
  lead.car_id = reservation.carId;
  lead.payload = {
    ...lead.payload,
    ...(c.lead_attributes ? { lead_attributes: c.lead_attributes } : {}),
    ...(c.additional_services ? { additional_services: c.additional_services } : {}),
    reservation_id: reservation.id,
    reservation_status: reservation.status,
    payment_provider: reservation.provider,
    deposit_cents: reservation.depositCents,
    ...(reservation.checkoutSessionId ? { checkout_session_id: reservation.checkoutSessionId } : {}),
  };
  const { lead: stored, duplicate } = await submitLead(platform, tenant, lead);
  await platform.db.query("UPDATE reservations SET lead_id = $3, updated_at = now() WHERE tenant = $1 AND id = $2 AND lead_id IS NULL", [
    tenant.slug,
    reservation.id,
    stored.id,
  ]);
  if (!duplicate) {
    await trackEvent(platform.db, tenant.slug, leadEventId("enquiry", vehicle), {
      path: c.source_path,
      payload: { form: "reserve", car_id: reservation.carId, reservation_id: reservation.id },
    });
  }
  return { ...reservation, leadId: stored.id };
}
