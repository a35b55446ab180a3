/**
 * First-load JavaScript of page types, gzip, as DESIGN.md section 9 counts it: the browser entry, the
 * root route and the page's route module with every module they import statically (what the page
 * preloads before it becomes interactive). Chunks loaded later (a form's kit, a lazy part's code, the
 * spin viewer) are not counted. Read from a finished build's Remix browser manifest (and
 * `client/.vite/manifest.json` when the build writes one). tests/firstLoadBudget.test.ts holds every
 * page type to the budget after the build that `npm test` makes.
 *
 *   node scripts/first-load-js.mjs [buildDir] [routeId...]     (default: build, every public page type)
 *   V=1 node scripts/first-load-js.mjs build-x                 (also lists each file)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** The budget per page type (DESIGN.md section 9), in KB (1,024 bytes) gzip. */
export const FIRST_LOAD_BUDGET_KB = 100;

/** Every public page type, by one route id that serves it. */
export const PAGES = {
  home: "routes/_index",
  results: "routes/search",
  vehicle: "routes/cars.$slug",
  // Content pages and model pages: one route at every one-segment address (decision 0032).
  content: "routes/$page",
  offers: "routes/special-offers",
  offer: "routes/offers.$id",
  locations: "routes/locations",
  location: "routes/locations_.$slug",
  contact: "routes/contact",
  finance: "routes/finance",
  "sign-in": "routes/sign-in",
  garage: "routes/my-garage",
  reserve: "routes/cars.$slug_.checkout",
  "buy-online": "routes/checkout-journey",
  "finance-journey": "routes/personalised.finance",
  "trade-in": "routes/trade-in",
  "test-drive": "routes/book-test-drive",
  payment: "routes/online-payment",
  brand: "routes/$brand.overview",
  compare: "routes/compare",
};

/**
 * The first-load JavaScript of each route asked for: its files with their gzip sizes (largest first)
 * and the total, or `missing` when the build has no such route.
 *
 * @param {string} dir the build directory (BUILD_DIR)
 * @param {[string, string][]} routes [name, route id] pairs
 * @returns {{ name: string, id: string, missing?: boolean, files: [string, number][], totalBytes: number }[]}
 */
export function firstLoadJs(dir, routes = Object.entries(PAGES)) {
  const client = path.join(dir, "client");
  const assets = path.join(client, "assets");
  const remixManifest = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!remixManifest) throw new Error(`no Remix browser manifest in ${assets}`);
  const text = fs.readFileSync(path.join(assets, remixManifest), "utf8");
  const remix = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));

  // With `build.manifest` on, Vite's own manifest gives each chunk's static imports; otherwise the Remix
  // manifest's `imports` (every chunk a module imports statically, as the page preloads them) are used.
  const viteManifestPath = path.join(client, ".vite/manifest.json");
  const vite = fs.existsSync(viteManifestPath) ? JSON.parse(fs.readFileSync(viteManifestPath, "utf8")) : null;
  const byFile = new Map(Object.values(vite ?? {}).map((chunk) => [`/${chunk.file}`, chunk]));

  /** A module (public URL) and every chunk it imports statically, transitively. */
  function withStaticImports(module, into) {
    into.add(module.module);
    for (const url of module.imports ?? []) into.add(url);
    if (!vite) return into;
    const visit = (chunk) => {
      if (!chunk) return;
      into.add(`/${chunk.file}`);
      for (const key of chunk.imports ?? []) if (!into.has(`/${vite[key].file}`)) visit(vite[key]);
    };
    visit(byFile.get(module.module));
    return into;
  }

  const gzipBytes = (url) => gzipSync(fs.readFileSync(path.join(client, url))).length;
  return routes.map(([name, id]) => {
    const route = remix.routes[id];
    if (!route) return { name, id, missing: true, files: [], totalBytes: 0 };
    const urls = new Set();
    for (const module of [remix.entry, remix.routes.root, route]) withStaticImports(module, urls);
    const files = [...urls].map((f) => [f, gzipBytes(f)]).sort((a, b) => b[1] - a[1]);
    return { name, id, files, totalBytes: files.reduce((sum, [, size]) => sum + size, 0) };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir = "build", ...asked] = process.argv.slice(2);
  const routes = asked.length ? asked.map((id) => [id, id]) : Object.entries(PAGES);
  for (const page of firstLoadJs(dir, routes)) {
    if (page.missing) {
      console.log(`${page.name}: route ${page.id} not found`);
      continue;
    }
    const kb = page.totalBytes / 1024;
    const over = kb > FIRST_LOAD_BUDGET_KB ? `  OVER the ${FIRST_LOAD_BUDGET_KB} KB budget` : "";
    console.log(`${page.name.padEnd(15)} ${kb.toFixed(1).padStart(6)} KB gzip  (${page.files.length} files, ${page.id})${over}`);
    if (process.env.V) for (const [f, size] of page.files) console.log(`            ${(size / 1024).toFixed(1).padStart(6)}  ${f}`);
  }
}
