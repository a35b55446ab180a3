/**
 * Applies the plain SQL files in server/db/migrations in name order, once each, each file whole (one
 * script, so a `DO $$ ... $$` block or a function body with semicolons in it runs as written) inside a
 * transaction with its record in schema_migrations. The same files run on PGlite and PostgreSQL.
 */
import fs from "node:fs";
import path from "node:path";
import type { Database } from "./database";

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "server/db/migrations");

export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
  const applied = new Set((await db.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = fs.readFileSync(path.join(dir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file]);
    });
    ran.push(file);
  }
  return ran;
}
