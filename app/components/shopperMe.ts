/**
 * GET /api/me from the browser, once per page load: every part of the page that wants to know the
 * shopper (the header, each Save button, a lead form filling itself in) shares the one answer, so a page
 * of cards still asks once, and parts whose code arrives later do not ask again. Pages themselves are
 * the same for everyone; only this private answer is the shopper's. A save or removal on the page
 * updates the answer in place, so every Save button for the car agrees without asking again.
 */
import { useEffect, useSyncExternalStore } from "react";

export interface Me {
  signedIn: boolean;
  firstName: string;
  savedCarIds: string[];
  /** The account's details for the lead forms (local user details, spec 000 section 3); signed in only. */
  details?: { name: string; last_name: string; email: string; phone: string };
}

let asked: Promise<Me | null> | null = null;
/** The last answer: undefined until one arrives; null when it could not be had (offline, an old server). */
let known: Me | null | undefined;
const listeners = new Set<() => void>();

function settle(me: Me | null) {
  known = me;
  for (const listener of listeners) listener();
}

/** The shopper as the page knows them; `fresh` asks again (after signing in without a reload). */
export function loadMe(fresh = false): Promise<Me | null> {
  if (!asked || fresh) {
    const request: Promise<Me | null> = fetch("/api/me", { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<Me>) : null))
      // Not known: signed out as far as the page can tell.
      .catch(() => null)
      .then((me) => {
        if (asked === request) settle(me);
        return me;
      });
    asked = request;
  }
  return asked;
}

/** A save or removal the server confirmed: the page's answer now says so (only a signed-in shopper can). */
export function markSavedCar(carId: string, saved: boolean): void {
  const ids = new Set(known?.savedCarIds ?? []);
  if (saved) ids.add(carId);
  else ids.delete(carId);
  settle({ firstName: "", ...known, signedIn: true, savedCarIds: [...ids] });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shopper, asked once the page is interactive: undefined until known (always on the server). */
export function useMe(): Me | null | undefined {
  const me = useSyncExternalStore(
    subscribe,
    () => known,
    () => undefined,
  );
  useEffect(() => {
    void loadMe();
  }, []);
  return me;
}
