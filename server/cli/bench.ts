/**
 * `npm run bench`: the budgets of DESIGN.md section 9 that a benchmark can check.
 *
 * (a) Search latency on a 5,000-car tenant with the embedded engine (Orama), through the search
 *     service as a loader calls it: ~300 varied searches, p50 and p99 (budget: p50 <= 15 ms).
 * (b) Server throughput and latency for `/`, `/search` and `/search` with a session cookie at 50 concurrent connections (budget: no
 *     errors, p99 <= 250 ms on the results page): starts the production server itself on a free
 *     loopback port with a temporary DATA_DIR, then stops it.
 *
 * Options: --search-only, --server-only, --seconds=N (per server route, default 10), --cars=N.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SORT_OPTIONS, emptySearchRequest, type SearchRequest } from "~/domain/search";
import { FIXTURE_NOW, searchTenant, syntheticStock } from "../../tests/fixtures/searchVehicles";
import { OramaSearchEngine } from "../search/orama";
import { createSearchService } from "../search/service";
import { measurePages } from "./pageBudgets";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [key, value = "true"] = a.replace(/^--/, "").split("=");
    return [key, value] as const;
  }),
);
const SECONDS = Math.max(1, Number(args.get("seconds") ?? 10));
const CARS = Math.max(100, Number(args.get("cars") ?? 5000));
const QUERIES = 300;
const WARM_UP = 30;
const HOST = "summit-auto-group.localhost";
const SERVER_START_TIMEOUT_MS = 240_000;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 2 : 1)} ms` : "-");

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => "| " + r.map((c, i) => c.padEnd(widths[i])).join(" | ") + " |";
  return [line(cells[0]), "|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|", ...cells.slice(1).map(line)].join("\n");
}

/** A small deterministic generator, so every run measures the same searches. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function variedSearches(count: number, facets: SearchRequest["facets"]): SearchRequest[] {
  const random = seeded(20260310);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const words = ["", "", "", "toyota", "hilux", "ford ranger", "suv", "mazda", "hybrid", "S1234", "white", "diesel ute", "golf"];
  const makes = ["Toyota", "Ford", "Mazda", "Hyundai", "Kia", "Subaru", "Volkswagen"];
  const bodies = ["suv", "ute", "hatch", "sedan"];
  const searches: SearchRequest[] = [];
  for (let i = 0; i < count; i++) {
    const filters: SearchRequest["filters"] = {};
    const ranges: SearchRequest["ranges"] = {};
    if (random() < 0.4) filters.make = random() < 0.3 ? [pick(makes), pick(makes)] : [pick(makes)];
    if (random() < 0.3) filters.body = [pick(bodies)];
    if (random() < 0.2) filters.car_type = [pick(["new", "demo", "used"])];
    if (random() < 0.15) filters.fuel = [pick(["Petrol", "Diesel", "Hybrid"])];
    if (random() < 0.3) ranges.price = { min: Math.floor(random() * 4) * 10000, max: 40000 + Math.floor(random() * 6) * 10000 };
    if (random() < 0.15) ranges.km = { max: 20000 + Math.floor(random() * 10) * 10000 };
    if (random() < 0.15) ranges.year = { min: 2015 + Math.floor(random() * 8) };
    searches.push(
      emptySearchRequest({
        query: pick(words),
        page: random() < 0.8 ? 1 : 2 + Math.floor(random() * 4),
        perPage: 0,
        sortBy: pick(SORT_OPTIONS).value,
        filters,
        ranges,
        facets,
        stats: ["price", "km", "year"],
      }),
    );
  }
  return searches;
}

async function benchSearch(): Promise<void> {
  console.log(`\n(a) Search latency: Orama, ${CARS.toLocaleString("en-AU")} cars in one tenant, ${QUERIES} searches\n`);
  const tenant = searchTenant("bench-motors");
  const engine = new OramaSearchEngine();
  const heapBefore = process.memoryUsage().heapUsed;
  const built = performance.now();
  await engine.replaceAll(tenant.slug, syntheticStock(CARS));
  const buildMs = performance.now() - built;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const service = createSearchService(engine, { clock: () => FIXTURE_NOW });
  const searches = variedSearches(QUERIES + WARM_UP, tenant.search.facets as SearchRequest["facets"]);

  const loader: number[] = [];
  const engineMs: number[] = [];
  let found = 0;
  for (const [i, request] of searches.entries()) {
    const started = performance.now();
    const result = await service.search(tenant, request);
    const elapsed = performance.now() - started;
    if (i < WARM_UP) continue;
    loader.push(elapsed);
    engineMs.push(result.ms);
    found += result.found;
  }
  loader.sort((a, b) => a - b);
  engineMs.sort((a, b) => a - b);
  console.log(
    table(
      ["measure", "p50", "p99", "max"],
      [
        ["search service (loader call)", ms(percentile(loader, 50)), ms(percentile(loader, 99)), ms(loader.at(-1)!)],
        ["engine time (result.ms)", ms(percentile(engineMs, 50)), ms(percentile(engineMs, 99)), ms(engineMs.at(-1)!)],
      ],
    ),
  );
  console.log(
    `\nindex build ${ms(buildMs)}, heap +${heapMb.toFixed(0)} MB, average ${Math.round(found / QUERIES)} cars found per search; ` +
      `budget p50 <= 15 ms: ${percentile(loader, 50) <= 15 ? "met" : "NOT MET"}`,
  );
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${base}/healthz`, { headers: { host: HOST }, signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${SERVER_START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timeout = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timeout);
}

async function benchServer(): Promise<void> {
  const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-sites-bench-"));
  const base = `http://127.0.0.1:${port}`;
  console.log(`\n(b) Server: production build on ${base}, Host ${HOST}, 50 connections, ${SECONDS} s per route\n`);
  let log = "";
  const child = spawn(process.execPath, ["server/cli/start.mjs"], {
    // Its own build folder (rebuilt only when sources are newer), so parallel builds do not collide.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      BUILD_DIR: process.env.BUILD_DIR ?? "build-bench",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  try {
    const started = Date.now();
    await waitForHealth(base, child, () => log);
    console.log(`server healthy after ${((Date.now() - started) / 1000).toFixed(1)} s (includes a build when the build is stale)\n`);
    const rows: (string | number)[][] = [];
    // A signed-in shopper carries a session cookie: public pages must stay as fast for them.
    const runs = [
      { label: "/", route: "/", cookie: "" },
      { label: "/search", route: "/search", cookie: "" },
      { label: "/search (with a session cookie)", route: "/search", cookie: `dealer_session=${"b".repeat(43)}` },
    ];
    for (const { label, route, cookie } of runs) {
      const result = await autocannon({
        url: `${base}${route}`,
        connections: 50,
        duration: SECONDS,
        headers: { host: HOST, ...(cookie ? { cookie } : {}) },
      });
      const codes = Object.entries(result.statusCodeStats)
        .map(([code, s]) => `${code}x${s.count}`)
        .join(" ");
      rows.push([
        label,
        Math.round(result.requests.average),
        ms(result.latency.p50),
        ms(result.latency.p99),
        result.errors + result.timeouts,
        codes || "-",
      ]);
    }
    console.log(table(["route", "req/s", "p50", "p99", "errors", "status codes"], rows));
    console.log("\nbudget: no errors and p99 <= 250 ms on the results page (/search)");
    if (!args.has("no-lighthouse")) {
      console.log("\n(c) Pages: gzipped HTML and first-load JavaScript, Lighthouse mobile performance (default throttling)\n");
      const pages = await measurePages(port, HOST);
      const dash = (v: number | undefined) => (v === undefined ? "-" : v);
      console.log(
        table(
          ["page", "HTML kB", "JS kB", "score", "LCP ms", "CLS", "TBT ms"],
          pages.map((p) => [p.page.slice(0, 48), p.htmlGzipKb, p.jsGzipKb, dash(p.score), dash(p.lcpMs), dash(p.cls), dash(p.tbtMs)]),
        ),
      );
      console.log("\nbudgets: score >= 95, LCP <= 1800 ms, CLS <= 0.02, TBT <= 100 ms, JS <= 120 kB, results HTML <= 60 kB");
    }
  } finally {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!args.has("server-only")) await benchSearch();
  if (!args.has("search-only")) {
    try {
      await benchServer();
    } catch (error) {
      console.error(`\nserver benchmark failed: ${(error as Error).message}`);
      process.exitCode = 1;
    }
  }
}

await main();
