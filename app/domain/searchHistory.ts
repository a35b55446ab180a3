/**
 * What the browser remembers for the shopper, per dealer site (spec 000 section 3, spec 001 sections 3
 * and 4): recent searches, viewed cars and favourites. Pure list rules; the browser storage lives in
 * the components that use them. Every list is stored under a key that starts with the site slug.
 */
import { isSameSitePath } from "./safeRedirect";

export type StoredListKind = "searchHistory" | "viewedCars" | "favourites" | "compare" | "user";

/** Local storage for viewed cars, favourites and user is keyed by the site slug. */
export function storageKey(siteSlug: string, kind: StoredListKind): string {
  return `${siteSlug}:${kind}`;
}

export interface SearchHistoryEntry {
  /** Path and query of the results page, e.g. '/search/toyota?price=5000:20000'. */
  path: string;
  /** What the shopper reads, e.g. 'Toyota · $5,000 to $20,000'. */
  label: string;
  /** The search's filters (attribute -> values); never empty for a stored entry. */
  filters: Record<string, string[]>;
}

/** Search history keeps the latest 5 entries (spec 001 section 4). */
export const SEARCH_HISTORY_LIMIT = 5;
export const VIEWED_CARS_LIMIT = 20;

function hasFilters(filters: Record<string, string[]>): boolean {
  return Object.values(filters).some((values) => Array.isArray(values) && values.some((v) => typeof v === "string" && v !== ""));
}

/** Newest first, without repeats; only searches with non-empty filters and a path are kept. */
export function addSearch(history: SearchHistoryEntry[], entry: SearchHistoryEntry): SearchHistoryEntry[] {
  if (!entry.path || !hasFilters(entry.filters)) return history;
  return [entry, ...history.filter((e) => e.path !== entry.path)].slice(0, SEARCH_HISTORY_LIMIT);
}

export interface ViewedCar {
  id: string;
  stocknum: string;
  make: string;
  model: string;
  body: string;
  simple_body: string;
}

export function addViewedCar(viewed: ViewedCar[], car: ViewedCar): ViewedCar[] {
  if (!car.id) return viewed;
  return [car, ...viewed.filter((c) => c.id !== car.id)].slice(0, VIEWED_CARS_LIMIT);
}

export interface Favourite {
  id: string;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string;
}

/** Favourites toggle by id (spec 000 section 4). */
export function toggleFavourite(favourites: Favourite[], car: Favourite): Favourite[] {
  return favourites.some((f) => f.id === car.id) ? favourites.filter((f) => f.id !== car.id) : [...favourites, car];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";

function isSearchHistoryEntry(value: unknown): value is SearchHistoryEntry {
  return (
    isRecord(value) &&
    isSameSitePath(value.path) &&
    isString(value.label) &&
    isRecord(value.filters) &&
    Object.values(value.filters).every((v) => Array.isArray(v) && v.every(isString))
  );
}

function hasStringFields<K extends string>(value: unknown, keys: readonly K[]): value is Record<K, string> {
  return isRecord(value) && keys.every((k) => isString(value[k]));
}

const VIEWED_KEYS = ["id", "stocknum", "make", "model", "body", "simple_body"] as const;
const FAVOURITE_KEYS = ["id", "name", "slug", "make", "model", "primary_image_url"] as const;

/** Reads a stored list, dropping anything another version of the site (or a shopper) left malformed. */
function readList<T>(raw: string | null, isItem: (value: unknown) => value is T): T[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

export const readSearchHistory = (raw: string | null) => readList(raw, isSearchHistoryEntry).slice(0, SEARCH_HISTORY_LIMIT);
export const readViewedCars = (raw: string | null) =>
  readList(raw, (v): v is ViewedCar => hasStringFields(v, VIEWED_KEYS)).slice(0, VIEWED_CARS_LIMIT);
export const readFavourites = (raw: string | null) => readList(raw, (v): v is Favourite => hasStringFields(v, FAVOURITE_KEYS));
export const readIdList = (raw: string | null) => readList(raw, isString);
