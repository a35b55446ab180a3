/**
 * Is this a real Australian postcode? (spec 001 sections 5 and 8: 'Invalid postcode' for a postcode
 * that is four digits but not Australian.) Answered from the bundled list (buildPostcodeList.mjs),
 * read once per process; server only, so the 3,000-odd postcodes never reach the browser.
 */
import fs from "node:fs";
import { log } from "../log";
import { buildPostcodeList, listHeader, postcodeListPath } from "./buildPostcodeList.mjs";

let known: Set<string> | null | "unavailable" = null;

function loadPostcodes(): Set<string> | "unavailable" {
  try {
    return readOrBuild();
  } catch (error) {
    // Without its list the site still takes applications: the four-digit rule is checked by the form.
    log.error("Australian postcode list unavailable: postcodes are checked for four digits only", { error: String(error) });
    return "unavailable";
  }
}

function readOrBuild(): Set<string> {
  const file = postcodeListPath();
  try {
    const [header, ...lines] = fs.readFileSync(file, "utf8").split("\n");
    if (header === listHeader()) return new Set(lines.filter((line) => /^\d{4}$/.test(line)));
  } catch {
    // Not built yet (an install that skipped scripts): built below.
  }
  const postcodes = buildPostcodeList();
  log.info("Australian postcode list built", { postcodes: postcodes.length });
  return new Set(postcodes);
}

/** The number of postcodes in the list (for tests and start-up checks). */
export function knownPostcodeCount(): number {
  known ??= loadPostcodes();
  return known === "unavailable" ? 0 : known.size;
}

/** Four digits that are an Australian postcode (any four digits, logged once, if the list cannot be read). */
export function isKnownPostcode(postcode: string): boolean {
  const trimmed = postcode.trim();
  if (!/^\d{4}$/.test(trimmed)) return false;
  known ??= loadPostcodes();
  return known === "unavailable" || known.has(trimmed);
}
