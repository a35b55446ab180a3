/**
 * First-load JavaScript of page types, gzip, as DESIGN.md section 9 counts it: the browser entry, the
 * root route and the page's route module with every module they import statically (what the page
 * preloads before it becomes interactive). Chunks loaded later (a form's kit, the spin viewer) are not
 * counted. Read from a finished build's Remix browser manifest (and `client/.vite/manifest.json` when
 * the build writes one).
 *
 *   node scripts/first-load-js.mjs [buildDir] [routeId...]     (default: build, the four page types)
 *   V=1 node scripts/first-load-js.mjs build-x                 (also lists each file)
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const PAGES = {
  home: "routes/_index",
  results: "routes/search",
  vehicle: "routes/cars.$slug",
  finance: "routes/finance",
};

const [dir = "build", ...asked] = process.argv.slice(2);
const client = path.join(dir, "client");
const assets = path.join(client, "assets");
const remixManifest = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
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
const routes = asked.length ? asked.map((id) => [id, id]) : Object.entries(PAGES);
for (const [name, id] of routes) {
  const route = remix.routes[id];
  if (!route) {
    console.log(`${name}: route ${id} not found`);
    continue;
  }
  const files = new Set();
  for (const module of [remix.entry, remix.routes.root, route]) withStaticImports(module, files);
  const sizes = [...files].map((f) => [f, gzipBytes(f)]).sort((a, b) => b[1] - a[1]);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  console.log(`${name.padEnd(8)} ${(total / 1024).toFixed(1).padStart(6)} KB gzip  (${files.size} files, ${id})`);
  if (process.env.V) for (const [f, size] of sizes) console.log(`           ${(size / 1024).toFixed(1).padStart(6)}  ${f}`);
}
