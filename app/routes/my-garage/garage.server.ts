/**
 * The shopper's garage (spec 001 section 2, gated routes: type my-garage): the cars they saved to their
 * watchlist with each car's price and status now, and a Remove button per car. Personal, so it always
 * asks for a signed-in shopper, whatever the dealer's gating; a dealer with the garage off answers 404.
 * Saved cars are read by id from the dealer's stock (the search index has no by-id lookup): a sold car
 * shows as JUST SOLD, a car gone from the website as no longer available; both stay removable.
 *
 * The garage answers on the dealer's own garage path (tenant `paths.watchlist`, one of the spec's
 * /my-garage, /mymotorama, /mybigboxcars, /myblinkr, /myservco: remix.config.js maps each to this route);
 * the others move permanently to it, so an old or another brand's link still finds the shopper's cars.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { isAvailable, vehicleTitle, type Vehicle } from "~/domain/vehicle";
import { toVehicleCardData } from "~/domain/vehicleCard";
import { requireShopper } from "@server/auth/session";
import { getVehicleById } from "@server/db/vehicles";
import { listWatchlist, removeFromWatchlist } from "@server/db/watchlist";
import { PRIVATE_NO_STORE, PUBLIC_FIVE_MINUTES } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { readFormBody } from "@server/leads/formAction";
import { cardSiteOptions } from "@server/tenants/publicSite";
import type { SavedCar, SavedSearchView } from "./garageView";
import { formatPhone } from "~/domain/phone";
import { isSavedSearchErrorCode, SAVED_SEARCH_MESSAGES, searchInWords, watchlistAlertRoute } from "~/domain/savedSearch";
import { consentAddress, hasConsent } from "@server/db/alertConsents";
import { listSavedSearches, type SavedSearch } from "@server/db/savedSearches";
import type { Platform } from "@server/platform.server";
import { GARAGE_OUTCOME_KEY, GARAGE_OUTCOMES } from "../saved-searches/savedSearches.server";
import { withoutFrameworkParams } from "~/domain/frameworkParams";

const headers = { "Cache-Control": PRIVATE_NO_STORE };

/** A saved car as the garage shows it: on sale, sold (JUST SOLD), or gone from the dealer's website. */
export function savedCar(id: string, vehicle: Vehicle | null): SavedCar {
  if (!vehicle || vehicle.show_on_dealer_website === false)
    return { id, state: "gone", title: vehicle ? carName(vehicle) : "", card: null };
  return { id, state: isAvailable(vehicle) ? "available" : "sold", title: carName(vehicle), card: toVehicleCardData(vehicle) };
}

function carName(vehicle: Vehicle): string {
  return vehicle.name?.trim() || vehicleTitle(vehicle);
}

function garageDealer(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const dealer = dealerFrom(args.context);
  if (!dealer.tenant.features.garage) throw new Response("Not found", { status: 404, headers });
  return dealer;
}

/** Whether the request is on the dealer's garage path (case and a trailing slash aside). */
function onGaragePath(request: Request, garagePath: string): boolean {
  const path = new URL(request.url).pathname.replace(/\/+$/, "").toLowerCase();
  return path === garagePath;
}

/**
 * Another of the spec's garage paths: 301 to the dealer's own, with the query kept (never the
 * framework's own, such as single fetch's `_routes`). Kept by caches for a few minutes only, so a dealer
 * who changes their path is not stuck with browsers sending shoppers round in a circle.
 */
function toDealersGarage(request: Request, garagePath: string): Response {
  const url = withoutFrameworkParams(new URL(request.url));
  return redirect(garagePath + url.search, { status: 301, headers: { "Cache-Control": PUBLIC_FIVE_MINUTES } });
}

function savedSearchView(search: SavedSearch, phone: string): SavedSearchView {
  return {
    id: search.id,
    name: search.name,
    path: search.searchPath,
    words: searchInWords(search.search),
    channel: search.channel,
    address: search.channel === "sms" ? formatPhone(phone) : search.email,
    email: search.email,
    paused: search.paused,
  };
}

/** Whether price drops and sales of saved cars reach the shopper, and how (the alerts' contract: see watchlistAlertRoute). */
async function carAlertsTo(platform: Platform, tenant: string, phone: string, searches: SavedSearch[]) {
  const consented = new Map<string, boolean>();
  for (const search of searches) {
    if (search.paused) continue;
    const address = consentAddress(search.channel, search.channel === "sms" ? phone : search.email);
    const key = `${search.channel}:${address}`;
    if (!consented.has(key)) consented.set(key, await hasConsent(platform.db, tenant, search.channel, address));
  }
  const route = watchlistAlertRoute(searches, phone, (r) => consented.get(`${r.channel}:${r.address}`) === true);
  return route ? { channel: route.channel, address: route.channel === "sms" ? formatPhone(route.address) : route.address } : null;
}

/** What the garage's address says after a saved-search change made without JavaScript. */
function searchNotice(url: URL): { tone: "success" | "error"; text: string } | null {
  const done = url.searchParams.get(GARAGE_OUTCOME_KEY);
  const words: Record<(typeof GARAGE_OUTCOMES)[number], string> = {
    renamed: "Search renamed.",
    channel: "Alerts for this search will go to the new address.",
    paused: "Search paused: no alerts for it until you resume it.",
    resumed: "Search resumed: we'll let you know when a match arrives.",
    deleted: "Search deleted.",
  };
  if (done && (GARAGE_OUTCOMES as readonly string[]).includes(done))
    return { tone: "success", text: words[done as (typeof GARAGE_OUTCOMES)[number]] };
  const error = url.searchParams.get("search_error");
  return isSavedSearchErrorCode(error) ? { tone: "error", text: SAVED_SEARCH_MESSAGES[error] } : null;
}

export async function garageLoader(args: LoaderFunctionArgs) {
  const { platform, tenant } = garageDealer(args);
  if (!onGaragePath(args.request, tenant.paths.watchlist)) throw toDealersGarage(args.request, tenant.paths.watchlist);
  const shopper = await requireShopper(args, "my-garage");
  const [ids, searches] = await Promise.all([
    listWatchlist(platform.db, tenant.slug, shopper.phone),
    listSavedSearches(platform.db, tenant.slug, shopper.phone),
  ]);
  // After a Remove (?removed=<id>): 'Car Removed', named from the dealer's stock (never from the URL).
  const removedId = new URL(args.request.url).searchParams.get("removed");
  const [vehicles, removedCar, carAlerts] = await Promise.all([
    Promise.all(ids.map((id) => getVehicleById(platform.db, tenant.slug, id))),
    removedId && !ids.includes(removedId) ? getVehicleById(platform.db, tenant.slug, removedId) : null,
    carAlertsTo(platform, tenant.slug, shopper.phone, searches),
  ]);
  return data(
    {
      cars: ids.map((id, i) => savedCar(id, vehicles[i])),
      removed: removedId && !ids.includes(removedId) ? { name: removedCar ? carName(removedCar) : "This car" } : null,
      site: cardSiteOptions(tenant),
      searchPath: tenant.paths.searchPrefix,
      garagePath: tenant.paths.watchlist,
      shopperName: shopper.first_name,
      savedSearches: searches.map((search) => savedSearchView(search, shopper.phone)),
      carAlerts,
      searchNotice: searchNotice(new URL(args.request.url)),
      dealerName: tenant.name,
      shopperMobile: formatPhone(shopper.phone),
    },
    { headers },
  );
}

/** Remove: a plain form post (works without JavaScript), then back to the garage saying which car went. */
export async function garageAction(args: ActionFunctionArgs) {
  const { platform, tenant } = garageDealer(args);
  // Remove is posted to the dealer's garage only: elsewhere there is no garage to come back to.
  if (!onGaragePath(args.request, tenant.paths.watchlist)) throw new Response("Not found", { status: 404, headers });
  const shopper = await requireShopper(args, "my-garage");
  const form = await readFormBody(args.request);
  const carId = form?.get("car_id");
  if (form?.get("intent") !== "remove" || typeof carId !== "string" || !carId.trim() || carId.length > 200) {
    return data({ error: "Choose a car to remove." }, { status: 400, headers });
  }
  await removeFromWatchlist(platform.db, tenant.slug, shopper.phone, carId);
  return redirect(`${tenant.paths.watchlist}?${new URLSearchParams({ removed: carId }).toString()}`, { headers });
}
