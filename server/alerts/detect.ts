/**
 * Alerts found when a dealer's stock changes (issue 27, docs/alerts.md): run in the background by the
 * process where the change happened (platform.stockChanged), after the search index has caught up.
 *
 * In one transaction, with the changed cars' alert_car_state rows locked (so two processes never both
 * decide the same change), each car is compared with what the alerts last saw of it:
 * - seen for the first time and available: a 'new-arrival' for each live (not paused) saved search of the
 *   dealer it matches (server/alerts/match.ts: the results page's cars) that was saved before the car was
 *   first seen; a shopper whose several searches match gets one alert, named after the oldest search;
 * - available at a lower price than before (the price the site shows): a 'price-drop' for each shopper
 *   with the car on their watchlist;
 * - available before, sold now: a 'sold' for each watcher, with up to three similar available cars by the
 *   vehicle page's rule (app/domain/similarCars.ts, through the search service as the page asks it).
 * Then the states are updated and the alerts stored, pending, once per shopper, car and kind
 * (server/db/shopperAlerts.ts): the same change found again, after a restart or by another instance,
 * stores nothing. The alert worker (alerts-send) sends them.
 *
 * On Typesense a keyword search's matches are confirmed by asking the engine for the search's cars
 * (its keyword match depends on the collection); on the embedded engine the matcher decides alone.
 */
import { advertisedPrice, sellingPrice } from "~/domain/priceDisplay";
import { mergeSimilarCars, similarCarsRequests } from "~/domain/similarCars";
import { AVAILABLE_STATUSES, isAvailable, vehicleTitle, type Vehicle } from "~/domain/vehicle";
import { toVehicleCardData } from "~/domain/vehicleCard";
import type { Database, Queryable } from "../db/database";
import {
  carsNotLookedAt,
  insertAlerts,
  insertCarStates,
  liveSavedSearches,
  lockCarStates,
  updateCarStates,
  watchersOf,
  type CarStateInput,
  type FoundAlert,
  type LiveSavedSearch,
} from "../db/shopperAlerts";
import { getVehiclesByIds, listVehicles } from "../db/vehicles";
import { log } from "../log";
import type { SearchService } from "../search/service";
import type { TenantConfig } from "../tenants/schema";
import { matchCar, parseSavedSearchState, SearchMatcher, visibilityTest, type KeywordMode, type MatchCar, type SearchGroup } from "./match";
import type { AlertCar } from "./types";

/** A sold car's alert names at most this many similar cars. */
export const SOLD_SIMILAR_MAX = 3;
/** Pages of a keyword search read from Typesense to confirm its new arrivals (60 cars a page). */
const CONFIRM_MAX_PAGES = 50;

export interface DetectOptions {
  db: Pick<Database, "transaction">;
  search: SearchService;
  tenant: TenantConfig;
  now?: Date;
}

export interface DetectResult {
  /** Cars seen for the first time, available. */
  arrivals: number;
  priceDrops: number;
  sold: number;
  /** Alerts stored by this run (found again: not counted). */
  alerts: number;
}

/** A car as an alert names it. */
export function alertCar(vehicle: Vehicle): AlertCar {
  const photo = toVehicleCardData(vehicle).image;
  return {
    id: vehicle.id,
    name: vehicleTitle(vehicle) || vehicle.name,
    price: sellingPrice(vehicle),
    path: `/cars/${encodeURIComponent(vehicle.slug)}`,
    ...(photo ? { photo } : {}),
  };
}

/** What happened to the cars since the alerts last saw them (pure: the states and the cars as they are now). */
export interface StockDecision {
  /** Not seen before: states to store (an arrival when available). */
  unseen: CarStateInput[];
  /** Seen before: states to record as looked at now (changed or not). */
  seen: CarStateInput[];
  priceDrops: { vehicle: Vehicle; oldPrice: number; newPrice: number }[];
  sold: Vehicle[];
}

export function decideChanges(vehicles: Iterable<Vehicle>, states: ReadonlyMap<string, { price: number; status: string }>): StockDecision {
  const decision: StockDecision = { unseen: [], seen: [], priceDrops: [], sold: [] };
  for (const vehicle of vehicles) {
    const now: CarStateInput = { car_id: vehicle.id, price: sellingPrice(vehicle), status: vehicle.status };
    const before = states.get(vehicle.id);
    if (!before) {
      decision.unseen.push(now);
      continue;
    }
    decision.seen.push(now);
    if (before.price === now.price && before.status === now.status) continue;
    // A price the site shows ('Enquire for price' is no drop), lower than before, on a car for sale.
    const shown = advertisedPrice(vehicle);
    if (isAvailable(vehicle) && shown !== null && shown < before.price)
      decision.priceDrops.push({ vehicle, oldPrice: before.price, newPrice: shown });
    if (AVAILABLE_STATUSES.includes(before.status) && vehicle.status === "sold") decision.sold.push(vehicle);
  }
  return decision;
}

type SearchMember = LiveSavedSearch;

/** New arrivals matched against the dealer's live saved searches: one alert per shopper and car. */
async function newArrivalAlerts(
  tx: Queryable,
  options: DetectOptions & { now: Date },
  arrivals: { car: MatchCar; firstSeen: Date }[],
): Promise<FoundAlert[]> {
  if (!arrivals.length) return [];
  const searches = await liveSavedSearches(tx, options.tenant.slug);
  if (!searches.length) return [];
  const keywords: KeywordMode = options.search.engineName === "orama" ? "pure" : "engine";
  const matcher = new SearchMatcher<SearchMember>(
    searches.map((s) => ({ state: parseSavedSearchState(s.search), member: s })),
    keywords,
  );
  const visible = visibilityTest(options.tenant, options.now);
  const matches: { car: MatchCar; firstSeen: Date; group: SearchGroup<SearchMember> }[] = [];
  const toConfirm = new Map<SearchGroup<SearchMember>, Set<string>>();
  for (const arrival of arrivals) {
    if (!visible(arrival.car)) continue;
    for (const group of matcher.matching(arrival.car)) {
      matches.push({ ...arrival, group });
      if (group.search.confirmKeywords) {
        const ids = toConfirm.get(group) ?? new Set<string>();
        ids.add(arrival.car.vehicle.id);
        toConfirm.set(group, ids);
      }
    }
  }
  const confirmed = new Map<SearchGroup<SearchMember>, Set<string>>();
  for (const [group, ids] of toConfirm) confirmed.set(group, await engineConfirms(options, group, ids));

  // One alert per shopper and car: the shopper's oldest matching search names it.
  const chosen = new Map<string, { member: SearchMember; car: MatchCar }>();
  for (const { car, firstSeen, group } of matches) {
    if (group.search.confirmKeywords && !confirmed.get(group)?.has(car.vehicle.id)) continue;
    for (const member of group.members) {
      if (member.created_at.getTime() >= firstSeen.getTime()) continue;
      const key = `${member.phone}\n${car.vehicle.id}`;
      const held = chosen.get(key);
      if (!held || olderSearch(member, held.member)) chosen.set(key, { member, car });
    }
  }
  return [...chosen.values()].map(({ member, car }) => ({
    phone: member.phone,
    savedSearchId: member.id,
    payload: { kind: "new-arrival", car: alertCar(car.vehicle), searchName: member.name, searchPath: member.search_path },
  }));
}

const olderSearch = (a: SearchMember, b: SearchMember) => a.age < b.age;

/** Which of `ids` the engine gives for the search (Typesense's own keyword reading). */
async function engineConfirms(
  options: DetectOptions & { now: Date },
  group: SearchGroup<SearchMember>,
  ids: Set<string>,
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let page = 1; page <= CONFIRM_MAX_PAGES; page++) {
    const result = await options.search.search(options.tenant, { ...group.search.request, page, perPage: 60 }, options.now);
    for (const hit of result.hits) if (ids.has(hit.id)) found.add(hit.id);
    if (found.size === ids.size || page >= result.pages) return found;
  }
  log.warn("alerts: a keyword search's new arrivals checked on its first pages only", { tenant: options.tenant.slug });
  return found;
}

/** Up to three similar available cars, by the vehicle page's rule; none when the search fails (logged). */
async function similarTo(options: DetectOptions & { now: Date }, vehicle: Vehicle): Promise<AlertCar[]> {
  try {
    const results = await options.search.multiSearch(options.tenant, similarCarsRequests(vehicle), options.now);
    return mergeSimilarCars(
      results.map((r) => r.hits),
      vehicle.id,
    )
      .slice(0, SOLD_SIMILAR_MAX)
      .map(alertCar);
  } catch (error) {
    log.warn("alerts: similar cars not found for a sold car", { tenant: options.tenant.slug, car: vehicle.id, error: String(error) });
    return [];
  }
}

/**
 * Finds and stores the alerts a change of these cars (every car of the dealer when `ids` is empty)
 * brings, and records what the alerts saw. Safe to run again, or in two processes at once.
 */
export async function detectAlerts(options: DetectOptions, ids: readonly string[]): Promise<DetectResult> {
  const now = options.now ?? new Date();
  const tenant = options.tenant.slug;
  const context = { ...options, now };
  const wanted = ids.length ? [...new Set(ids)].sort() : null;
  return options.db.transaction(async (tx) => {
    const states = await lockCarStates(tx, tenant, wanted);
    // Read after the lock: what another process changed and decided before us is what we compare with.
    const vehicles = wanted ? [...(await getVehiclesByIds(tx, tenant, wanted)).values()] : await listVehicles(tx, tenant);
    const decision = decideChanges(vehicles, states);
    const firstSeen = await insertCarStates(tx, tenant, decision.unseen);
    await updateCarStates(tx, tenant, decision.seen);

    const byId = new Map(vehicles.map((v) => [v.id, v]));
    const arrivals = [...firstSeen]
      .map(([id, seen]) => ({ vehicle: byId.get(id)!, seen }))
      .filter(({ vehicle }) => vehicle && isAvailable(vehicle))
      .map(({ vehicle, seen }) => ({ car: matchCar(tenant, vehicle), firstSeen: seen }));
    const alerts = await newArrivalAlerts(tx, context, arrivals);

    const watched = await watchersOf(tx, tenant, [...decision.priceDrops.map((d) => d.vehicle.id), ...decision.sold.map((v) => v.id)]);
    for (const { vehicle, oldPrice, newPrice } of decision.priceDrops) {
      for (const phone of watched.get(vehicle.id) ?? []) {
        alerts.push({ phone, savedSearchId: null, payload: { kind: "price-drop", car: alertCar(vehicle), oldPrice, newPrice } });
      }
    }
    for (const vehicle of decision.sold) {
      const phones = watched.get(vehicle.id) ?? [];
      if (!phones.length) continue;
      const similar = await similarTo(context, vehicle);
      for (const phone of phones) alerts.push({ phone, savedSearchId: null, payload: { kind: "sold", car: alertCar(vehicle), similar } });
    }

    const stored = await insertAlerts(tx, tenant, alerts);
    return { arrivals: arrivals.length, priceDrops: decision.priceDrops.length, sold: decision.sold.length, alerts: stored };
  });
}

/** PostgreSQL's deadlock and serialization failures: the transaction is tried again. */
const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 3;

export interface AlertDetectorOptions {
  db: Pick<Database, "transaction" | "query">;
  search: SearchService;
  /** The dealer's settings now (null: no longer a dealer here, nothing to do). */
  tenant(slug: string): TenantConfig | null | undefined;
  /** Alerts were stored by a background look (the alert worker is woken rather than wait for its poll). */
  onAlertsStored?: () => void;
}

/**
 * Runs `detectAlerts` in the background after each stock change of this process: one run at a time per
 * dealer, changes that arrive meanwhile gathered into the next run (all of the dealer's cars once any
 * change named none). Never throws to the caller: a failure is logged, and the cars' states stay as they
 * were, so the next change of those cars (or of the whole dealer) finds what was missed.
 */
export class AlertDetector {
  private readonly waiting = new Map<string, Set<string> | "all">();
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly options: AlertDetectorOptions) {}

  /** A dealer's cars changed (every car when `ids` is empty): alerts are looked for soon. */
  stockChanged(tenant: string, ids: readonly string[]): void {
    const waiting = this.waiting.get(tenant);
    if (!ids.length || waiting === "all") this.waiting.set(tenant, "all");
    else if (waiting) for (const id of ids) waiting.add(id);
    else this.waiting.set(tenant, new Set(ids));
    if (!this.running.has(tenant)) {
      const run = this.drain(tenant).finally(() => this.running.delete(tenant));
      this.running.set(tenant, run);
    }
  }

  /**
   * At start: cars changed while no server ran (or whose look failed) are handed to the background look,
   * dealer by dealer. Resolves once they are handed over (`idle()` then waits for the look); never throws.
   */
  async catchUp(tenants: readonly string[]): Promise<void> {
    for (const tenant of tenants) {
      try {
        const ids = await carsNotLookedAt(this.options.db, tenant);
        if (ids.length) this.stockChanged(tenant, ids);
      } catch (error) {
        log.warn("alerts: stock changed while stopped not looked at", { tenant, error: String(error) });
      }
    }
  }

  /** Resolves when every change heard so far has been looked at (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()]);
  }

  /** Looks at a change now, in this call (the "run now" entry point). */
  async run(tenant: string, ids: readonly string[], now?: Date): Promise<DetectResult | null> {
    const config = this.options.tenant(tenant);
    if (!config) return null;
    for (let attempt = 1; ; attempt++) {
      try {
        return await detectAlerts({ db: this.options.db, search: this.options.search, tenant: config, now }, ids);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= ATTEMPTS || typeof code !== "string" || !RETRYABLE.has(code)) throw error;
      }
    }
  }

  private async drain(tenant: string): Promise<void> {
    // Let the caller's own work (the import's answer) go first.
    await new Promise((resolve) => setImmediate(resolve));
    for (let next = this.waiting.get(tenant); next; next = this.waiting.get(tenant)) {
      this.waiting.delete(tenant);
      const ids = next === "all" ? [] : [...next];
      const started = performance.now();
      try {
        const result = await this.run(tenant, ids);
        if (result?.alerts) {
          log.info("alerts found", { tenant, cars: ids.length || "all", ...result, ms: Math.round(performance.now() - started) });
          this.options.onAlertsStored?.();
        }
      } catch (error) {
        log.error("alerts not looked for after a stock change", { tenant, cars: ids.length || "all", error: String(error) });
      }
    }
  }
}
