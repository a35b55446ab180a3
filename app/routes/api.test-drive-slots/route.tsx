/**
 * GET /api/test-drive-slots?location={slug}&date={YYYY-MM-DD}&days={1-14}: the free test-drive times of
 * one of this dealer's dealerships from a day (today when absent), for the booking page's picker.
 * Every parameter is checked; a bad one is a 400 (an unknown dealership a 404), never a 500. Kept by
 * caches for a few seconds only: the booking itself is what refuses a time taken meanwhile.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { SLUG_PATTERN } from "~/domain/slug";
import { TEST_DRIVE_DAYS_AHEAD } from "~/domain/testDriveSlots";
import { NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { bookableLocations, freeSlotDays, testDriveLocation } from "@server/testDrive/availability";

/** Free times change as shoppers book: a few seconds' reuse spares the server a burst of pickers. */
export const SLOT_AVAILABILITY_CACHE = "public, max-age=10";

const query = z.object({
  location: z.string().trim().max(100).regex(SLUG_PATTERN),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d))
    .optional(),
  days: z.coerce.number().int().min(1).max(TEST_DRIVE_DAYS_AHEAD).default(1),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const params = new URL(request.url).searchParams;
  const parsed = query.safeParse({
    location: params.get("location") ?? undefined,
    date: params.get("date") ?? undefined,
    days: params.get("days") ?? undefined,
  });
  if (!parsed.success) {
    return json(
      { error: "Please give a dealership (location), and optionally a date as YYYY-MM-DD and 1 to 14 days." },
      { status: 400, headers: { "Cache-Control": NO_STORE } },
    );
  }
  const location = bookableLocations(tenant).find((l) => l.slug === parsed.data.location);
  if (!location) return json({ error: "No such dealership." }, { status: 404, headers: { "Cache-Control": NO_STORE } });
  const days = await freeSlotDays(platform.db, tenant, location, new Date(), { from: parsed.data.date, days: parsed.data.days });
  return json({ location: testDriveLocation(tenant, location), days }, { headers: { "Cache-Control": SLOT_AVAILABILITY_CACHE } });
}
