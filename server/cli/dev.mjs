#!/usr/bin/env node
/**
 * `npm run dev`: the same server entry and request pipeline as `npm start`, with Vite serving the
 * browser's modules (hot reload) and the Remix build loaded through Vite on every request, so edits
 * show without a restart. Pages are not kept in the page cache here.
 */
import { createServer } from "vite";

process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { bootPlatform, serveSites } = await vite.ssrLoadModule("/server/main.ts");
let platform;
try {
  platform = await bootPlatform();
} catch (error) {
  console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
serveSites({ build: () => vite.ssrLoadModule("virtual:remix/server-build"), platform, devMiddleware: vite.middlewares });
