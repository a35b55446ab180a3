/**
 * The browser side of the lists in ~/domain/searchHistory: localStorage under the site slug. Storage
 * can be full, disabled or blocked (private windows); the shopper's page never breaks because of it.
 */
import { storageKey, type StoredListKind } from "~/domain/searchHistory";

export function readStored(siteSlug: string, kind: StoredListKind): string | null {
  try {
    return window.localStorage.getItem(storageKey(siteSlug, kind));
  } catch {
    return null;
  }
}

export function writeStored(siteSlug: string, kind: StoredListKind, value: unknown): void {
  try {
    window.localStorage.setItem(storageKey(siteSlug, kind), JSON.stringify(value));
  } catch (error) {
    console.warn("Could not save to this browser", error);
  }
}
