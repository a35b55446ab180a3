/**
 * The database port: plain SQL with $n parameters, identical on PGlite (embedded default) and
 * PostgreSQL (DATABASE_URL, e.g. the Supabase project's Postgres).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** Inside a transaction: queries, and a script of several statements (a migration file, run whole). */
export interface Transaction extends Queryable {
  /** Runs several statements (no parameters) as one script: PGlite's exec, PostgreSQL's simple query. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs several statements (no parameters), for migrations. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: hears `NOTIFY channel` from every process on the database, on a connection of its
   * own that comes back by itself after a drop (`onReconnect` then says messages may have been missed).
   * Resolves once listening; the function it gives stops listening.
   */
  listen?(channel: string, handlers: { onMessage(payload: string): void; onReconnect?(): void }): Promise<() => Promise<void>>;
  /** PostgreSQL only: `NOTIFY channel, payload` to every process listening (payload under 8,000 bytes). */
  notify?(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** Whether the database answers (the load balancers' health check); throws when it does not. */
export async function checkDatabaseAnswers(db: Queryable): Promise<void> {
  await db.query("SELECT 1");
}
