/**
 * Every page's first-load JavaScript in one file (decision 24). Rollup splits shared code into a chunk
 * per set of importers, so a page's first load was 20 to 28 small files; over HTTP/1.1 a phone opens six
 * connections per host and fetches them in rounds, one round trip each. The code every page loads
 * anyway (the root route and everything it and the browser entry import statically) goes into one chunk
 * instead: no page loads a byte more, and the rest of a page's code stays in its own few chunks. React
 * and React DOM, which every page loads too, are a second file that imports nothing, so the page can run
 * them in a task of their own (app/domain/frameworkChunk.ts).
 */
import type { ManualChunkMeta } from "rollup";
import type { Plugin } from "vite";
import { FRAMEWORK_CHUNK } from "../../app/domain/frameworkChunk";
import { isRootRouteModule } from "./oneStylesheet";

/** Remix's browser entry (its default or app/entry.client.tsx). */
export function isBrowserEntryModule(id: string): boolean {
  return /entry\.client\.[jt]sx?(\?|$)/.test(id);
}

/**
 * The modules the browser entry and the root route import statically, the root route included. The
 * entry itself stays a file of its own: it hydrates the page as it runs, which must wait until Remix's
 * start-up module has imported the routes and set the manifest (it imports the entry last).
 */
export function loadedOnEveryPage(meta: Pick<ManualChunkMeta, "getModuleIds" | "getModuleInfo">): Set<string> {
  const every = new Set<string>();
  const seen = new Set<string>();
  const waiting = [...meta.getModuleIds()].filter((id) => isRootRouteModule(id) || isBrowserEntryModule(id));
  while (waiting.length > 0) {
    const id = waiting.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!isBrowserEntryModule(id)) every.add(id);
    waiting.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return every;
}

/** React, React DOM and the CommonJS helpers they need: the framework's file (app/domain/frameworkChunk.ts). */
export function isFrameworkModule(id: string): boolean {
  // Vite's CommonJS wrappers of them name the package's path; its helpers for them go with them.
  return /\/node_modules\/(react|react-dom|scheduler)\//.test(id) || id.includes("commonjsHelpers");
}

export function siteChunk(): Plugin {
  let every: Set<string> | undefined;
  return {
    name: "dealer-sites:site-chunk",
    apply: "build",
    config(_config, env) {
      // The browser build only: the server reads its modules from disk, not over a network.
      if (env.isSsrBuild) return undefined;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id, meta) {
                every ??= loadedOnEveryPage(meta);
                if (!every.has(id)) return undefined;
                return isFrameworkModule(id) ? FRAMEWORK_CHUNK : "site";
              },
            },
          },
        },
      };
    },
  };
}
