/**
 * Migrations run each file whole: a `DO $$ ... $$` block and a function body, semicolons and all, run
 * as written; a file runs once; a file that fails leaves nothing of itself behind (its transaction).
 * On PGlite always, and on the PostgreSQL of DATABASE_URL when it is set.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { onPostgres } from "../../tests/support/postgres";
import type { Database } from "./database";
import { migrate } from "./migrate";
import { openPgliteDatabase } from "./pglite";

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function migrationsDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  folders.push(dir);
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}

const WITH_BLOCKS = {
  "001_dealers.sql": `-- Dealers; a comment with a semicolon; in it.
CREATE TABLE test_dealers (slug text PRIMARY KEY, note text NOT NULL);
DO $$
DECLARE
  n integer;
BEGIN
  FOR n IN 1..3 LOOP
    INSERT INTO test_dealers (slug, note) VALUES ('dealer-' || n, 'one; two; three');
  END LOOP;
END
$$;
`,
  "002_function.sql": `CREATE FUNCTION test_dealer_count() RETURNS integer LANGUAGE plpgsql AS $body$
BEGIN
  RETURN (SELECT count(*) FROM test_dealers);
END;
$body$;
INSERT INTO test_dealers (slug, note) VALUES ('semi', 'a;b');`,
};

/** Two instances on one database: two pools on PostgreSQL; on PGlite (one database per process) two callers of it. */
type OpenTwo = () => Promise<{ first: Database; second: Database; close(): Promise<void> }>;

function describeMigrations(name: string, open: () => Promise<Database>, openTwo: OpenTwo) {
  describe(`migrations: ${name}`, () => {
    it("run each file once when two instances start together on an empty database (they take turns)", async () => {
      const { first, second, close } = await openTwo();
      try {
        const dir = migrationsDir(WITH_BLOCKS);
        const [a, b] = await Promise.all([migrate(first, dir), migrate(second, dir)]);
        expect([...a, ...b].sort()).toEqual(["001_dealers.sql", "002_function.sql"]);
        expect(await second.query("SELECT count(*)::int AS n FROM test_dealers")).toEqual([{ n: 4 }]);
      } finally {
        await close();
      }
    });

    it("run each file whole, DO blocks and function bodies included, once each", async () => {
      const db = await open();
      try {
        const dir = migrationsDir(WITH_BLOCKS);
        expect(await migrate(db, dir)).toEqual(["001_dealers.sql", "002_function.sql"]);
        expect(await db.query("SELECT slug, note FROM test_dealers ORDER BY slug")).toEqual([
          { slug: "dealer-1", note: "one; two; three" },
          { slug: "dealer-2", note: "one; two; three" },
          { slug: "dealer-3", note: "one; two; three" },
          { slug: "semi", note: "a;b" },
        ]);
        expect(await db.query("SELECT test_dealer_count() AS n")).toEqual([{ n: 4 }]);
        expect(await migrate(db, dir)).toEqual([]);
      } finally {
        await db.close();
      }
    });

    it("leave nothing of a file that fails, and do not record it", async () => {
      const db = await open();
      try {
        const dir = migrationsDir({
          "001_half.sql": "CREATE TABLE test_half (id integer);\nDO $$ BEGIN RAISE EXCEPTION 'stop; here'; END $$;",
        });
        await expect(migrate(db, dir)).rejects.toThrow(/stop; here/);
        expect(await db.query("SELECT to_regclass('test_half') AS t")).toEqual([{ t: null }]);
        expect(await db.query("SELECT name FROM schema_migrations WHERE name = '001_half.sql'")).toEqual([]);
      } finally {
        await db.close();
      }
    });
  });
}

describeMigrations(
  "PGlite",
  () => openPgliteDatabase(),
  async () => {
    const db = await openPgliteDatabase();
    return { first: db, second: db, close: () => db.close() };
  },
);
onPostgres("migrations", "migrate_test", (name, open) =>
  describeMigrations(name, open, async () => {
    // Opened one after the other (each creates the test's schema if missing); they then migrate together.
    const first = await open();
    const second = await open();
    return { first, second, close: async () => void (await Promise.all([first.close(), second.close()])) };
  }),
);
