/**
 * Fault test: the process delivering leads dies (SIGKILL) while CRM webhook deliveries are in flight
 * (the fake CRM holds their answers). After a restart every lead is delivered: none is lost, each
 * lead's row per channel ends delivered exactly once in the database, the CRM saw every lead's
 * Idempotency-Key, and there is one ADF file and one .eml per lead. Runs on PGlite (the embedded
 * database must come back after a crash) and, with DATABASE_URL, on PostgreSQL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@server/db/database";
import { listDeliveriesForLead, listLeads } from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { openPgliteDatabase } from "@server/db/pglite";
import { openPostgresDatabase } from "@server/db/postgres";
import { submitLead } from "@server/leads";
import { startFakeCrm, type FakeCrm } from "../fakes/crmServer";
import { leadEnv, leadFiles, leadTenant, partialFiles, tempDir, waitFor } from "./support";
import { adfProblems } from "./adfValidation";
import { child, parseXml } from "./xml";

const LEADS = 8;
const ANSWERED_BEFORE_CRASH = 3;
const WORKER_SCRIPT = path.resolve("tests/leads/faultWorker.ts");

interface Target {
  name: string;
  open(dataDir: string): Promise<Database>;
  childEnv: Record<string, string>;
}

const targets: Target[] = [
  { name: "PGlite (embedded)", open: (dataDir) => openPgliteDatabase(path.join(dataDir, "pglite")), childEnv: {} },
];
const url = process.env.DATABASE_URL;
if (url) {
  const schema = `fault_${process.pid}_${Date.now()}`;
  targets.push({
    name: "PostgreSQL (DATABASE_URL)",
    open: () => openPostgresDatabase(url, { schema }),
    childEnv: { FAULT_DATABASE_URL: url, FAULT_SCHEMA: schema },
  });
  afterAll(async () => {
    const db = await openPostgresDatabase(url, { schema, dropSchemaOnClose: true });
    await db.close();
  });
}

interface Worker {
  process: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
}

function startWorker(env: Record<string, string>): Worker {
  const lines: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", WORKER_SCRIPT], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "development", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let buffered = "";
  const collect = (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const parts = buffered.split("\n");
    buffered = parts.pop() ?? "";
    lines.push(...parts);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { process: child, lines, exited };
}

/** The worker's "lead delivered" log lines for one channel: the lead ids. */
function deliveredLines(worker: Worker, channel: string): string[] {
  return worker.lines
    .filter((l) => l.includes("lead delivered"))
    .map((l) => JSON.parse(l.slice(l.indexOf("{"))) as { lead: string; channel: string })
    .filter((f) => f.channel === channel)
    .map((f) => f.lead);
}

for (const target of targets) {
  describe(`a delivery process killed mid-delivery: ${target.name}`, () => {
    let crm: FakeCrm;
    const dataDir = tempDir("fault");
    beforeAll(async () => {
      vi.stubEnv("LOG_LEVEL", process.env.LOG_LEVEL || "silent");
      crm = await startFakeCrm({ secret: "crm-secret" });
    });
    afterAll(async () => {
      await crm?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("after a restart every lead reaches every channel, each recorded delivered once", async () => {
      const env = { DATA_DIR: dataDir, CRM_WEBHOOK_URL: crm.url, CRM_WEBHOOK_SECRET: "crm-secret" };
      const tenant = leadTenant("alpha");

      // Shoppers' leads are stored while no worker runs (the embedded database has one user at a time).
      let db = await target.open(dataDir);
      await migrate(db);
      const ids: string[] = [];
      for (let i = 0; i < LEADS; i++) {
        const { lead } = await submitLead({ db, env: leadEnv(dataDir, env) }, tenant, {
          category: "Used Vehicle Enquiry",
          subcategory: "Vehicle Enquiry",
          name: `Shopper ${i}`,
          email: `shopper${i}@example.com`,
          message: "Is it still available?",
        });
        ids.push(lead.id);
      }
      await db.close();

      // The CRM answers the first few posts and then hangs: the rest are in flight when the process dies.
      crm.holdAfter(ANSWERED_BEFORE_CRASH);
      const childEnv = { ...env, ...target.childEnv, LEASE_MS: "4000", DEADLINE_MS: "3000" };
      const first = startWorker(childEnv);
      await waitFor(
        "the worker to deliver some leads and hang on the rest",
        () => crm.held() === LEADS - ANSWERED_BEFORE_CRASH && deliveredLines(first, "webhook").length === ANSWERED_BEFORE_CRASH,
        30_000,
      );
      const deliveredBeforeCrash = deliveredLines(first, "webhook");
      first.process.kill("SIGKILL");
      expect(await first.exited).toBeNull();
      crm.release(); // the answers go to a dead process

      const second = startWorker({ ...childEnv, EXIT_WHEN_DONE: "1" });
      const code = await Promise.race([second.exited, new Promise<"slow">((resolve) => setTimeout(() => resolve("slow"), 40_000))]);
      if (code !== 0) second.process.kill("SIGKILL");
      expect(code, second.lines.join("\n")).toBe(0);

      db = await target.open(dataDir);
      try {
        expect((await listLeads(db, "alpha")).map((l) => l.id).sort()).toEqual([...ids].sort());
        for (const id of ids) {
          const deliveries = await listDeliveriesForLead(db, "alpha", id);
          expect(deliveries.map((d) => [d.channel, d.status])).toEqual([
            ["adf", "delivered"],
            ["email-staff", "delivered"],
            ["webhook", "delivered"],
          ]);
          // An attempt cut short by the crash still counts.
          const webhook = deliveries.find((d) => d.channel === "webhook")!;
          expect(webhook.attempts).toBe(deliveredBeforeCrash.includes(id) ? 1 : 2);
        }
      } finally {
        await db.close();
      }

      // The CRM saw every lead; the ones it had answered were not sent again; the others came back
      // with the same Idempotency-Key, so the CRM can keep one.
      const counts = crm.keyCounts();
      expect([...counts.keys()].sort()).toEqual([...ids].sort());
      for (const id of ids) expect(counts.get(id)).toBe(deliveredBeforeCrash.includes(id) ? 1 : 2);
      expect(crm.requests.flatMap((r) => r.problems)).toEqual([]);

      // One ADF file and one e-mail per lead, whole, and nothing half-written left behind.
      expect(leadFiles(dataDir, "alpha")).toEqual(ids.flatMap((id) => [`${id}.staff.eml`, `${id}.xml`]).sort());
      expect(partialFiles(dataDir, "alpha")).toEqual([]);
      for (const id of ids) {
        const adfText = fs.readFileSync(path.join(dataDir, "leads", "alpha", `${id}.xml`), "utf8");
        const adf = parseXml(adfText);
        expect(adfProblems(adfText)).toEqual([]);
        expect(child(child(adf.root, "prospect"), "id").text).toBe(id);
      }
    }, 120_000);
  });
}
