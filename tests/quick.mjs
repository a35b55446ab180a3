#!/usr/bin/env node
/**
 * `npm run test:quick`: the pure and unit tests, the inner loop's answer in well under a minute. Every
 * vitest file under app/ and server/, and tests/ outside the suites that start a server, a browser or
 * a database, except the files that open a database, start a server or a child process themselves
 * (read from their text: those run in `npm test`). Extra arguments go to vitest (a file filter, `-t`).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What makes a test file slow or stateful: a database, a server, a browser, a child process, the production build. */
const NOT_QUICK =
  /openPgliteDatabase|freshPglite|testDatabase\(|testPlatform\(|openPostgresDatabase|openDatabase\(|serveRoute|startProductionServer|productionServer|spawn(Sync)?\(|execFile(Sync)?\(|chromium|REQUIRE_BUILD|buildDir|startFake/;
const SKIPPED_FOLDERS = new Set(["node_modules", "e2e", "hostile", "integration", "contract", "fixtures", "fakes"]);

function testFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || SKIPPED_FOLDERS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...testFiles(full));
    else if (/\.test\.tsx?$/.test(entry.name) && !NOT_QUICK.test(fs.readFileSync(full, "utf8"))) found.push(full);
  }
  return found;
}

const files = ["app", "server", "tests"].flatMap(testFiles);
const started = Date.now();
const result = spawnSync(path.join("node_modules", ".bin", "vitest"), ["run", ...files, ...process.argv.slice(2)], { stdio: "inherit" });
console.log(`test:quick: ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(result.status ?? 1);
