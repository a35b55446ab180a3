/**
 * Is this a real Australian postcode? (spec 001 sections 5 and 8: 'Invalid postcode' for a postcode
 * that is four digits but not Australian.) Answered from the bundled list (buildPostcodeList.mjs),
 * read once per process; server only, so the 3,000-odd postcodes never reach the browser.
 */
import fs from "node:fs";
import { log } from "../log";
import { buildPostcodeList, listHeader, postcodeListPath } from "./buildPostcodeList.mjs";

let known: Set<string> | null = null;

function loadPostcodes(): Set<string> {
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
  return known.size;
}

export function isKnownPostcode(postcode: string): boolean {
  const trimmed = postcode.trim();
  if (!/^\d{4}$/.test(trimmed)) return false;
  known ??= loadPostcodes();
  return known.has(trimmed);
}
