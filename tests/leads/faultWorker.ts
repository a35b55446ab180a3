/**
 * A process that runs only the lead delivery worker, as the server does, for the fault test
 * (tests/leads/fault.test.ts): the test kills it with SIGKILL mid-delivery and starts it again.
 * Database: PGlite in DATA_DIR/pglite, or PostgreSQL at FAULT_DATABASE_URL in schema FAULT_SCHEMA.
 * With EXIT_WHEN_DONE=1 it stops and exits once no delivery is left pending.
 */
import path from "node:path";
import { parseEnv } from "@server/config/env.server";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { openPgliteDatabase } from "@server/db/pglite";
import { openPostgresDatabase } from "@server/db/postgres";
import { LeadWorker } from "@server/leads";
import { leadTenant } from "./support";

const env = parseEnv(process.env);
const db: Database = process.env.FAULT_DATABASE_URL
  ? await openPostgresDatabase(process.env.FAULT_DATABASE_URL, { schema: process.env.FAULT_SCHEMA })
  : await openPgliteDatabase(path.join(env.dataDir, "pglite"));
await migrate(db);
const tenant = leadTenant("alpha");
const worker = new LeadWorker({
  db,
  env,
  tenant: (slug) => (slug === tenant.slug ? tenant : undefined),
  pollMs: 100,
  leaseMs: Number(process.env.LEASE_MS ?? 90_000),
  deadlineMs: Number(process.env.DEADLINE_MS ?? 45_000),
  batchSize: 50,
});
worker.start();
console.log("worker started");

if (process.env.EXIT_WHEN_DONE === "1") {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM lead_deliveries WHERE status <> 'delivered'");
    if (n === 0) break;
  }
  await worker.stop();
  await db.close();
  console.log("all delivered");
  process.exit(0);
}
