/**
 * One process of `npm run bench`'s scale case (bench.ts (f)): many dealers with many cars each on one
 * instance, the embedded search engine, and PGlite in a folder or the PostgreSQL of DATABASE_URL (in a
 * schema of its own). Run once to load the stock and start, then again in a new process to measure a
 * restart. Prints one JSON line: the stock load (first run only), the start-up (database open and
 * migrated, every dealer's search index built, as the server's start does), memory, and search latency.
 *
 *   tsx server/cli/scaleBench.ts --dealers=100 --cars=1000 --dir=/tmp/x [--postgres-schema=name]
 */
import fs from "node:fs";
import path from "node:path";
import { emptySearchRequest, type SearchRequest } from "~/domain/search";
import { testTenant } from "../../tests/support/testTenant";
import { openPgliteDatabase } from "../db/pglite";
import { openPostgresDatabase } from "../db/postgres";
import { migrate } from "../db/migrate";
import { countVehicles, upsertVehicles } from "../db/vehicles";
import { generateDemoStock } from "../demo/demoStock";
import { OramaSearchEngine } from "../search/orama";
import { createSearchService } from "../search/service";
import { StockSync } from "../search/sync";
import { percentile, seeded } from "./mixedTraffic";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [key, value = "true"] = a.replace(/^--/, "").split("=");
    return [key, value] as const;
  }),
);
const DEALERS = Number(args.get("dealers") ?? 100);
const CARS = Number(args.get("cars") ?? 1000);
const dir = args.get("dir") ?? fs.mkdtempSync("/tmp/dealer-scale-");
const schema = args.get("postgres-schema");
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A standard dealer of the scale case: one yard, the defaults for everything else. */
const dealer = (i: number) => testTenant(`scale-dealer-${String(i).padStart(3, "0")}`, { name: `Scale Dealer ${i}` });

const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const tenants = Array.from({ length: DEALERS }, (_, i) => dealer(i + 1));

let started = performance.now();
const db =
  schema && process.env.DATABASE_URL
    ? await openPostgresDatabase(process.env.DATABASE_URL, { schema, dropSchemaOnClose: args.has("drop-schema") })
    : await openPgliteDatabase(path.join(dir, "pglite"));
await migrate(db);
// What the database itself holds in this process (PGlite's engine) is not the dealers'.
const baseRss = rssMb();
let loadMs: number | null = null;
if ((await countVehicles(db, tenants[0].slug)) === 0) {
  const loadStarted = performance.now();
  const now = new Date("2026-11-01T00:00:00Z");
  for (const tenant of tenants) await upsertVehicles(db, tenant.slug, generateDemoStock(tenant, { now, count: CARS }));
  loadMs = performance.now() - loadStarted;
  started += loadMs;
}
const engine = new OramaSearchEngine();
const sync = new StockSync({ db, engine, tenants: tenants.map((t) => t.slug), log: quiet });
await sync.start();
const startMs = performance.now() - started;
await sync.stop();
global.gc?.();
const rss = rssMb();

const search = createSearchService(engine);
const random = seeded(20261128);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
const times: number[] = [];
for (let i = 0; i < 400; i++) {
  const request: SearchRequest = { ...emptySearchRequest(), facets: ["make", "body", "car_type"] };
  if (random() < 0.4) request.filters = { make: [pick(["Toyota", "Ford", "Mazda", "Hyundai", "Kia"])] };
  if (random() < 0.3) request.ranges = { price: { min: 10000, max: 40000 + Math.floor(random() * 6) * 10000 } };
  if (random() < 0.2) request.query = pick(["hilux", "suv", "diesel ute", "white"]);
  const askedAt = performance.now();
  await search.search(pick(tenants), request);
  times.push(performance.now() - askedAt);
}
await db.close();
console.log(
  JSON.stringify({
    database: db.kind,
    dealers: DEALERS,
    cars: DEALERS * CARS,
    loadMs: loadMs === null ? null : Math.round(loadMs),
    startMs: Math.round(startMs),
    rssMb: rss,
    perDealerMb: Math.round(((rss - baseRss) / DEALERS) * 10) / 10,
    searchP50Ms:
      Math.round(
        percentile(
          [...times].sort((a, b) => a - b),
          50,
        ) * 100,
      ) / 100,
    searchP99Ms:
      Math.round(
        percentile(
          [...times].sort((a, b) => a - b),
          99,
        ) * 100,
      ) / 100,
  }),
);
