import { describe, it } from "vitest";
import type { Database } from "@server/db/database";
import { openPostgresDatabase } from "@server/db/postgres";

/**
 * Runs a database suite against the PostgreSQL of DATABASE_URL, in a schema of its own per run that is
 * dropped afterwards (the suite never touches real data); without DATABASE_URL it shows as skipped.
 */
export function onPostgres(title: string, schemaPrefix: string, suite: (name: string, open: () => Promise<Database>) => void): void {
  const url = process.env.DATABASE_URL;
  if (!url) {
    describe(`${title}: PostgreSQL`, () => {
      it.skip("runs when DATABASE_URL is set", () => {});
    });
    return;
  }
  const schema = `${schemaPrefix}_${process.pid}_${Date.now()}`;
  suite("PostgreSQL (DATABASE_URL)", () => openPostgresDatabase(url, { schema, dropSchemaOnClose: true }));
}
