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

interface Figure {
  views: Promise<number>;
  readAt: number;
}

export function createViewCounts(db: Queryable, options: ViewCountsOptions = {}): ViewCounts {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxCars = options.maxCars ?? 20_000;
  const clock = options.clock ?? Date.now;
  const figures = new Map<string, Figure>();
  const keyOf = (tenant: string, carId: string) => `${tenant}\n${carId}`;

  const keep = (key: string, figure: Figure) => {
    figures.delete(key);
    figures.set(key, figure);
    while (figures.size > maxCars) figures.delete(figures.keys().next().value!);
  };

  return {
    of(tenant, carId) {
      const key = keyOf(tenant, carId);
      const now = clock();
      const kept = figures.get(key);
      if (kept && now - kept.readAt < maxAgeMs) return kept.views;
      const figure: Figure = { views: getVehicleViews(db, tenant, carId), readAt: now };
      keep(key, figure);
      // A failed read is forgotten (unless a newer figure took its place), so the next page asks again.
      figure.views.catch(() => figures.get(key) === figure && figures.delete(key));
      return figure.views;
    },
    counted(tenant, carId, views) {
      keep(keyOf(tenant, carId), { views: Promise.resolve(views), readAt: clock() });
    },
  };
}
