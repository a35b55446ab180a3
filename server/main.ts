/**
 * The server entry: the platform (configuration, tenants, database, search, lead worker) is booted once
 * here and handed to every request through the load context; the Remix build only renders pages.
 * `npm start` runs the compiled entry (`build/server-main/main.js`) with the Remix build, `npm run dev`
 * the same entry through Vite, so production and development pass one request pipeline.
 */
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import type { Connect } from "vite";
import type { ServerBuild } from "@remix-run/node";
import { analyticsWritten } from "./analytics.server";
import { createSiteServer } from "./http/siteServer";
import { log } from "./log";
import { parseEnv } from "./config/env.server";
import { bootPlatform, type Platform } from "./platform.server";
import { clearServerInfo, writeServerInfo } from "./stock/importToken";

/**
 * Boots the platform, or stops the process with the reason: a bad tenant file or environment variable
 * is named with its file and field.
 */
export async function bootPlatformOrExit(): Promise<Platform> {
  const started = Date.now();
  try {
    const platform = await bootPlatform();
    log.info(`Platform ready in ${Date.now() - started} ms`);
    return platform;
  } catch (error) {
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

export interface ServeOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  platform: Platform;
  /** The client build's folder (production), or Vite's middleware (development). */
  clientDir?: string;
  devMiddleware?: Connect.Server;
}

/** Serves every dealer site on PORT until SIGTERM or SIGINT, then stops the lead worker and exits. */
export function serveSites({ build, platform, clientDir, devMiddleware }: ServeOptions): void {
  const port = platform.env.PORT;
  const dataDir = path.resolve(platform.env.dataDir);
  const sites = createSiteServer({ build, platform, clientDir: clientDir ?? "build/client", devMiddleware });
  const server = sites.listen(port, () => {
    // One process announces the server to the commands (npm run import): this one, or the web processes' primary.
    if (cluster.isPrimary) writeServerInfo(dataDir, port);
    if (cluster.isPrimary || cluster.worker?.id === 1)
      log.info(`Dealer sites on http://localhost:${port} (each dealer at http://<slug>.localhost:${port})`);
  });
  const stop = () => {
    if (cluster.isPrimary) clearServerInfo(dataDir);
    // Deliveries and a stock feed pull in flight finish (or are due again at the next start) and analytics events handed over are written; then the server closes.
    const worker = Promise.all([
      platform.leadWorker.stop(),
      platform.alertWorker.stop(),
      platform.stockFeeds.stop(),
      platform.stockChanges.stop(),
      platform.photoWarmup.stop(),
      platform.alertDetector.idle(),
    ]).catch(() => {});
    server.close(() => void Promise.all([worker, analyticsWritten(platform.db)]).then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 12_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/**
 * `npm start`: with DATABASE_URL, one web process per core (WEB_CONCURRENCY to change it), each serving
 * every dealer on the same port (node:cluster shares the listening socket); with the embedded database,
 * this one process (only one process may open it). The first web process starts alone, so migrations and
 * the demo stock run once, then the others start; stock feeds are pulled by the first one only, leads are
 * delivered by all (each claims its deliveries, decision 0009). A web process that dies after it was
 * serving is started again; one that stops before it ever served (a bad dealer file, a database that does
 * not answer) stops the server with its reason, as a single process would. `serve` boots the platform and
 * serves, in a web process.
 */
export function serveOnEveryCore(serve: () => Promise<void>): void {
  if (cluster.isWorker) return void serve();
  const env = parseEnv();
  const wanted = env.WEB_CONCURRENCY ?? os.availableParallelism();
  if (!env.DATABASE_URL || wanted <= 1) {
    if (!env.DATABASE_URL)
      log.info("One web process: the embedded database is opened by one process only (set DATABASE_URL for one per core)");
    return void serve();
  }
  log.info(`Starting ${wanted} web processes on one PostgreSQL database`);
  const slots = new Map<number, number>();
  const serving = new Set<number>();
  let stopping = false;
  /** Stops every web process (each finishes what it was doing), then the server, with `code`. */
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    clearServerInfo(path.resolve(env.dataDir));
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (!Object.keys(cluster.workers ?? {}).length) process.exit(code);
    setTimeout(() => process.exit(code), 15_000).unref();
  };
  const fork = (slot: number) => {
    // Only the first web process pulls dealers' stock feeds; a pull is one per dealer, not one per process.
    const worker = cluster.fork(slot === 0 ? {} : { STOCK_FEED_PULLS: "off", PHOTO_WARMUP: "off" });
    slots.set(worker.id, slot);
    worker.once("listening", () => serving.add(worker.id));
    return worker;
  };
  const first = fork(0);
  first.once("listening", () => {
    writeServerInfo(path.resolve(env.dataDir), env.PORT);
    for (let slot = 1; slot < wanted; slot++) fork(slot);
  });
  cluster.on("exit", (worker, code, signal) => {
    const slot = slots.get(worker.id) ?? 0;
    slots.delete(worker.id);
    const served = serving.delete(worker.id);
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(process.exitCode ?? 0);
      return;
    }
    // It never served: its reason is in the log above; starting it again would fail the same way.
    if (!served) return stopAll(code || 1);
    log.error("web process stopped; starting it again", { slot, code, signal });
    fork(slot);
  });
  process.on("SIGTERM", () => stopAll(0));
  process.on("SIGINT", () => stopAll(0));
}
