#!/usr/bin/env node
/**
 * `npm test`: everything a change can break: typecheck, lint (ESLint, the dependency rule among its rules),
 * format check (Prettier) and the production build side by side; then unit + contract + integration tests
 * (vitest; the server-level suites such as tests/hostile and tests/startup.test.ts start the server from
 * that build), then end-to-end tests in Chromium with JavaScript on and off. A failed build still lets
 * vitest run and report; only the browser tests need it. A red lint or format check is a failed step; the
 * rest still run. A browser test that passed only on its retry is named, and more than FLAKY_LIMIT of them
 * fail the run. The quick inner loop is `npm run test:quick` (tests/quick.mjs); `npm run test:watch` watches.
 *
 * Before anything it checks the machine: a Chromium (CHROME_PATH, else Debian's chromium-headless-shell), poppler's
 * pdftotext and libxml2's xmllint (the ADF/XML lead validation). Run as root on Debian it installs the missing packages itself with apt-get, saying so;
 * otherwise it stops and prints the command to run. It never skips the browser or brochure tests.
 * Ends with one line "N passed, N failed, N skipped" over all suites.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { aptInstallCommands, planPrerequisites, TEST_BROWSER } from "./support/prerequisites.mjs";

const chromePath = process.env.CHROME_PATH || undefined;
const chromium = chromePath ?? TEST_BROWSER;
const found = (command, args) => !spawnSync(command, args, { stdio: "ignore" }).error;
const machine = () => ({
  chromePath,
  chromePathExists: fs.existsSync(chromium),
  pdftotextFound: found("pdftotext", ["-v"]),
  xmllintFound: found("xmllint", ["--version"]),
  isRoot: process.getuid?.() === 0,
  hasAptGet: found("apt-get", ["--version"]),
});

const plan = planPrerequisites(machine());
if (plan.action === "stop") {
  console.error(plan.message);
  process.exit(1);
}
if (plan.action === "install") {
  console.log(
    `Installing ${plan.packages.join(" and ")} with apt-get (running as root), needed by the browser, brochure and lead tests...`,
  );
  for (const { command, args, env } of aptInstallCommands(plan.packages)) {
    console.log(
      `$ ${Object.entries(env)
        .map(([k, v]) => `${k}=${v} `)
        .join("")}${command} ${args.join(" ")}`,
    );
    const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    if (result.status !== 0) {
      console.error(
        `\`${command} ${args.join(" ")}\` failed. Install the packages yourself: sudo apt-get install -y ${plan.packages.join(" ")}`,
      );
      process.exit(1);
    }
  }
  const after = planPrerequisites(machine());
  if (after.action !== "ready") {
    console.error(`Still missing after apt-get install: ${after.action === "install" ? after.packages.join(", ") : after.message}`);
    process.exit(1);
  }
}

/** How many browser tests may pass only on their retry before the run fails (each is named either way). */
const FLAKY_LIMIT = 1;

/** The browser tests that failed first and passed on a retry, as "project › file › title". */
function flakyTests(report) {
  const found = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === "flaky") found.push(`[${t.projectName}] ${[...trail, spec.title].filter(Boolean).join(" › ")}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return found;
}

/** The browser tests that failed on every try, as "project › file › title: first error line". */
function unexpectedTests(report) {
  const found = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected") continue;
        const error = t.results?.at(-1)?.error?.message;
        found.push(`[${t.projectName}] ${[...trail, spec.title].filter(Boolean).join(" › ")}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return found;
}

/** The first non-empty line of an error, without colour codes, cut to 300 characters. */
function firstLine(text) {
  const line = String(text ?? "")
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "")
    .split("\n")
    .map((l) => l.trim())
    .find(Boolean);
  return (line ?? "(no message)").slice(0, 300);
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-sites-tests-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Every failing test, named again at the very end with its first error line: a long log's tail shows them. */
const failedTests = [];

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`--- ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

/**
 * Steps that do not depend on each other, run side by side; each one's output is printed whole when it
 * ends (never interleaved), in the order given. Resolves with whether each passed.
 */
async function together(steps) {
  const started = Date.now();
  const runs = steps.map(
    ({ name, command, args, env = {} }) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: "1", ...env } });
        const output = [];
        child.stdout.on("data", (chunk) => output.push(chunk));
        child.stderr.on("data", (chunk) => output.push(chunk));
        child.on("error", (error) => output.push(Buffer.from(String(error))));
        child.on("close", (status) =>
          resolve({ name, ok: status === 0, output: Buffer.concat(output), seconds: (Date.now() - started) / 1000 }),
        );
      }),
  );
  const results = await Promise.all(runs);
  for (const { name, ok, output, seconds } of results) {
    console.log(`\n=== ${name} ===`);
    process.stdout.write(output);
    console.log(`--- ${name}: ${ok ? "ok" : "FAILED"} in ${seconds.toFixed(1)} s (beside the others)`);
    if (!ok) failedSteps.push(name);
  }
  return results.map((r) => r.ok);
}

const bin = (name) => path.join("node_modules", ".bin", name);

// The typecheck, the lint rules (the dependency rule among them), the formatting (decision 13) and the
// production build do not wait for each other; each is a failed step when red.
const [, , , built] = await together([
  { name: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
  { name: "lint", command: bin("eslint"), args: ["."] },
  { name: "format check", command: bin("prettier"), args: ["--check", "."] },
  { name: "production build", command: "npm", args: ["run", "-s", "build"], env: { NODE_ENV: "production" } },
]);

// Vitest runs even when the build failed: its suites that need the build say so; the rest still report.
const vitestReport = path.join(reports, "vitest.json");
// REQUIRE_BUILD=1: the suites that start the production server fail, rather than skip, without a build.
step(
  "unit, contract and integration tests",
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  { REQUIRE_BUILD: "1" },
);
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const relative = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failed) failedTests.push(`vitest ${relative} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed before any test ran (an import error, a hook that threw) has no failed test to name.
    if (file.status === "failed" && !failed.length) failedTests.push(`vitest ${relative}: ${firstLine(file.message)}`);
  }
}

if (built) {
  const playwrightReport = path.join(reports, "playwright.json");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-sites-e2e-data-"));
  step("browser tests (JavaScript on and off)", bin("playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    E2E_DATA_DIR: dataDir,
    CHROME_PATH: chromium,
  });
  if (fs.existsSync(playwrightReport)) {
    const report = JSON.parse(fs.readFileSync(playwrightReport, "utf8"));
    const { stats } = report;
    totals.passed += stats.expected + (stats.flaky ?? 0);
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    // A test that passed only on its retry is a bug to fix, not a pass: each is named, and more than
    // FLAKY_LIMIT of them fail the run.
    for (const title of unexpectedTests(report)) failedTests.push(`browser ${title}`);
    const flaky = flakyTests(report);
    totals.flaky = flaky.length;
    if (flaky.length) {
      console.log(`\n${flaky.length} browser test${flaky.length === 1 ? "" : "s"} passed only on retry:`);
      for (const title of flaky) console.log(`  ${title}`);
    }
    if (flaky.length > FLAKY_LIMIT) failedSteps.push(`browser tests passing only on retry (${flaky.length}, at most ${FLAKY_LIMIT})`);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
if (failedTests.length) {
  console.log(`\nFailed tests (${failedTests.length}):`);
  for (const line of failedTests) console.log(`  ${line}`);
}
// A failed step with no failing test (typecheck, build) still counts as a failure.
if (failedSteps.length && totals.failed === 0) totals.failed = failedSteps.length;
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${totals.flaky ? ` (${totals.flaky} passed only on retry)` : ""}`,
);
process.exit(failedSteps.length ? 1 : 0);
