/**
 * Applies the plain SQL files in server/db/migrations in name order, once each, each file whole (one
 * script, so a `DO $$ ... $$` block or a function body with semicolons in it runs as written) inside a
 * transaction with its record in schema_migrations. The same files run on PGlite and PostgreSQL.
 */
import fs from "node:fs";
import path from "node:path";
import type { Database } from "./database";

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "server/db/migrations");

/** The advisory lock every process takes to migrate: any number starting together on one database take turns. */
const MIGRATION_LOCK = 4_187_201;

/**
 * Applies the files not yet applied, each in a transaction of its own that first takes the migration lock
 * (pg_advisory_xact_lock): two instances starting together on an empty database never run the same file
 * twice, the second waits for the first's file and then finds it applied. Returns the files this call ran.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.exec("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
  });
  const ran: string[] = [];
  for (;;) {
    const next = await db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      const applied = new Set((await tx.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
      const file = files.find((f) => !applied.has(f));
      if (!file) return null;
      await tx.exec(fs.readFileSync(path.join(dir, file), "utf8"));
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file]);
      return file;
    });
    if (!next) return ran;
    ran.push(next);
  }
}
