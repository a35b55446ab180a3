/**
 * A whole platform for tests, wired the way the server wires it (`assemblePlatform` in
 * server/platform.server.ts): an embedded database, a data folder of its own, the test's dealers, and
 * every port with its embedded default unless the test gives a fake. A field added to `Platform` is
 * added here by itself, so no test breaks at run time for a field it does not use.
 *
 * ```ts
 * const platform = await testPlatform({ tenants: [alpha], settings: { CAPTCHA: "off" }, payments: stripe });
 * afterAll(() => platform.close());
 * ```
 *
 * Settings are parsed from the variables given (never the process's environment), with DATA_DIR the
 * platform's own temporary folder. The lead and alert workers and the stock feed puller stay stopped (a test runs
 * them when it means to); the search index is built from the database at once and kept current by
 * `stockChanged` and the sync's polling, as the server does, until `close()`.
 *
 * One database per test file: boot it with `testDatabase()` in `beforeAll`, give it to each
 * `testPlatform({ db })`, and `emptyTables(db)` between tests where a suite needs a clean slate.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "@server/config/env.server";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "./freshPglite";
import { assemblePlatform, type AdapterOverrides, type Platform } from "@server/platform.server";
import { TenantRegistry } from "@server/tenants/registry";
import type { TenantConfig } from "@server/tenants/schema";
import { testTenant } from "./testTenant";

export interface TestPlatformOptions extends AdapterOverrides {
  /** The dealers (default: one, alpha-motors). The first is the default dealer unless `defaultTenant` says otherwise. */
  tenants?: TenantConfig[];
  defaultTenant?: string;
  /** Environment variables, as the server would read them (e.g. { CAPTCHA: "off", RATE_LIMITS: "off" }). */
  settings?: Record<string, string>;
  /** A database the test file already booted (closed by the test, not by `close()`); else a fresh in-memory one. */
  db?: Database;
  /** A data folder of the test's own (kept by `close()`); else a new temporary one. */
  dataDir?: string;
  /** Build the search index from the database now and keep it in step (default); false leaves a given `engine` as it is. */
  syncSearch?: boolean;
}

export type TestPlatform = Platform & {
  /** Stops what the test started, closes the database the platform opened and removes its data folder. */
  close(): Promise<void>;
};

/** A migrated in-memory PGlite database: one per test file, shared by its platforms. */
export async function testDatabase(): Promise<Database> {
  const db = await freshPglite();
  await migrate(db);
  return db;
}

/** Empties every table but the migrations' record, for suites that want a clean database between tests. */
export async function emptyTables(db: Database): Promise<void> {
  const tables = await db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'",
  );
  if (tables.length) await db.exec(`TRUNCATE ${tables.map((t) => `"${t.name}"`).join(", ")} RESTART IDENTITY CASCADE`);
}

export async function testPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const { tenants: given, defaultTenant, settings, db: sharedDb, dataDir: givenDir, syncSearch = true, ...adapters } = options;
  const dataDir = givenDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "dealer-test-platform-"));
  const db = sharedDb ?? (await testDatabase());
  const tenants = given ?? [testTenant("alpha-motors", { name: "Alpha Motors" })];
  const env = parseEnv({ LOG_LEVEL: "silent", ...settings, DATA_DIR: dataDir });
  const platform = assemblePlatform({
    env,
    db,
    tenants: new TenantRegistry(tenants, defaultTenant ?? tenants[0]!.slug),
    ...adapters,
  });
  if (syncSearch) await platform.stockSync.start();
  return Object.assign(platform, {
    async close() {
      await platform.stockSync.stop();
      await platform.stockChanges.stop();
      await platform.leadWorker.stop();
      await platform.alertWorker.stop();
      await platform.stockFeeds.stop();
      await platform.photoWarmup.stop();
      await platform.alertDetector.idle();
      if (!sharedDb) await db.close();
      if (!givenDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
