/**
 * A shopper's saved searches with a dealer (saved_searches, migration 018; issue 27). Every call is
 * scoped by the dealer AND the signed-in shopper's phone: a shopper never reads or changes another's
 * search, nor the same phone's searches with another dealer. At most SAVED_SEARCH_LIMIT a shopper a dealer.
 */
import type { AlertChannel } from "../alerts/types";
import { SAVED_SEARCH_LIMIT, type SavedSearchQuery } from "~/domain/savedSearch";
import type { Queryable } from "./database";
import { iso, newId } from "./ids";

export interface SavedSearch {
  id: string;
  name: string;
  /** The results page to open (canonical: no sort, no page). */
  searchPath: string;
  search: SavedSearchQuery;
  channel: AlertChannel;
  /** Where e-mail alerts go; '' for SMS (the shopper's mobile). */
  email: string;
  paused: boolean;
  createdAt: string;
  updatedAt: string;
}

interface Row {
  id: string;
  name: string;
  search_path: string;
  search: unknown;
  channel: AlertChannel;
  email: string;
  paused: boolean;
  created_at: unknown;
  updated_at: unknown;
}

const COLUMNS = "id, name, search_path, search, channel, email, paused, created_at, updated_at";

function parsedSearch(value: unknown): SavedSearchQuery {
  const raw = (typeof value === "string" ? JSON.parse(value) : value) as Partial<SavedSearchQuery> | null;
  return { query: raw?.query ?? "", filters: raw?.filters ?? {}, ranges: raw?.ranges ?? {} };
}

function fromRow(row: Row): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    searchPath: row.search_path,
    search: parsedSearch(row.search),
    channel: row.channel,
    email: row.email,
    paused: row.paused,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export interface NewSavedSearch {
  name: string;
  searchPath: string;
  search: SavedSearchQuery;
  channel: AlertChannel;
  email: string;
}

/** Saves a search for the shopper, unless they already have SAVED_SEARCH_LIMIT with this dealer (counted in the same statement). */
export async function createSavedSearch(
  db: Queryable,
  tenant: string,
  phone: string,
  search: NewSavedSearch,
): Promise<{ ok: true; search: SavedSearch } | { ok: false; reason: "limit" }> {
  const rows = await db.query<Row>(
    `INSERT INTO saved_searches (id, tenant, phone, name, search_path, search, channel, email)
       SELECT $1, $2, $3, $4, $5, $6::jsonb, $7, $8
        WHERE (SELECT count(*) FROM saved_searches WHERE tenant = $2 AND phone = $3) < $9
     RETURNING ${COLUMNS}`,
    [
      newId(),
      tenant,
      phone,
      search.name,
      search.searchPath,
      JSON.stringify({ query: search.search.query, filters: search.search.filters, ranges: search.search.ranges }),
      search.channel,
      search.channel === "email" ? search.email : "",
      SAVED_SEARCH_LIMIT,
    ],
  );
  return rows[0] ? { ok: true, search: fromRow(rows[0]) } : { ok: false, reason: "limit" };
}

/** The shopper's saved searches with this dealer, newest first. */
export async function listSavedSearches(db: Queryable, tenant: string, phone: string): Promise<SavedSearch[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM saved_searches WHERE tenant = $1 AND phone = $2 ORDER BY created_at DESC, id DESC`,
    [tenant, phone],
  );
  return rows.map(fromRow);
}

export async function getSavedSearch(db: Queryable, tenant: string, phone: string, id: string): Promise<SavedSearch | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM saved_searches WHERE tenant = $1 AND phone = $2 AND id = $3`, [
    tenant,
    phone,
    id,
  ]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** Runs one change on the shopper's own search; null when there is no such search of theirs. */
async function change(
  db: Queryable,
  tenant: string,
  phone: string,
  id: string,
  set: string,
  values: unknown[],
): Promise<SavedSearch | null> {
  const rows = await db.query<Row>(
    `UPDATE saved_searches SET ${set}, updated_at = now() WHERE tenant = $1 AND phone = $2 AND id = $3 RETURNING ${COLUMNS}`,
    [tenant, phone, id, ...values],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

export function renameSavedSearch(db: Queryable, tenant: string, phone: string, id: string, name: string): Promise<SavedSearch | null> {
  return change(db, tenant, phone, id, "name = $4", [name]);
}

/** Alerts by SMS (to the shopper's mobile) or by e-mail to `email`. */
export function setSavedSearchChannel(
  db: Queryable,
  tenant: string,
  phone: string,
  id: string,
  channel: AlertChannel,
  email: string,
): Promise<SavedSearch | null> {
  return change(db, tenant, phone, id, "channel = $4, email = $5", [channel, channel === "email" ? email : ""]);
}

/** Paused: no new-arrival alerts for it until resumed. */
export function setSavedSearchPaused(
  db: Queryable,
  tenant: string,
  phone: string,
  id: string,
  paused: boolean,
): Promise<SavedSearch | null> {
  return change(db, tenant, phone, id, "paused = $4", [paused]);
}

export async function deleteSavedSearch(db: Queryable, tenant: string, phone: string, id: string): Promise<SavedSearch | null> {
  const rows = await db.query<Row>(`DELETE FROM saved_searches WHERE tenant = $1 AND phone = $2 AND id = $3 RETURNING ${COLUMNS}`, [
    tenant,
    phone,
    id,
  ]);
  return rows[0] ? fromRow(rows[0]) : null;
}
