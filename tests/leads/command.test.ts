/**
 * `npm run leads`: listing a dealer's leads with each channel's delivery state and sending failed
 * deliveries again, both by opening the database (no server running) and through a running server
 * on the same data folder (/api/leads with the folder's token, loopback only).
 */
import fs from "node:fs";
import type http from "node:http";

import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/api.leads/route";
import { parseEnv } from "@server/config/env.server";
import { listDeliveriesForLead, type LeadInput } from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { openPgliteDatabase } from "@server/db/pglite";
import { LEADS_USAGE, LeadsUsageError, parseLeadsArgs, runLeadsCommand } from "@server/leads/command";
import { submitLead } from "@server/leads";
import { bootPlatform } from "@server/platform.server";
import { IMPORT_TOKEN_HEADER, ensureImportToken, writeServerInfo } from "@server/stock/importToken";
import { loadTenantsFromDir } from "@server/tenants/registry";
import { minimalTenantInput, writeTenantsDir } from "../support/testTenant";
import { startFakeCrm, type FakeCrm } from "../fakes/crmServer";
import { serveRoute } from "../support/routeServer";
import { tempDir, waitFor } from "./support";

/** Nothing listens on port 1, so a probe there fails at once. */
const CLOSED_PORT = "1";
const TENANT = "westside-used";
/** Two dealers of the test's own: one with leads, one without. */
const tenantsDir = writeTenantsDir([minimalTenantInput(TENANT), minimalTenantInput("coastal-gwm")]);

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

const enquiry = (email: string): LeadInput => ({
  category: "General Enquiry",
  subcategory: "Contact Us",
  name: "Sam",
  email,
  message: "Call me",
});

describe("parseLeadsArgs", () => {
  it("reads the dealer, the status filter, the limit and the id to retry", () => {
    expect(parseLeadsArgs(["--tenant", "westside-used"])).toEqual({
      tenant: "westside-used",
      limit: 50,
      status: undefined,
      retry: undefined,
    });
    expect(parseLeadsArgs(["--tenant=coastal-gwm", "--status", "failed", "--limit", "5"])).toMatchObject({ status: "failed", limit: 5 });
    expect(parseLeadsArgs(["--tenant", "x", "--retry", "0b7c1d2e-1111"]).retry).toBe("0b7c1d2e-1111");
  });

  it("refuses a missing dealer, an unknown status or option, a bad limit or id", () => {
    for (const argv of [
      [],
      ["--status", "failed"],
      ["--tenant", "x", "--status", "lost"],
      ["--tenant", "x", "--force"],
      ["--tenant", "x", "--limit", "0"],
      ["--tenant", "x", "--retry", "../x"],
      ["--tenant"],
      ["--tenant", "x", "extra"],
    ]) {
      expect(() => parseLeadsArgs(argv), argv.join(" ")).toThrow(LeadsUsageError);
    }
  });
});

describe("npm run leads without a running server", () => {
  const dataDir = tempDir("cli-direct");
  let crm: FakeCrm;
  const ids: Record<string, string> = {};
  const env = () => parseEnv({ DATA_DIR: dataDir, TENANTS_DIR: tenantsDir, PORT: CLOSED_PORT, LOG_LEVEL: "silent" });

  beforeAll(async () => {
    process.env.LOG_LEVEL ??= "silent";
    crm = await startFakeCrm({ secret: "s" });
    // Three leads: one delivered everywhere, one whose CRM delivery failed for good, one still waiting.
    const db = await openPgliteDatabase(path.join(dataDir, "pglite"));
    await migrate(db);
    const platformEnv = parseEnv({ DATA_DIR: dataDir, TENANTS_DIR: tenantsDir, CRM_WEBHOOK_URL: crm.url, CRM_WEBHOOK_SECRET: "s" });
    const tenant = loadTenantsFromDir(tenantsDir).find((t) => t.slug === TENANT)!;
    for (const name of ["delivered", "failed", "pending"])
      ids[name] = (await submitLead({ db, env: platformEnv }, tenant, enquiry(`${name}@example.com`))).lead.id;
    await db.query("UPDATE lead_deliveries SET status = 'delivered', attempts = 1, delivered_at = now() WHERE lead_id = $1", [
      ids.delivered,
    ]);
    await db.query(
      "UPDATE lead_deliveries SET status = 'delivered', attempts = 1, delivered_at = now() WHERE lead_id = $1 AND channel <> 'webhook'",
      [ids.failed],
    );
    await db.query(
      "UPDATE lead_deliveries SET status = 'failed', attempts = 12, last_error = 'CRM webhook answered HTTP 503' WHERE lead_id = $1 AND channel = 'webhook'",
      [ids.failed],
    );
    await db.close();
  });
  afterAll(async () => {
    await crm.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists every lead with one line per channel", async () => {
    const { io, out, err } = capture();
    expect(await runLeadsCommand(["--tenant", TENANT], io, env())).toBe(0);
    expect(err).toEqual([]);
    const text = out.join("\n");
    for (const id of Object.values(ids)) expect(text).toContain(id);
    expect(text).toMatch(/webhook +FAILED after 12 attempts: CRM webhook answered HTTP 503/);
    expect(text).toMatch(/adf +delivered .* after 1 attempt /);
    expect(text).toMatch(/email-staff +pending, 0 attempts so far, next /);
    expect(out.filter((l) => !l.startsWith("    "))).toHaveLength(3);
  });

  it("filters by delivery state", async () => {
    const failed = capture();
    await runLeadsCommand(["--tenant", TENANT, "--status", "failed"], failed.io, env());
    expect(failed.out[0]).toContain(ids.failed);
    expect(failed.out.filter((l) => !l.startsWith("    "))).toHaveLength(1);
    const delivered = capture();
    await runLeadsCommand(["--tenant", TENANT, "--status", "delivered"], delivered.io, env());
    expect(delivered.out.filter((l) => !l.startsWith("    ")).map((l) => l.includes(ids.delivered))).toEqual([true]);
    const pending = capture();
    await runLeadsCommand(["--tenant", TENANT, "--status", "pending"], pending.io, env());
    expect(pending.out.filter((l) => !l.startsWith("    ")).map((l) => l.includes(ids.pending))).toEqual([true]);
    const none = capture();
    await runLeadsCommand(["--tenant", "coastal-gwm", "--status", "failed"], none.io, env());
    expect(none.out).toEqual(["No leads with failed deliveries for coastal-gwm."]);
  });

  it("retries a failed lead: pending again, due now, attempts from zero", async () => {
    const { io, out } = capture();
    expect(await runLeadsCommand(["--tenant", TENANT, "--retry", ids.failed], io, env())).toBe(0);
    expect(out[0]).toMatch(new RegExp(`^queued again: webhook of lead ${ids.failed}`));
    expect(out[1]).toMatch(/^No server is running .*delivered when the server next starts/);
    const db = await openPgliteDatabase(path.join(dataDir, "pglite"));
    try {
      const webhook = (await listDeliveriesForLead(db, TENANT, ids.failed)).find((d) => d.channel === "webhook");
      expect(webhook).toMatchObject({ status: "pending", attempts: 0, last_error: "CRM webhook answered HTTP 503" });
      const [{ due }] = await db.query<{ due: boolean }>("SELECT next_attempt_at <= now() AS due FROM lead_deliveries WHERE id = $1", [
        webhook!.id,
      ]);
      expect(due).toBe(true);
    } finally {
      await db.close();
    }
  });

  it("exits 1 for nothing to retry or an unknown dealer, 2 for a usage mistake", async () => {
    const nothing = capture();
    expect(await runLeadsCommand(["--tenant", TENANT, "--retry", ids.delivered], nothing.io, env())).toBe(1);
    expect(nothing.err[0]).toMatch(/^nothing to retry/);
    // Another dealer's lead is not this dealer's to retry.
    expect(await runLeadsCommand(["--tenant", "coastal-gwm", "--retry", ids.pending], capture().io, env())).toBe(1);
    const unknown = capture();
    expect(await runLeadsCommand(["--tenant", "nobody"], unknown.io, env())).toBe(1);
    expect(unknown.err[0]).toContain('no dealer site "nobody"');
    const usage = capture();
    expect(await runLeadsCommand(["--status", "failed"], usage.io, env())).toBe(2);
    expect(usage.err[0]).toContain(LEADS_USAGE);
  });

  it("a data folder without a database is named, and no database is created there", async () => {
    const empty = tempDir("cli-empty");
    try {
      const { io, err } = capture();
      const code = await runLeadsCommand(
        ["--tenant", TENANT],
        io,
        parseEnv({ DATA_DIR: empty, TENANTS_DIR: tenantsDir, PORT: CLOSED_PORT }),
      );
      expect(code).toBe(1);
      expect(err[0]).toBe(`no database in ${empty}: run the command where the server runs, or set DATA_DIR to its data folder`);
      expect(fs.readdirSync(empty)).toEqual([]);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("npm run leads with a server running on the same data folder", () => {
  const dataDir = tempDir("cli-server");
  let server: http.Server;
  let port = 0;
  let crm: FakeCrm;
  let failedLead = "";
  const savedDatabaseUrl = process.env.DATABASE_URL;
  const env = () => parseEnv({ DATA_DIR: dataDir, TENANTS_DIR: tenantsDir, PORT: CLOSED_PORT });

  beforeAll(async () => {
    crm = await startFakeCrm({ secret: "s" });
    // Its own embedded database in a temporary folder, never the PostgreSQL database DATABASE_URL names.
    delete process.env.DATABASE_URL;
    Object.assign(process.env, {
      DATA_DIR: dataDir,
      TENANTS_DIR: tenantsDir,
      DEFAULT_TENANT: TENANT,
      DEMO_STOCK: "off",
      LOG_LEVEL: "silent",
      CRM_WEBHOOK_URL: crm.url,
      CRM_WEBHOOK_SECRET: "s",
    });
    const platform = await bootPlatform();
    crm.defaultStatus = 503;
    const tenant = platform.tenants.get(TENANT)!;
    failedLead = (await submitLead(platform, tenant, enquiry("crm-down@example.com"))).lead.id;
    await platform.db.query(
      "UPDATE lead_deliveries SET next_attempt_at = now() + interval '1 hour' WHERE lead_id = $1 AND channel = 'webhook'",
      [failedLead],
    );
    await waitFor(
      "the files to be delivered",
      async () => (await listDeliveriesForLead(platform.db, TENANT, failedLead)).filter((d) => d.status === "delivered").length === 2,
    );
    await platform.db.query(
      "UPDATE lead_deliveries SET status = 'failed', attempts = 12, last_error = 'CRM webhook answered HTTP 503' WHERE lead_id = $1 AND channel = 'webhook'",
      [failedLead],
    );
    ensureImportToken(dataDir);
    // The route as the production server runs it, behind a plain HTTP server.
    ({ server, port } = await serveRoute({ loader, action }, await bootPlatform()));
    writeServerInfo(dataDir, port);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    const platform = await bootPlatform();
    await platform.leadWorker.stop();
    await platform.stockSync.stop();
    await platform.db.close();
    await crm.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (savedDatabaseUrl !== undefined) process.env.DATABASE_URL = savedDatabaseUrl;
  });

  it("lists through the server instead of opening the database", async () => {
    const { io, out } = capture();
    expect(await runLeadsCommand(["--tenant", TENANT, "--status", "failed"], io, env())).toBe(0);
    expect(out[0]).toContain(failedLead);
    expect(out.join("\n")).toMatch(/webhook +FAILED after 12 attempts/);
  });

  it("retries through the server, which delivers at once", async () => {
    crm.defaultStatus = 200;
    const { io, out } = capture();
    expect(await runLeadsCommand(["--tenant", TENANT, "--retry", failedLead], io, env())).toBe(0);
    expect(out.at(-1)).toBe(`The server on port ${port} delivers it now.`);
    const platform = await bootPlatform();
    await waitFor(
      "the CRM delivery",
      async () => (await listDeliveriesForLead(platform.db, TENANT, failedLead)).every((d) => d.status === "delivered"),
      5_000,
    );
    expect(crm.requests.at(-1)).toMatchObject({ idempotencyKey: failedLead, status: 200, problems: [] });
  });

  it("the endpoint refuses callers without the token, from another machine, and unknown dealers", async () => {
    const get = async (query: string, headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
      loader({
        request: new Request(`http://127.0.0.1:${port}/api/leads?${query}`, { headers }),
        params: {},
        context: { platform: await bootPlatform(), remoteAddress },
      });
    const token = ensureImportToken(dataDir);
    expect((await get(`tenant=${TENANT}`, {})).status).toBe(401);
    expect((await get(`tenant=${TENANT}`, { [IMPORT_TOKEN_HEADER]: "0".repeat(64) })).status).toBe(401);
    expect((await get(`tenant=${TENANT}`, { [IMPORT_TOKEN_HEADER]: token }, "203.0.113.9")).status).toBe(403);
    expect((await get("tenant=nobody", { [IMPORT_TOKEN_HEADER]: token })).status).toBe(404);
    expect((await get(`tenant=${TENANT}&status=lost`, { [IMPORT_TOKEN_HEADER]: token })).status).toBe(400);
    const ok = await get(`tenant=${TENANT}`, { [IMPORT_TOKEN_HEADER]: token });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
  });
});
