/**
 * The production build's weight as the shopper's browser meets it (DESIGN.md section 9, decision 20),
 * read from the build's manifests, never timed: every public page type preloads at most 100 KB gzip of
 * JavaScript before it is interactive, and every page links one stylesheet, the site's. Runs on the build
 * `npm test` has just made (tests/run-all.mjs, BUILD_DIR), so a change that pulls a heavy module into a
 * page's first load fails here and names the page and its files.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_LOAD_BUDGET_KB, firstLoadJs, PAGES } from "../scripts/first-load-js.mjs";
import { BUILD_DIR, serverBuild } from "./support/serverBuild";
import { isFrameworkFile } from "~/domain/frameworkChunk";

const build = serverBuild("the first-load budget test");

function remixManifest(): {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
} {
  const assets = path.join(BUILD_DIR, "client/assets");
  const file = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no Remix browser manifest in ${assets}`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

describe("the production build's first load", () => {
  it.skipIf(build.skip)(`every public page type loads at most ${FIRST_LOAD_BUDGET_KB} KB gzip of JavaScript first`, () => {
    build.assertPresent();
    const pages = firstLoadJs(BUILD_DIR);
    expect(pages.filter((page) => page.missing).map((page) => page.id)).toEqual([]);
    const over = pages
      .filter((page) => page.totalBytes > FIRST_LOAD_BUDGET_KB * 1024)
      .map((page) => `${page.name} ${(page.totalBytes / 1024).toFixed(1)} KB: ${page.files.map(([f, size]) => `${f} ${size}`).join(", ")}`);
    expect(over).toEqual([]);
    expect(pages.map((page) => page.name)).toEqual(Object.keys(PAGES));
  });

  it.skipIf(build.skip)(
    "the code every page loads is two files beside the browser entry's own: React's, importing nothing, and the site's, the root route in it (decision 24)",
    () => {
      build.assertPresent();
      const { entry, routes } = remixManifest();
      expect(entry.imports).toHaveLength(2);
      // The root route's own module is a small facade of the site's file and imports nothing else.
      expect([...(routes.root.imports ?? [])].sort()).toEqual([...entry.imports].sort());
      const framework = entry.imports.filter(isFrameworkFile);
      expect(framework).toHaveLength(1);
      // It imports nothing, so the start-up script can run it in a task of its own before the rest.
      const code = fs.readFileSync(path.join(BUILD_DIR, "client", framework[0]), "utf8");
      expect(code).not.toMatch(/\bfrom\s*["']\.{1,2}\/|\bimport\s*\(?\s*["']\.{1,2}\//);
    },
  );

  it.skipIf(build.skip)("every page links one stylesheet, the site's, from the root route", () => {
    build.assertPresent();
    const routes = remixManifest().routes;
    expect(routes.root.css).toHaveLength(1);
    const withOwnCss = Object.entries(routes).filter(([id, route]) => id !== "root" && (route.css?.length ?? 0) > 0);
    expect(withOwnCss.map(([id]) => id)).toEqual([]);
  });
});
