#!/usr/bin/env node
/**
 * `npm run test:quick`: the pure and unit tests, the inner loop's answer in well under a minute. Every
 * vitest file under app/ and server/, and tests/ outside the suites that start a server, a browser or
 * a database, except the files that open a database, start a server or a child process themselves
 * (read from their text by tests/support/testFiles.mjs: those run in `npm test`). Extra arguments go to
 * vitest (a file filter, `-t`).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { quickTestFile, vitestFiles } from "./support/testFiles.mjs";

const files = vitestFiles().filter((file) => quickTestFile(file));
const started = Date.now();
const result = spawnSync(path.join("node_modules", ".bin", "vitest"), ["run", ...files, ...process.argv.slice(2)], { stdio: "inherit" });
console.log(`test:quick: ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(result.status ?? 1);
