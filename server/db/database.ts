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
  close(): Promise<void>;
}

/** Whether the database answers (the load balancers' health check); throws when it does not. */
export async function checkDatabaseAnswers(db: Queryable): Promise<void> {
  await db.query("SELECT 1");
}
