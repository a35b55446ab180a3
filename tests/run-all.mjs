#!/usr/bin/env node
/**
 * `npm test`: everything a change can break, in order: typecheck, unit + contract + integration tests
 * (vitest), the production build, then end-to-end tests in Chromium with JavaScript on and off.
 * Ends with one line "N passed, N failed, N skipped" over all suites.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(
    `No Chromium found at ${chromium}. The browser tests need it: install Debian's package with ` +
      "`apt-get install -y chromium`, or set CHROME_PATH to a Chromium or Chrome binary.",
  );
  process.exit(1);
}

// The brochure tests read the PDF's text with poppler's pdftotext.
if (spawnSync("pdftotext", ["-v"]).error) {
  console.error("No pdftotext found. The PDF brochure tests need it: install Debian's package with `apt-get install -y poppler-utils`.");
  process.exit(1);
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-sites-tests-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`--- ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

const bin = (name) => path.join("node_modules", ".bin", name);

step("typecheck", bin("tsc"), ["--noEmit"]);

const vitestReport = path.join(reports, "vitest.json");
step("unit, contract and integration tests", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]);
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

const built = step("production build", bin("remix"), ["vite:build"], { NODE_ENV: "production" });

if (built) {
  const playwrightReport = path.join(reports, "playwright.json");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-sites-e2e-data-"));
  step("browser tests (JavaScript on and off)", bin("playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    E2E_DATA_DIR: dataDir,
    CHROME_PATH: chromium,
  });
  if (fs.existsSync(playwrightReport)) {
    const stats = JSON.parse(fs.readFileSync(playwrightReport, "utf8")).stats;
    totals.passed += stats.expected + (stats.flaky ?? 0);
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
// A failed step with no failing test (typecheck, build) still counts as a failure.
if (failedSteps.length && totals.failed === 0) totals.failed = failedSteps.length;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
