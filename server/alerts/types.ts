/**
 * Saved searches and alerts (issue 27, docs/alerts.md): what an alert says, as found when stock changes
 * (server/alerts/detect.ts) and stored in shopper_alerts.payload, then read by the alert worker that writes
 * the shopper's SMS or e-mail (server/alerts/worker.ts). Paths are the dealer's own site paths; the worker
 * makes them whole addresses on the dealer's host.
 */
export const ALERT_KINDS = ["new-arrival", "price-drop", "sold"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_CHANNELS = ["sms", "email"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** A car as an alert names it. */
export interface AlertCar {
  id: string;
  /** "2021 Toyota Corolla Ascent Sport" (vehicleTitle). */
  name: string;
  /** The price the site shows, in dollars. */
  price: number;
  /** The car's page on the dealer's site, e.g. /cars/2021-toyota-corolla-abc123. */
  path: string;
  /** The card photo's address, when the car has one (for the e-mail). */
  photo?: string;
}

/** 'New arrival': a car matching one of the shopper's saved searches arrived. */
export interface NewArrivalPayload {
  kind: "new-arrival";
  car: AlertCar;
  searchName: string;
  /** The saved search's results page (saved_searches.search_path). */
  searchPath: string;
}

/** 'Price drop': a car on the shopper's watchlist is cheaper. */
export interface PriceDropPayload {
  kind: "price-drop";
  car: AlertCar;
  oldPrice: number;
  newPrice: number;
}

/** 'Sold': a car on the shopper's watchlist sold; up to three similar available cars (the vehicle page's rule). */
export interface SoldPayload {
  kind: "sold";
  car: AlertCar;
  similar: AlertCar[];
}

export type AlertPayload = NewArrivalPayload | PriceDropPayload | SoldPayload;

/** The once-per-shopper-per-car-per-kind key (shopper_alerts.dedupe_key): a further drop to a new price alerts again. */
export function alertDedupeKey(payload: AlertPayload): string {
  if (payload.kind === "price-drop") return `price-drop:${payload.car.id}:${payload.newPrice}`;
  return `${payload.kind}:${payload.car.id}`;
}
