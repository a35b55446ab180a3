/**
 * Which of a dealer's locations take test-drive bookings, and the times each can offer: the location's
 * opening and special hours in the dealer's time zone (app/domain/testDriveSlots.ts) less the times
 * already booked. Used by the booking page, its action and GET /api/test-drive-slots.
 */
import {
  findSlot,
  testDriveSlots,
  timeZoneForState,
  TEST_DRIVE_DAYS_AHEAD,
  type Slot,
  type SlotDay,
  type SlotRequest,
} from "~/domain/testDriveSlots";
import type { Vehicle } from "~/domain/vehicle";
import type { Queryable } from "../db/database";
import type { DealerLocation, TenantConfig } from "../tenants/schema";
import { bookedStarts } from "./bookings";

/** What the booking form shows of a location. */
export interface TestDriveLocation {
  id: string;
  slug: string;
  name: string;
  city: string;
  timeZone: string;
}

/** The dealer's visible sales yards with opening hours (test drives start from a sales yard). */
export function bookableLocations(tenant: TenantConfig): DealerLocation[] {
  const visible = tenant.locations.filter((l) => l.visible);
  const sales = visible.filter((l) => (l.location_type === "sales" || l.location_type === "") && l.contact_detail.opening_hours.length);
  return sales.length ? sales : visible.filter((l) => l.contact_detail.opening_hours.length);
}

export function locationTimeZone(tenant: Pick<TenantConfig, "timeZone">, location: DealerLocation): string {
  return tenant.timeZone ?? timeZoneForState(location.address.state);
}

export function testDriveLocation(tenant: TenantConfig, location: DealerLocation): TestDriveLocation {
  return {
    id: location.id,
    slug: location.slug,
    name: location.name,
    city: location.address.city,
    timeZone: locationTimeZone(tenant, location),
  };
}

/** The location a booking starts at: the one asked for, else the car's, else the primary yard. */
export function chooseLocation(tenant: TenantConfig, asked: string | undefined, vehicle: Vehicle | null): DealerLocation | null {
  const locations = bookableLocations(tenant);
  return (
    (asked ? locations.find((l) => l.slug === asked || l.id === asked) : undefined) ??
    (vehicle ? locations.find((l) => l.id === vehicle.location_id) : undefined) ??
    locations.find((l) => l.primary) ??
    locations[0] ??
    null
  );
}

function slotRequest(tenant: TenantConfig, location: DealerLocation, now: Date): SlotRequest {
  return {
    hours: location.contact_detail.opening_hours,
    specialHours: location.special_hours,
    timeZone: locationTimeZone(tenant, location),
    now,
  };
}

/** The booking window's bounds in UTC, with a day's margin either side for the zone. */
function windowBounds(now: Date) {
  return { from: new Date(now.getTime() - 86_400_000), to: new Date(now.getTime() + (TEST_DRIVE_DAYS_AHEAD + 1) * 86_400_000) };
}

/** The free times at a location from a day (today when absent), for `days` days. */
export async function freeSlotDays(
  db: Queryable,
  tenant: TenantConfig,
  location: DealerLocation,
  now: Date,
  options: { from?: string; days?: number } = {},
): Promise<SlotDay[]> {
  const { from, to } = windowBounds(now);
  const booked = await bookedStarts(db, tenant.slug, location.id, from, to);
  return testDriveSlots({ ...slotRequest(tenant, location, now), booked, from: options.from, days: options.days });
}

/**
 * The time a form asked for, judged now: "free" (bookable), "taken" (a real time someone else has
 * booked) or "unavailable" (closed, too soon, past the window, not a time we offer).
 */
export async function judgeSlot(
  db: Queryable,
  tenant: TenantConfig,
  location: DealerLocation,
  value: string,
  now: Date,
): Promise<{ status: "free"; slot: Slot } | { status: "taken" | "unavailable" }> {
  const request = slotRequest(tenant, location, now);
  const offered = findSlot(request, value);
  if (!offered) return { status: "unavailable" };
  const { from, to } = windowBounds(now);
  const booked = await bookedStarts(db, tenant.slug, location.id, from, to);
  return booked.some((b) => b.getTime() === Date.parse(offered.start)) ? { status: "taken" } : { status: "free", slot: offered };
}
