/**
 * POST /api/watchlist/save-car and /api/watchlist/remove-car (spec 000 sections 4, 7, 8): a signed-in
 * shopper saves one of this dealer's cars to their watchlist, or takes it off. The phone is the
 * session's, never the form's (a `phone_number` that differs is refused). A sold car cannot be saved
 * unless it is already saved. Fetch callers get JSON; a plain form post (no JavaScript) is redirected
 * back to the page with the outcome in the URL (`?saved=`, `?removed=`, `?watchlist_error=`) so the
 * page can show the toast. Signed out, a plain post goes to sign-in and comes back through a GET on the
 * same address, which completes the save once the shopper is signed in.
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { EVENT } from "~/domain/analyticsEvents";
import { toInternationalMobile } from "~/domain/phone";
import { safeRedirectPath } from "~/domain/safeRedirect";
import { isAvailable, vehicleTitle, type Vehicle } from "~/domain/vehicle";
import { WATCHLIST_ERRORS, type WatchlistErrorCode } from "~/domain/watchlist";
import {
  REMOVE_CAR_PATH,
  SAVE_CAR_PATH,
  withoutWatchlistOutcome,
  withWatchlistOutcome,
  type WatchlistAddressKey,
} from "~/domain/watchlistAddress";
import { isSameOriginNavigation } from "../http/sameSite";
import { trackEvent } from "../analytics.server";
import { shopperFromRequest } from "../auth/session";
import { getVehicleById } from "../db/vehicles";
import { addToWatchlist, listWatchlist, removeFromWatchlist } from "../db/watchlist";
import { PRIVATE_NO_STORE } from "../http/cachePolicy";
import { dealerFrom, type DealerLoadContext } from "../http/loadContext";
import { log } from "../log";

export type WatchlistOperation = "save" | "remove";

const PATHS: Record<WatchlistOperation, string> = { save: SAVE_CAR_PATH, remove: REMOVE_CAR_PATH };

const watchlistSchema = z.object({
  // The shape of a stored car id: anything else is a 400 before the database sees it.
  car_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._~-]{1,100}$/),
  phone_number: z.string().trim().max(40).optional(),
  redirect: z.string().max(2048).optional(),
});

type Fields = z.infer<typeof watchlistSchema>;

const noStore = { "Cache-Control": PRIVATE_NO_STORE };

/**
 * A script's call (the page's fetcher) rather than a plain form post: it asks for JSON, or the browser
 * marks it as a fetch (`Sec-Fetch-Mode` other than `navigate`; a Remix fetcher sends `Accept: *\/*`).
 */
function wantsJson(request: Request): boolean {
  // The GET that finishes a sign-in is always a navigation: it ends on the page, never in JSON.
  if (request.method === "GET") return false;
  if ((request.headers.get("Accept") ?? "").includes("application/json")) return true;
  const mode = request.headers.get("Sec-Fetch-Mode");
  return mode !== null && mode !== "navigate";
}

function carName(vehicle: Vehicle): string {
  return vehicle.name || vehicleTitle(vehicle);
}

/** Where a plain form post returns to: the same-site `redirect` field, else the car's page; with the outcome, if any. */
function backTo(fields: Pick<Fields, "redirect">, vehicle: Vehicle | null, outcome?: [WatchlistAddressKey, string]): string {
  const fallback = vehicle ? `/cars/${vehicle.slug}` : "/";
  const url = new URL(safeRedirectPath(fields.redirect, fallback), "http://site.invalid");
  const page = url.pathname + url.search + url.hash;
  if (outcome) return withWatchlistOutcome(page, ...outcome);
  return url.pathname + withoutWatchlistOutcome(url.search) + url.hash;
}

function refuse(request: Request, fields: Partial<Fields>, vehicle: Vehicle | null, status: number, code: WatchlistErrorCode) {
  if (wantsJson(request)) return json({ success: false as const, error: WATCHLIST_ERRORS[code] }, { status, headers: noStore });
  return redirect(backTo(fields, vehicle, ["watchlist_error", code]), { headers: noStore });
}

/** The sign-in address for this save or remove: back through a GET on the same route, which finishes it. */
function watchlistSignInUrl(operation: WatchlistOperation, fields: Fields, vehicle: Vehicle): string {
  const back = backTo(fields, vehicle);
  const finish = `${PATHS[operation]}?${new URLSearchParams({ car_id: vehicle.id, redirect: back })}`;
  return `/sign-in?${new URLSearchParams({ type: "watchlist", redirect: finish, back })}`;
}

/** The form of a POST, or the query of the GET that finishes a save after sign-in. */
async function readFields(request: Request): Promise<Record<string, unknown>> {
  if (request.method === "GET") return Object.fromEntries(new URL(request.url).searchParams);
  const form = await request.formData().catch(() => null);
  return form ? Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) : {};
}

export async function handleWatchlistRequest(
  args: { request: Request; context?: Partial<DealerLoadContext> },
  operation: WatchlistOperation,
): Promise<Response> {
  const { request } = args;
  if (request.method !== "POST" && request.method !== "GET") return new Response(null, { status: 405 });
  const { platform, tenant } = dealerFrom(args.context);
  const raw = await readFields(request);
  const parsed = watchlistSchema.safeParse(raw);
  if (!parsed.success) {
    const redirectField = typeof raw.redirect === "string" ? raw.redirect : undefined;
    return refuse(request, { redirect: redirectField }, null, 400, "invalid");
  }
  const fields = parsed.data;
  const vehicle = await getVehicleById(platform.db, tenant.slug, fields.car_id);
  if (!vehicle) return refuse(request, fields, null, 404, "notFound");

  const shopper = await shopperFromRequest(platform, tenant, request);
  if (!shopper) {
    const signIn = watchlistSignInUrl(operation, fields, vehicle);
    if (wantsJson(request)) return json({ success: false as const, signIn }, { status: 401, headers: noStore });
    return redirect(signIn, { headers: noStore });
  }
  if (request.method === "GET" && !isSameOriginNavigation(request)) {
    return redirect(backTo(fields, vehicle), { headers: noStore });
  }
  if (fields.phone_number) {
    const given = toInternationalMobile(fields.phone_number) ?? fields.phone_number;
    if (given !== shopper.phone) return refuse(request, fields, vehicle, 403, "otherPhone");
  }

  try {
    if (operation === "save") {
      const saved = await listWatchlist(platform.db, tenant.slug, shopper.phone);
      const already = saved.includes(vehicle.id);
      if (!already && !isAvailable(vehicle)) return refuse(request, fields, vehicle, 409, "sold");
      if (!already) {
        await addToWatchlist(platform.db, tenant.slug, shopper.phone, vehicle.id);
        await trackEvent(platform.db, tenant.slug, EVENT.saveCar, {
          path: `/cars/${vehicle.slug}`,
          payload: { car_id: vehicle.id, kind: "watchlist" },
        });
      }
    } else {
      await removeFromWatchlist(platform.db, tenant.slug, shopper.phone, vehicle.id);
    }
  } catch (error) {
    log.error("watchlist not changed", { tenant: tenant.slug, car: vehicle.id, operation, error: String(error) });
    return refuse(request, fields, vehicle, 500, "failed");
  }

  const saved = operation === "save";
  if (wantsJson(request)) return json({ success: true as const, saved, carName: carName(vehicle) }, { headers: noStore });
  return redirect(backTo(fields, vehicle, saved ? ["saved", vehicle.id] : ["removed", vehicle.id]), { headers: noStore });
}
