#!/usr/bin/env node
/**
 * `npm start`: builds the site when the build is missing or older than the source, boots the platform
 * (migrations, demo stock, search indexes), then serves every dealer site on PORT (default 3000).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";
// Paths (build, tenants, migrations, data) are relative to the project, wherever the command is run from.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
if (process.env.DATA_DIR) process.env.DATA_DIR = path.resolve(process.env.DATA_DIR);
process.chdir(root);
const buildDir = process.env.BUILD_DIR ?? "build";
const serverBuild = path.resolve(root, buildDir, "server/index.js");
const serverEntry = path.resolve(root, buildDir, "server-main/main.js");

function newestSourceTime() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of ["app", "server", "public"]) if (fs.existsSync(dir)) walk(dir);
  for (const file of ["package.json", "vite.config.ts", "vite.server.config.ts", "remix.config.js"]) {
    newest = Math.max(newest, fs.statSync(file).mtimeMs);
  }
  return newest;
}

// SKIP_BUILD=1 serves an existing build as it is (tests that only need the start-up path).
const built = () => fs.existsSync(serverBuild) && fs.existsSync(serverEntry);
const stale = () =>
  process.env.SKIP_BUILD !== "1" && Math.min(fs.statSync(serverBuild).mtimeMs, fs.statSync(serverEntry).mtimeMs) < newestSourceTime();
if (!built() || stale()) {
  console.log("Building the site...");
  execSync("npm run -s build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}

// The server entry owns the platform; the Remix build gets it through the load context. With DATABASE_URL
// there is one web process per core, each running what follows (server/main.ts serveOnEveryCore).
const { bootPlatformOrExit, serveOnEveryCore, serveSites } = await import(pathToFileURL(serverEntry).href);
serveOnEveryCore(async () => {
  const build = await import(pathToFileURL(serverBuild).href);
  const platform = await bootPlatformOrExit();
  // Every request passes one pipeline (checks, page cache, Remix, security headers): server/http/siteServer.ts.
  serveSites({ build, platform, clientDir: path.join(buildDir, "client") });
});
