/**
 * The web process as `npm start` runs it: the Node flags its `start` script gives before
 * `server/cli/start.mjs` (decision 38: a young generation large enough for a render's garbage). The bench
 * starts its servers with the same flags, read from the checkout it serves, so it measures the server a
 * dealer runs, and an earlier commit's server as that commit ran it.
 */
import fs from "node:fs";
import path from "node:path";

export const START_SCRIPT_ENTRY = "server/cli/start.mjs";

/** The Node flags in a `start` script of the form `node [--flag ...] server/cli/start.mjs`; none otherwise. */
export function nodeFlagsOf(startScript: string | undefined): string[] {
  const words = (startScript ?? "").trim().split(/\s+/);
  const entry = words.indexOf(START_SCRIPT_ENTRY);
  if (words[0] !== "node" || entry < 1) return [];
  return words.slice(1, entry).filter((word) => word.startsWith("--"));
}

/** The Node flags of the `start` script in `checkout`'s package.json. */
export function startNodeFlags(checkout: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(checkout, "package.json"), "utf8")) as { scripts?: Record<string, string> };
  return nodeFlagsOf(manifest.scripts?.start);
}
