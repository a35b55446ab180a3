#!/usr/bin/env node
/**
 * `npm run dev`: the same server entry and request pipeline as `npm start`, with Vite serving the
 * browser's modules (hot reload) and the Remix build loaded through Vite on every request, so edits
 * show without a restart. Pages are not kept in the page cache here.
 */
import { createServer } from "vite";

process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { bootPlatformOrExit, serveSites } = await vite.ssrLoadModule("/server/main.ts");
const platform = await bootPlatformOrExit();
serveSites({ build: () => vite.ssrLoadModule("virtual:remix/server-build"), platform, devMiddleware: vite.middlewares });
