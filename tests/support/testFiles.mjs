/**
 * Which vitest files run where, read from each file's text (decision 36).
 *
 * - **Own module registry** (`isolatedTestFile`): a file that mocks modules, loads them again, or writes
 *   `process.env`. It would leak its mocks or settings into the files after it, so it gets a fresh
 *   set of modules, as vitest gives every file by default.
 * - **Shared module registry**: every other file. Loading the app's modules again for each of 270 files was
 *   about half of vitest's time; these files share one load per worker.
 * - **Quick** (`quickTestFile`, `npm run test:quick`): no database, server, browser, child process or build.
 */
import fs from "node:fs";
import path from "node:path";

/**
 * What makes a file change the modules or settings the next file would see: a mocked module, modules loaded
 * again, `process.env` written. (`vi.stubEnv` and `vi.stubGlobal` are undone after each shared file by
 * tests/support/sharedModules.setup.ts.)
 */
const CHANGES_SHARED_STATE =
  /vi\.(mock|doMock|unmock|resetModules)\(|process\.env\s*=[^=]|Object\.assign\(process\.env|delete process\.env|process\.env(\.\w+|\[[^\]]+\])\s*(\?\?|\|\||&&)?=[^=]/;

/** What makes a test file slow or stateful: a database, a server, a browser, a child process, the production build. */
const NOT_QUICK =
  /openPgliteDatabase|freshPglite|testDatabase\(|testPlatform\(|openPostgresDatabase|openDatabase\(|serveRoute|startProductionServer|productionServer|spawn(Sync)?\(|execFile(Sync)?\(|chromium|REQUIRE_BUILD|buildDir|startFake/;

/** Folders whose tests are never quick: they start servers, browsers or databases by design. */
const NOT_QUICK_FOLDERS = new Set(["e2e", "hostile", "integration", "contract", "fixtures", "fakes"]);

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/** Every vitest file under app/, server/ and tests/ (not the browser tests), relative to the project root. */
export function vitestFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules" || entry.name === "e2e") continue;
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.test\.tsx?$/.test(entry.name)) found.push(relative);
    }
  };
  for (const dir of ["app", "server", "tests"]) walk(dir);
  return found.sort();
}

const text = (file) => fs.readFileSync(path.join(root, file), "utf8");

/** Whether a file must have its own modules: see CHANGES_SHARED_STATE. */
export function isolatedTestFile(file, source = text(file)) {
  return CHANGES_SHARED_STATE.test(source);
}

/** Whether a file belongs to the quick lane: no database, server, browser, child process or build. */
export function quickTestFile(file, source = text(file)) {
  if (file.split(path.sep).some((part) => NOT_QUICK_FOLDERS.has(part))) return false;
  return !NOT_QUICK.test(source);
}
