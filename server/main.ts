/**
 * The server entry: the platform (configuration, tenants, database, search, lead worker) is booted once
 * here and handed to every request through the load context; the Remix build only renders pages.
 * `npm start` runs the compiled entry (`build/server-main/main.js`) with the Remix build, `npm run dev`
 * the same entry through Vite, so production and development pass one request pipeline.
 */
import path from "node:path";
import type { Connect } from "vite";
import type { ServerBuild } from "@remix-run/node";
import { analyticsWritten } from "./analytics.server";
import { createSiteServer } from "./http/siteServer";
import { log } from "./log";
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
    writeServerInfo(dataDir, port);
    log.info(`Dealer sites on http://localhost:${port} (each dealer at http://<slug>.localhost:${port})`);
  });
  const stop = () => {
    clearServerInfo(dataDir);
    // Deliveries and a stock feed pull in flight finish (or are due again at the next start) and analytics events handed over are written; then the server closes.
    const worker = Promise.all([platform.leadWorker.stop(), platform.stockFeeds.stop()]).catch(() => {});
    server.close(() => void Promise.all([worker, analyticsWritten(platform.db)]).then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 12_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
