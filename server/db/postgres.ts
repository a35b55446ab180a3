import pg from "pg";
import type { Database, Queryable } from "./database";

// Keep numeric and bigint columns as numbers, the same as PGlite returns them.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** PostgreSQL through a pool. `schema`, when given, is created and used as the search path; tests drop it on close. */
export async function openPostgresDatabase(url: string, options: { schema?: string; dropSchemaOnClose?: boolean } = {}): Promise<Database> {
  if (options.schema && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error("bad schema name");
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 10_000,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  });
  if (options.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
  const wrap = (client: { query: pg.Pool["query"] }): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
  });
  return {
    kind: "postgres",
    ...wrap(pool),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn({
          ...wrap(client),
          // Without parameters pg sends the simple query protocol, which takes many statements.
          async exec(sql) {
            await client.query(sql);
          },
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (options.schema && options.dropSchemaOnClose)
        await pool.query(`DROP SCHEMA IF EXISTS ${options.schema} CASCADE`).catch(() => undefined);
      await pool.end();
    },
  };
}
