/**
 * The bare Remix page `npm run bench` measures beside the dealer sites: Remix 2.17 on Vite, React 18,
 * one route with one loader and one stylesheet, built and served the way the dealer sites are. Its
 * figures are the floor the dealer pages are compared with (DESIGN.md section 9: LCP within 1.2x).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  plugins: [
    remix({
      appDirectory: path.join(here, "app"),
      buildDirectory: process.env.BARE_BUILD_DIR ?? path.resolve(here, "../../build-bare"),
      future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true },
    }),
  ],
});
