/**
 * Alerts decided once, on every database (PGlite and PostgreSQL alike): the same stock change looked at
 * by five processes at once (a car's arrival, its price drop, its sale; by its id or with the whole
 * dealer) is decided by one of them, the car's alert state locked, and stored as one alert per shopper.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Vehicle } from "~/domain/vehicle";
import { detectAlerts, type DetectResult } from "@server/alerts/detect";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { listShopperAlerts, seedCarStates } from "@server/db/shopperAlerts";
import { upsertVehicles } from "@server/db/vehicles";
import { addToWatchlist } from "@server/db/watchlist";
import { OramaSearchEngine } from "@server/search/orama";
import { createSearchService } from "@server/search/service";
import { testTenant } from "../support/testTenant";
import { testVehicle } from "../support/testVehicle";

const RACERS = 5;

export function describeAlertsContract(name: string, open: () => Promise<Database>, options: { close?: boolean } = {}) {
  describe(`alerts decided once: ${name}`, () => {
    const dealer = testTenant("beta-motors", { name: "Beta Motors" });
    const engine = new OramaSearchEngine();
    const search = createSearchService(engine);
    const FINDER = "+61411000001";
    const WATCHER = "+61411000002";
    const corolla = (id: string, overrides: Partial<Vehicle> = {}) =>
      testVehicle({ id, slug: `beta-${id}`, stocknum: id.toUpperCase(), make: "Toyota", model: "Corolla", price: 25000, ...overrides });
    let db: Database;

    /** The cars stored and indexed, then the change looked at by RACERS processes at once; their results added up. */
    async function race(cars: Vehicle[], ids: (racer: number) => string[]): Promise<DetectResult> {
      await upsertVehicles(db, dealer.slug, cars);
      await engine.upsert(dealer.slug, cars);
      const results = await Promise.all(Array.from({ length: RACERS }, (_, i) => detectAlerts({ db, search, tenant: dealer }, ids(i))));
      return results.reduce((sum, r) => ({
        arrivals: sum.arrivals + r.arrivals,
        priceDrops: sum.priceDrops + r.priceDrops,
        sold: sum.sold + r.sold,
        alerts: sum.alerts + r.alerts,
      }));
    }

    beforeAll(async () => {
      db = await open();
      await migrate(db);
      const stock = [corolla("b1"), corolla("b2", { price: 26000 }), corolla("b3", { price: 24000 }), corolla("w1")];
      await upsertVehicles(db, dealer.slug, stock);
      await engine.replaceAll(dealer.slug, stock);
      await seedCarStates(db, dealer.slug, stock);
      await db.query(
        `INSERT INTO saved_searches (id, tenant, phone, name, search_path, search, channel, created_at)
         VALUES ('beta-search', $1, $2, 'Corollas', '/search/toyota/corolla', $3, 'sms', now() - interval '1 hour')`,
        [dealer.slug, FINDER, JSON.stringify({ query: "", filters: { make: ["Toyota"], model: ["Corolla"] }, ranges: {} })],
      );
      await addToWatchlist(db, dealer.slug, WATCHER, "w1");
    }, 120_000);

    afterAll(async () => {
      if (options.close !== false) await db?.close();
    });

    it("a new car matching a saved search, looked at five times at once, is one arrival and one alert", async () => {
      const total = await race([corolla("n1", { price: 23000 })], (i) => (i % 2 ? ["n1"] : []));
      expect(total).toEqual({ arrivals: 1, priceDrops: 0, sold: 0, alerts: 1 });
      expect((await listShopperAlerts(db, dealer.slug, FINDER)).map((a) => a.dedupe_key)).toEqual(["new-arrival:n1"]);
    });

    it("a watchlist car's price drop, looked at five times at once, is one drop and one alert", async () => {
      const total = await race([corolla("w1", { price: 22000 })], (i) => (i % 2 ? ["w1", "b1"] : ["w1"]));
      expect(total).toEqual({ arrivals: 0, priceDrops: 1, sold: 0, alerts: 1 });
      const alerts = await listShopperAlerts(db, dealer.slug, WATCHER);
      expect(alerts.map((a) => [a.dedupe_key, a.payload.kind === "price-drop" && [a.payload.oldPrice, a.payload.newPrice]])).toEqual([
        ["price-drop:w1:22000", [25000, 22000]],
      ]);
    });

    it("its sale, looked at five times at once, is one sale and one alert with similar cars", async () => {
      const total = await race([corolla("w1", { price: 22000, status: "sold", sold_at: new Date().toISOString() })], (i) =>
        i % 2 ? [] : ["w1"],
      );
      expect(total).toEqual({ arrivals: 0, priceDrops: 0, sold: 1, alerts: 1 });
      const sold = (await listShopperAlerts(db, dealer.slug, WATCHER)).filter((a) => a.kind === "sold");
      expect(sold).toHaveLength(1);
      const payload = sold[0].payload;
      expect(payload.kind === "sold" && payload.similar.map((c) => c.id).sort()).toEqual(["b1", "b2", "b3"]);
    });
  });
}
