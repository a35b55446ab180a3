/**
 * Booked test-drive times (table test_drive_bookings). A time is claimed by inserting its row: the
 * unique key on dealer, location and start refuses the second of two shoppers asking for the same
 * time, however close together they arrive, on PGlite and PostgreSQL alike.
 */
import type { Queryable } from "../db/database";
import { newId } from "../db/ids";

/** The UTC starts already booked at a location between two moments. */
export async function bookedStarts(db: Queryable, tenant: string, locationId: string, from: Date, to: Date): Promise<Date[]> {
  const rows = await db.query<{ slot_start: Date | string }>(
    "SELECT slot_start FROM test_drive_bookings WHERE tenant = $1 AND location_id = $2 AND slot_start >= $3 AND slot_start < $4",
    [tenant, locationId, from, to],
  );
  return rows.map((r) => new Date(r.slot_start));
}

/** True for the database's refusal of a second row with the same unique key. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === "23505" || /duplicate key value|unique constraint/i.test(String(e?.message ?? ""));
}

/** Claims a time for a shopper: the booking's id, or null when someone else has it. */
export async function claimSlot(
  db: Queryable,
  booking: { tenant: string; locationId: string; start: Date; carId: string | null },
): Promise<string | null> {
  const id = newId();
  try {
    const rows = await db.query<{ id: string }>(
      `INSERT INTO test_drive_bookings (id, tenant, location_id, slot_start, car_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (tenant, location_id, slot_start) DO NOTHING RETURNING id`,
      [id, booking.tenant, booking.locationId, booking.start, booking.carId],
    );
    return rows[0]?.id ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The lead a booking became. */
export async function attachLead(db: Queryable, tenant: string, bookingId: string, leadId: string): Promise<void> {
  await db.query("UPDATE test_drive_bookings SET lead_id = $3 WHERE tenant = $1 AND id = $2", [tenant, bookingId, leadId]);
}

/** Gives a time back (its lead could not be stored). */
export async function releaseSlot(db: Queryable, tenant: string, bookingId: string): Promise<void> {
  await db.query("DELETE FROM test_drive_bookings WHERE tenant = $1 AND id = $2", [tenant, bookingId]);
}
