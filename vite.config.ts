/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { availableParallelism } from "node:os";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixOptions from "./remix.config.js";
import { oneStylesheet } from "./server/vite/oneStylesheet";
import { serverCodeGuard } from "./server/vite/serverCodeGuard";
import { siteChunk } from "./server/vite/siteChunk";
import { isolatedTestFile, vitestFiles } from "./tests/support/testFiles.mjs";

const isVitest = Boolean(process.env.VITEST);
const ownModuleTestFiles: string[] = [];
const sharedModuleTestFiles: string[] = [];
for (const file of isVitest ? vitestFiles() : []) (isolatedTestFile(file) ? ownModuleTestFiles : sharedModuleTestFiles).push(file);

// Loader and action data typed as single fetch sends it (turbo-stream: Dates, Maps and undefined arrive as themselves).
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    // BUILD_DIR lets several builds (e.g. parallel test runs) live side by side.
    !isVitest && remix({ ...remixOptions, buildDirectory: process.env.BUILD_DIR ?? "build" }),
    vanillaExtractPlugin(),
    tsconfigPaths(),
    // The browser build stops when anything under server/ reaches it (decision 13).
    !isVitest && serverCodeGuard(),
    // One stylesheet for every page, linked from the root route (decision 20).
    !isVitest && oneStylesheet(),
    // The code every page loads in one file, not twenty small ones (decision 24).
    !isVitest && siteChunk(),
  ],
  server: { port: Number(process.env.PORT ?? 3000) },
  // A lazy chunk is asked for with a plain import(), not Vite's helper that first adds a preload link for
  // each file the chunk needs: adding those links was most of the main thread's work after a page
  // hydrated (decision 33). Remix's own modulepreload links for a page's routes are unchanged.
  build: { modulePreload: false },
  ssr: {
    // Server-only packages that must stay outside the bundle (native bits, wasm, data files).
    external: ["@electric-sql/pglite", "pg", "pdfkit", "typesense", "@orama/orama"],
  },
  test: {
    exclude: ["tests/e2e/**", "node_modules/**"],
    // Two groups, one after the other (decision 36). Every file that leaves the modules and the environment
    // as it found them shares one load of the app's modules per worker (forks, not isolated): loading them
    // again for each file was about half of vitest's time. The files that mock modules or write the
    // environment (tests/support/testFiles.mjs) then run as vitest runs every file by default, each in its
    // own fresh worker (threads, isolated).
    projects: [
      {
        extends: true,
        test: {
          name: "shared modules",
          include: sharedModuleTestFiles,
          setupFiles: ["tests/support/sharedModules.setup.ts"],
          pool: "forks",
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: "own modules", include: ownModuleTestFiles, pool: "threads", sequence: { groupOrder: 1 } } },
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    poolOptions: { forks: { isolate: false }, threads: { isolate: true } },
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, which leaves a
    // core idle while a suite waits on its server or database. Two at least: every suite holds on a busy machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
