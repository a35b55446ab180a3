import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { Database, Queryable } from "./database";

/**
 * Postgres in WebAssembly, persisted in a folder (or in memory when dataDir is undefined). `startFrom` is a
 * copy of a database folder (`dumpDataDir`) to start a new database from instead of creating one.
 */
export async function openPgliteDatabase(dataDir?: string, options: { startFrom?: Blob } = {}): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite({ dataDir, loadDataDir: options.startFrom });
  await pg.waitReady;
  const wrap = (q: { query: PGlite["query"] }): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    kind: "pglite",
    ...wrap(pg),
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction(fn) {
      return pg.transaction((tx) =>
        fn({
          ...wrap(tx),
          async exec(sql) {
            await tx.exec(sql);
          },
        }),
      );
    },
    close: () => pg.close(),
  };
}
