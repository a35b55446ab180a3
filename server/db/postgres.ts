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
  // Channels are the database's, not the schema's: a schema of its own (tests) gets channels of its own.
  const scoped = (channel: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error("bad channel name");
    return options.schema ? `${channel}_${options.schema}`.slice(0, 63) : channel;
  };
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
    async notify(channel, payload) {
      await pool.query("SELECT pg_notify($1, $2)", [scoped(channel), payload]);
    },
    async listen(name, handlers) {
      const channel = scoped(name);
      let stopped = false;
      let client: pg.Client | null = null;
      let retry: ReturnType<typeof setTimeout> | null = null;
      const connect = async (again: boolean): Promise<void> => {
        const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
        next.on("notification", (message) => {
          if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
        });
        // A dropped connection is made again a second later; what was said meanwhile is caught up by onReconnect.
        next.on("error", () => undefined);
        next.on("end", () => {
          if (stopped || client !== next) return;
          client = null;
          retry = setTimeout(() => void connect(true).catch(() => undefined), 1_000);
          retry.unref?.();
        });
        try {
          await next.connect();
          await next.query(`LISTEN ${channel}`);
        } catch (error) {
          await next.end().catch(() => undefined);
          if (!again) throw error;
          retry = setTimeout(() => void connect(true).catch(() => undefined), 2_000);
          retry.unref?.();
          return;
        }
        if (stopped) return void (await next.end().catch(() => undefined));
        client = next;
        if (again) handlers.onReconnect?.();
      };
      await connect(false);
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        const current = client;
        client = null;
        await current?.end().catch(() => undefined);
      };
    },
    async close() {
      if (options.schema && options.dropSchemaOnClose)
        await pool.query(`DROP SCHEMA IF EXISTS ${options.schema} CASCADE`).catch(() => undefined);
      await pool.end();
    },
  };
}
