/**
 * The alerts' side of the database (issue 27, server/db/migrations/018 and 020): what the alerts last saw
 * of each car (alert_car_state), the dealer's live saved searches and watchlists, and the alerts found
 * (shopper_alerts), stored once per shopper, car and kind whichever process finds them.
 */
import { sellingPrice } from "~/domain/priceDisplay";
import type { Vehicle } from "~/domain/vehicle";
import type { AlertPayload } from "../alerts/types";
import { alertDedupeKey } from "../alerts/types";
import type { Queryable } from "./database";
import { newId } from "./ids";

/** What the alerts last saw of a car. */
export interface CarState {
  car_id: string;
  price: number;
  status: string;
  first_seen_at: Date;
}

const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/**
 * The dealer's car states for these cars (every car of the dealer when `ids` is null), locked until the
 * transaction ends so no other process decides the same change; locked in car order, so two processes
 * locking overlapping sets wait for each other instead of deadlocking.
 */
export async function lockCarStates(tx: Queryable, tenant: string, ids: string[] | null): Promise<Map<string, CarState>> {
  const rows = ids
    ? await tx.query<CarState>(
        `SELECT car_id, price, status, first_seen_at FROM alert_car_state
          WHERE tenant = $1 AND car_id = ANY($2::text[]) ORDER BY car_id FOR UPDATE`,
        [tenant, ids],
      )
    : await tx.query<CarState>(
        `SELECT car_id, price, status, first_seen_at FROM alert_car_state WHERE tenant = $1 ORDER BY car_id FOR UPDATE`,
        [tenant],
      );
  return new Map(rows.map((r) => [r.car_id, { ...r, price: Number(r.price), first_seen_at: asDate(r.first_seen_at) }]));
}

export interface CarStateInput {
  car_id: string;
  price: number;
  status: string;
}

const byCar = (a: CarStateInput, b: CarStateInput) => (a.car_id < b.car_id ? -1 : a.car_id > b.car_id ? 1 : 0);

/**
 * Cars seen for the first time: their states stored now. Returns the ones this transaction stored, with
 * when; a car another process stored meanwhile is not returned (that process decides its arrival).
 */
export async function insertCarStates(tx: Queryable, tenant: string, cars: CarStateInput[]): Promise<Map<string, Date>> {
  if (!cars.length) return new Map();
  const sorted = [...cars].sort(byCar);
  const rows = await tx.query<{ car_id: string; first_seen_at: unknown }>(
    `INSERT INTO alert_car_state (tenant, car_id, price, status)
     SELECT $1, u.car_id, u.price, u.status FROM unnest($2::text[], $3::float8[], $4::text[]) AS u(car_id, price, status)
     ON CONFLICT (tenant, car_id) DO NOTHING
     RETURNING car_id, first_seen_at`,
    [tenant, sorted.map((c) => c.car_id), sorted.map((c) => c.price), sorted.map((c) => c.status)],
  );
  return new Map(rows.map((r) => [r.car_id, asDate(r.first_seen_at)]));
}

/** What the alerts saw of these cars now, and when they looked (their states are locked by this transaction). */
export async function updateCarStates(tx: Queryable, tenant: string, cars: CarStateInput[]): Promise<void> {
  if (!cars.length) return;
  const sorted = [...cars].sort(byCar);
  await tx.query(
    `UPDATE alert_car_state s SET price = u.price, status = u.status, updated_at = now()
       FROM unnest($2::text[], $3::float8[], $4::text[]) AS u(car_id, price, status)
      WHERE s.tenant = $1 AND s.car_id = u.car_id`,
    [tenant, sorted.map((c) => c.car_id), sorted.map((c) => c.price), sorted.map((c) => c.status)],
  );
}

/**
 * Cars already in a dealer's stock recorded as seen, at the price the site shows (e.g. the demo stock
 * loaded at a first start): they are the stock alerts begin with, not new arrivals.
 */
export async function seedCarStates(
  db: Queryable,
  tenant: string,
  cars: Pick<Vehicle, "id" | "price" | "offer_price" | "status">[],
): Promise<void> {
  await insertCarStates(
    db,
    tenant,
    cars.map((v) => ({ car_id: v.id, price: sellingPrice(v), status: v.status })),
  );
}

/** A live saved search, as the matcher reads it. */
export interface LiveSavedSearch {
  id: string;
  phone: string;
  name: string;
  search_path: string;
  search: unknown;
  created_at: Date;
  /** Its place among the dealer's live searches, the oldest 0: the database's order, to the microsecond
   * (two searches saved within one millisecond have the same `created_at` in JavaScript). */
  age: number;
}

/** The dealer's saved searches that are not paused, the oldest first. */
export async function liveSavedSearches(db: Queryable, tenant: string): Promise<LiveSavedSearch[]> {
  const rows = await db.query<Omit<LiveSavedSearch, "age">>(
    `SELECT id, phone, name, search_path, search, created_at FROM saved_searches
      WHERE tenant = $1 AND paused = false ORDER BY created_at, id`,
    [tenant],
  );
  return rows.map((r, age) => ({
    ...r,
    search: typeof r.search === "string" ? JSON.parse(r.search) : r.search,
    created_at: asDate(r.created_at),
    age,
  }));
}

/** Who has these cars on their watchlist: car id to phones, each shopper in the order they saved it. */
export async function watchersOf(db: Queryable, tenant: string, carIds: string[]): Promise<Map<string, string[]>> {
  const watchers = new Map<string, string[]>();
  if (!carIds.length) return watchers;
  const rows = await db.query<{ car_id: string; phone: string }>(
    `SELECT car_id, phone FROM watchlist WHERE tenant = $1 AND car_id = ANY($2::text[]) ORDER BY created_at, phone`,
    [tenant, carIds],
  );
  for (const { car_id, phone } of rows) {
    const list = watchers.get(car_id);
    if (list) list.push(phone);
    else watchers.set(car_id, [phone]);
  }
  return watchers;
}

/** One alert found for one shopper. */
export interface FoundAlert {
  phone: string;
  payload: AlertPayload;
  /** The saved search it came from (a new arrival); null for a watchlist car's price drop or sale. */
  savedSearchId: string | null;
}

const INSERT_BATCH = 1000;

/**
 * Stores alerts as pending, once per shopper, dealer and dedupe key (alertDedupeKey): an alert found
 * again, by this process after a restart or by another, is not stored twice. Returns how many were new.
 */
export async function insertAlerts(tx: Queryable, tenant: string, alerts: FoundAlert[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < alerts.length; start += INSERT_BATCH) {
    const batch = alerts.slice(start, start + INSERT_BATCH);
    const rows = await tx.query<{ id: string }>(
      `INSERT INTO shopper_alerts (id, tenant, phone, kind, car_id, saved_search_id, dedupe_key, payload)
       SELECT u.id, $1, u.phone, u.kind, u.car_id, u.saved_search_id, u.dedupe_key, u.payload::jsonb
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
           AS u(id, phone, kind, car_id, saved_search_id, dedupe_key, payload)
       ON CONFLICT (tenant, phone, dedupe_key) DO NOTHING
       RETURNING id`,
      [
        tenant,
        batch.map(() => newId()),
        batch.map((a) => a.phone),
        batch.map((a) => a.payload.kind),
        batch.map((a) => a.payload.car.id),
        batch.map((a) => a.savedSearchId),
        batch.map((a) => alertDedupeKey(a.payload)),
        batch.map((a) => JSON.stringify(a.payload)),
      ],
    );
    inserted += rows.length;
  }
  return inserted;
}

/** A stored alert, as tests and `npm run alerts` read it. */
export interface StoredAlert {
  id: string;
  phone: string;
  kind: AlertPayload["kind"];
  car_id: string;
  saved_search_id: string | null;
  dedupe_key: string;
  payload: AlertPayload;
  status: string;
  created_at: Date;
}

/** A dealer's stored alerts (one shopper's when a phone is given), the oldest first. */
export async function listShopperAlerts(db: Queryable, tenant: string, phone?: string): Promise<StoredAlert[]> {
  const rows = await db.query<StoredAlert>(
    `SELECT id, phone, kind, car_id, saved_search_id, dedupe_key, payload, status, created_at FROM shopper_alerts
      WHERE tenant = $1 AND ($2::text IS NULL OR phone = $2) ORDER BY created_at, dedupe_key, phone`,
    [tenant, phone ?? null],
  );
  return rows.map((r) => ({
    ...r,
    payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
    created_at: asDate(r.created_at),
  }));
}

/**
 * A dealer's cars the alerts have not looked at since they last changed (changed while no server ran, e.g.
 * by `npm run import` on its own, or while a look failed): never seen, another status, or written since.
 */
export async function carsNotLookedAt(db: Queryable, tenant: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT v.id FROM vehicles v LEFT JOIN alert_car_state s ON s.tenant = v.tenant AND s.car_id = v.id
      WHERE v.tenant = $1 AND (s.car_id IS NULL OR s.status <> v.status OR v.updated_at > s.updated_at)
      ORDER BY v.id`,
    [tenant],
  );
  return rows.map((r) => r.id);
}
