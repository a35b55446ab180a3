import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emptySearchRequest } from "~/domain/search";
import { TENANT_A, TENANT_B, alphaStock, bravoStock, searchTenant } from "../../tests/fixtures/searchVehicles";
import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { freshPglite } from "../../tests/support/freshPglite";
import { markVehicleSold, upsertVehicles } from "../db/vehicles";
import type { SearchEngine } from "./engine";
import { OramaSearchEngine } from "./orama";
import { createSearchService, type SearchService } from "./service";
import { StockSync } from "./sync";

const DAY = 24 * 60 * 60 * 1000;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe("keeping search fresh", () => {
  let db: Database;
  let engine: OramaSearchEngine;
  let service: SearchService;
  let sync: StockSync;
  const tenants = [TENANT_A, TENANT_B];
  const alpha = searchTenant(TENANT_A);
  // Fixture cars are a little in the past; the database and the sold window use the real clock here.
  const car = (id: string) => alphaStock().find((v) => v.id === id)!;
  const stocknumSearch = (stocknum: string, now = new Date()) => service.search(alpha, emptySearchRequest({ query: stocknum }), now);

  beforeAll(async () => {
    db = await freshPglite();
    await migrate(db);
    await upsertVehicles(db, TENANT_A, alphaStock().slice(0, 12));
    await upsertVehicles(db, TENANT_B, bravoStock());
    engine = new OramaSearchEngine();
    service = createSearchService(engine);
    sync = new StockSync({ db, engine, tenants: () => tenants, intervalMs: 40, log: quiet });
    await sync.start();
  });

  afterAll(async () => {
    await sync.stop();
    await db.close();
  });

  it("builds every tenant's index from the database at start", async () => {
    expect(engine.size(TENANT_A)).toBe(12);
    expect(engine.size(TENANT_B)).toBe(22);
    expect((await stocknumSearch("A1005")).hits.map((v) => v.id)).toEqual(["a-0005"]);
  });

  it("shows a car marked sold at once after notify ('JUST SOLD'), and drops it after the sold window", async () => {
    // Its own index and a sync that would not poll for a minute: only notify can bring the change.
    const own = new OramaSearchEngine();
    const ownService = createSearchService(own);
    const slowPolls = new StockSync({ db, engine: own, tenants, intervalMs: 60_000, log: quiet });
    await slowPolls.start();
    await markVehicleSold(db, TENANT_A, "a-0003");
    expect((await ownService.search(alpha, emptySearchRequest({ query: "A1003" }))).hits[0].status).toBe("in_stock");
    await slowPolls.notify(TENANT_A, ["a-0003"]);
    const now = await ownService.search(alpha, emptySearchRequest({ query: "A1003" }), new Date());
    expect(now.hits.map((v) => [v.id, v.status])).toEqual([["a-0003", "sold"]]);
    const afterWindow = await ownService.search(alpha, emptySearchRequest({ query: "A1003" }), new Date(Date.now() + 3 * DAY + 60_000));
    expect(afterWindow.found).toBe(0);
    await slowPolls.stop();
  });

  it("picks up changes made outside this process on the next poll", async () => {
    await upsertVehicles(db, TENANT_A, [{ ...car("a-0004"), colour: "Sunburst Orange" }]);
    await vi.waitFor(async () => expect((await service.search(alpha, emptySearchRequest({ query: "sunburst" }))).found).toBe(1), {
      timeout: 3000,
      interval: 20,
    });
  });

  it("tells what a poll found that this process had not heard of, once per change, so stored pages go too", async () => {
    const found: [string, string[]][] = [];
    const own = new OramaSearchEngine();
    const polling = new StockSync({
      db,
      engine: own,
      tenants: [TENANT_A],
      intervalMs: 30,
      log: quiet,
      onChangesFound: (tenant, ids) => found.push([tenant, ids]),
    });
    await polling.start();
    // A change whose news never came (another process's NOTIFY lost): the next poll finds it and says so.
    await upsertVehicles(db, TENANT_A, [{ ...car("a-0008"), colour: "Lost Message Teal" }]);
    await vi.waitFor(() => expect(found).toEqual([[TENANT_A, ["a-0008"]]]), { timeout: 3000, interval: 20 });
    // Later polls look back over the same change (the overlap) without telling of it again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(found).toHaveLength(1);
    await polling.stop();
  });

  it("looks back over changes already applied without applying them again, and applies one that committed late", async () => {
    const inner = new OramaSearchEngine();
    const upserted: string[] = [];
    const counting: SearchEngine = Object.assign(Object.create(inner) as OramaSearchEngine, {
      upsert: async (...args: Parameters<SearchEngine["upsert"]>) => {
        upserted.push(...args[1].map((vehicle) => vehicle.id));
        return inner.upsert(...args);
      },
    });
    // Every poll looks back a minute, over every car the fixtures just stored.
    const polling = new StockSync({ db, engine: counting, tenants: [TENANT_A], intervalMs: 20, overlapMs: 60_000, log: quiet });
    await polling.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(upserted).toEqual([]);
    // A change stamped before the latest one seen (its transaction began earlier and committed later).
    await db.query(
      `UPDATE vehicles SET data = jsonb_set(data, '{colour}', '"Late Commit Lime"'), updated_at = now() - interval '2 seconds'
        WHERE tenant = $1 AND id = $2`,
      [TENANT_A, "a-0009"],
    );
    const ownService = createSearchService(inner);
    await vi.waitFor(async () => expect((await ownService.search(alpha, emptySearchRequest({ query: "lime" }))).found).toBe(1), {
      timeout: 3000,
      interval: 20,
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(upserted).toEqual(["a-0009"]);
    await polling.stop();
  });

  it("takes a car out of the index when notified of an id the database no longer has", async () => {
    await db.query("DELETE FROM vehicles WHERE tenant = $1 AND id = $2", [TENANT_A, "a-0006"]);
    await sync.notify(TENANT_A, ["a-0006"]);
    expect((await stocknumSearch("A1006")).found).toBe(0);
    expect(await service.getBySlug(alpha, car("a-0006").slug)).toBeNull();
  });

  it("indexes a tenant added after start on its first catch-up", async () => {
    await upsertVehicles(db, "charlie-cars", alphaStock().slice(20, 25));
    tenants.push("charlie-cars");
    await sync.catchUp("charlie-cars");
    expect(engine.size("charlie-cars")).toBe(5);
  });

  it("logs a failed catch-up and keeps polling", async () => {
    const errors: unknown[] = [];
    let failures = 1;
    const inner = new OramaSearchEngine();
    const flaky: SearchEngine = Object.assign(Object.create(inner) as OramaSearchEngine, {
      upsert: async (...args: Parameters<SearchEngine["upsert"]>) => {
        if (failures-- > 0) throw new Error("index unavailable");
        return inner.upsert(...args);
      },
    });
    const log = { ...quiet, error: (...e: unknown[]) => void errors.push(e) };
    const polling = new StockSync({ db, engine: flaky, tenants: [TENANT_A], intervalMs: 30, overlapMs: 0, log });
    await polling.start();
    await upsertVehicles(db, TENANT_A, [{ ...car("a-0007"), colour: "Ultraviolet" }]);
    const ownService = createSearchService(inner);
    await vi.waitFor(async () => expect((await ownService.search(alpha, emptySearchRequest({ query: "ultraviolet" }))).found).toBe(1), {
      timeout: 3000,
      interval: 20,
    });
    expect(errors).toHaveLength(1);
    await polling.stop();
  });
});
