/**
 * Serves the bare Remix page's production build (built by `npm run bench` when missing or stale) the
 * way the dealer sites are served: Express, gzip, fingerprinted assets cached for a year.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
export const BARE_BUILD_DIR = path.join(repo, "build-bare");

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the page when its build is missing or older than its sources. */
export function buildBarePage(): void {
  const built = path.join(BARE_BUILD_DIR, "server", "index.js");
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newestChange(here)) return;
  const run = spawnSync(
    process.execPath,
    [path.join(repo, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build", "--config", path.join(here, "vite.config.ts")],
    {
      cwd: repo,
      env: { ...process.env, BARE_BUILD_DIR },
      encoding: "utf8",
    },
  );
  if (run.status !== 0) throw new Error(`the bare Remix page did not build:\n${run.stdout}\n${run.stderr}`);
}

/** Starts the bare page on a loopback port; resolves with a function that stops it. */
export async function startBarePage(port: number): Promise<() => Promise<void>> {
  buildBarePage();
  const build = (await import(pathToFileURL(path.join(BARE_BUILD_DIR, "server", "index.js")).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  app.use("/assets", express.static(path.join(BARE_BUILD_DIR, "client", "assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(BARE_BUILD_DIR, "client"), { maxAge: "1h" }));
  // Browsers ask for it; the page has none, and Remix would log each miss as an error.
  app.get("/favicon.ico", (_request, response) => response.status(204).end());
  app.all("*", createRequestHandler({ build, mode: "production" }));
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(port, "127.0.0.1", () => resolve(listening));
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
