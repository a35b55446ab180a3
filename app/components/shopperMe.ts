/**
 * GET /api/me from the browser, once per page: every part of the page that wants to know the shopper
 * (the header, each Save button) shares the one request in flight, so a page of cards still asks once.
 * Pages themselves are the same for everyone; only this private answer is the shopper's.
 */

export interface Me {
  signedIn: boolean;
  firstName: string;
  savedCarIds: string[];
}

let inFlight: Promise<Me | null> | null = null;

export function loadMe(): Promise<Me | null> {
  if (!inFlight) {
    inFlight = fetch("/api/me", { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<Me>) : null))
      // Not known (offline, an old server): signed out as far as the page can tell.
      .catch(() => null)
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}
