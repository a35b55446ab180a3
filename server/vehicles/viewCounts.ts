/**
 * How many shoppers have looked at each car, as its page shows it on load ('N people viewed this car':
 * the figure a shopper without JavaScript keeps, and the one a browser shows until /cars/{slug}/view.json
 * answers the live total). Read from the database at most once a minute per car in a process: the page is
 * kept a minute by the page cache and a CDN, so the figure in it is that old already, and every render of
 * a car's page (another tracking parameter, another shopper's filters in the address) would otherwise
 * read it again. A view counted through this process puts its total here at once.
 *
 * Concurrent reads of one car share one query; a failed read is not kept; at most `maxCars` figures are
 * kept, the oldest read going first.
 */
import type { Queryable } from "../db/database";
import { getVehicleViews } from "../db/activity";
import { timedCache } from "../http/perDealerCache";

export interface ViewCounts {
  /** The car's total views, at most `maxAgeMs` old. */
  of(tenant: string, carId: string): Promise<number>;
  /** A view was just counted and the car's total is `views` (recordVehicleView's answer). */
  counted(tenant: string, carId: string, views: number): void;
}

export interface ViewCountsOptions {
  /** How long a figure is used before it is read again (default a minute, the page's own lifetime). */
  maxAgeMs?: number;
  /** Figures kept at most (default 20,000 cars). */
  maxCars?: number;
  clock?: () => number;
}

export function createViewCounts(db: Queryable, options: ViewCountsOptions = {}): ViewCounts {
  const figures = timedCache<number>({ ttlMs: options.maxAgeMs ?? 60_000, maxEntries: options.maxCars ?? 20_000, clock: options.clock });
  const keyOf = (tenant: string, carId: string) => `${tenant}\n${carId}`;
  return {
    of: (tenant, carId) => figures.get(keyOf(tenant, carId), () => getVehicleViews(db, tenant, carId)),
    counted: (tenant, carId, views) => figures.set(keyOf(tenant, carId), views),
  };
}
