import path from "node:path";
import type { Env } from "../config/env.server";
import { log } from "../log";
import type { Database } from "./database";
import { migrate } from "./migrate";
import { openPgliteDatabase } from "./pglite";
import { openPostgresDatabase } from "./postgres";

/** PostgreSQL when DATABASE_URL is set, else PGlite persisted in the data folder; migrated. */
export async function openDatabase(env: Pick<Env, "DATABASE_URL" | "dataDir">): Promise<Database> {
  const db = env.DATABASE_URL ? await openPostgresDatabase(env.DATABASE_URL) : await openPgliteDatabase(path.join(env.dataDir, "pglite"));
  const ran = await migrate(db);
  log.info(`database: ${db.kind}${db.kind === "pglite" ? " (embedded)" : ""}`, ran.length ? { migrated: ran } : undefined);
  return db;
}
