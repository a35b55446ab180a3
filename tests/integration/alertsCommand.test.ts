/**
 * `npm run alerts`: a dealer's saved searches, alerts, messages and consent events (contacts masked), and a
 * failed message sent again; by opening the database when no server runs, and through a running server's
 * /api/alerts (loopback and the data folder's token only).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERTS_USAGE, AlertsUsageError, maskContact, parseAlertsArgs, runAlertsCommand } from "@server/alerts/command";
import { parseEnv } from "@server/config/env.server";
import { recordConsent } from "@server/db/alertConsents";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { openPgliteDatabase } from "@server/db/pglite";
import { ensureImportToken, IMPORT_TOKEN_HEADER } from "@server/stock/importToken";
import { action, loader } from "~/routes/api.alerts/route";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { minimalTenantInput, testTenant, writeTenantsDir } from "../support/testTenant";

const TENANT = "westside-used";
const tenantsDir = writeTenantsDir([minimalTenantInput(TENANT), minimalTenantInput("coastal-gwm")]);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alerts-cli-"));
/** Nothing listens on port 1: the command finds no server and opens the database. */
const env = () => parseEnv({ DATA_DIR: dataDir, TENANTS_DIR: tenantsDir, PORT: "1", LOG_LEVEL: "silent" });

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

async function seed(db: Database) {
  await db.query(
    `INSERT INTO saved_searches (id, tenant, phone, name, search_path, search, channel, email, paused)
     VALUES ('s1', $1, '+61412345678', 'Utes under 40k', '/search/used?body=ute', '{}', 'email', 'sam@example.com', true)`,
    [TENANT],
  );
  await recordConsent(db, {
    tenant: TENANT,
    phone: "+61412345678",
    channel: "email",
    address: "sam@example.com",
    given: true,
    source: "save-search",
  });
  await db.query(
    `INSERT INTO alert_messages (id, tenant, phone, day, channel, address, status, attempts, last_error)
     VALUES ('m1', $1, '+61412345678', '2026-07-15', 'email', 'sam@example.com', 'failed', 12, 'SMTP: 451 Mailbox temporarily unavailable')`,
    [TENANT],
  );
  await db.query(
    `INSERT INTO shopper_alerts (id, tenant, phone, kind, car_id, saved_search_id, dedupe_key, payload, message_id)
     VALUES ('a1', $1, '+61412345678', 'new-arrival', 'car9', 's1', 'new-arrival:car9', '{}', 'm1')`,
    [TENANT],
  );
}

beforeAll(async () => {
  const db = await openPgliteDatabase(path.join(dataDir, "pglite"));
  await migrate(db);
  await seed(db);
  await db.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("parseAlertsArgs", () => {
  it("reads the dealer, the limit and the message to retry; refuses anything else", () => {
    expect(parseAlertsArgs(["--tenant", TENANT])).toEqual({ tenant: TENANT, limit: 50, retry: undefined });
    expect(parseAlertsArgs([`--tenant=${TENANT}`, "--limit", "5", "--retry", "m1"])).toEqual({ tenant: TENANT, limit: 5, retry: "m1" });
    for (const argv of [
      [],
      ["--tenant"],
      ["--tenant", "x", "--limit", "0"],
      ["--tenant", "x", "--retry", "../m"],
      ["--tenant", "x", "more"],
    ])
      expect(() => parseAlertsArgs(argv), argv.join(" ")).toThrow(AlertsUsageError);
  });

  it("masks contacts", () => {
    expect(maskContact("+61412345678")).toBe("+614***678");
    expect(maskContact("sam@example.com")).toBe("s***@example.com");
  });
});

describe("npm run alerts without a running server", () => {
  it("lists saved searches, messages, alerts and consent events, contacts masked", async () => {
    const { io, out, err } = capture();
    expect(await runAlertsCommand(["--tenant", TENANT], io, env())).toBe(0);
    expect(err).toEqual([]);
    const text = out.join("\n");
    expect(text).toMatch(/"Utes under 40k" {2}\+614\*\*\*678 {2}email s\*\*\*@example\.com {2}PAUSED {2}\(search s1\)/);
    expect(text).toContain(
      "2026-07-15  +614***678  email to s***@example.com  FAILED after 12 attempts: SMTP: 451 Mailbox temporarily unavailable  (message m1)",
    );
    expect(text).toMatch(/new-arrival car car9 {2}pending {2}in message m1/);
    expect(text).toMatch(/email s\*\*\*@example\.com {2}given \(save-search\)/);
    expect(text).not.toContain("sam@example.com");
    expect(text).not.toContain("+61412345678");
  });

  it("retries a failed message: pending again, due now, attempts from zero; nothing to retry is exit 1, a usage mistake 2", async () => {
    const again = capture();
    expect(await runAlertsCommand(["--tenant", TENANT, "--retry", "m1"], again.io, env())).toBe(0);
    expect(again.out[0]).toBe("queued again: the message of 2026-07-15 (message m1)");
    expect(again.out[1]).toMatch(/^No server is running/);
    const db = await openPgliteDatabase(path.join(dataDir, "pglite"));
    try {
      expect(await db.query("SELECT status, attempts, next_attempt_at <= now() AS due FROM alert_messages WHERE id = 'm1'")).toEqual([
        { status: "pending", attempts: 0, due: true },
      ]);
    } finally {
      await db.close();
    }
    const nothing = capture();
    expect(await runAlertsCommand(["--tenant", "coastal-gwm", "--retry", "m1"], nothing.io, env())).toBe(1);
    expect(nothing.err[0]).toMatch(/^nothing to retry/);
    const usage = capture();
    expect(await runAlertsCommand([], usage.io, env())).toBe(2);
    expect(usage.err[0]).toContain(ALERTS_USAGE);
  });
});

describe("/api/alerts on a running server", () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await testPlatform({ tenants: [testTenant(TENANT)], syncSearch: false });
    await seed(platform.db);
  });
  afterAll(() => platform.close());
  const call = (init: RequestInit & { query?: string; token?: string | null; remote?: string }) => {
    const request = new Request(`http://127.0.0.1/api/alerts${init.query ?? ""}`, {
      ...init,
      headers: {
        "Content-Type": "application/json",
        ...(init.token === null ? {} : { [IMPORT_TOKEN_HEADER]: init.token ?? ensureImportToken(platform.env.dataDir) }),
      },
    });
    const context = { platform, remoteAddress: init.remote ?? "127.0.0.1" };
    return (
      init.method === "POST" ? action({ request, params: {}, context }) : loader({ request, params: {}, context })
    ) as Promise<Response>;
  };

  it("lists for this machine with the folder's token only", async () => {
    const listed = await call({ query: `?tenant=${TENANT}` });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { listing: { searches: { name: string; phone: string }[] } };
    expect(body.listing.searches).toMatchObject([{ name: "Utes under 40k", phone: "+614***678" }]);
    expect((await call({ query: `?tenant=${TENANT}`, token: null })).status).toBe(401);
    expect((await call({ query: `?tenant=${TENANT}`, remote: "203.0.113.5" })).status).toBe(403);
    expect((await call({ query: "?tenant=nobody" })).status).toBe(404);
    expect((await call({ query: `?tenant=${TENANT}&limit=x` })).status).toBe(400);
  });

  it("retries a failed message and wakes the worker", async () => {
    const retried = await call({ method: "POST", body: JSON.stringify({ tenant: TENANT, retry: "m1" }) });
    expect(await retried.json()).toEqual({ retried: [{ id: "m1", day: "2026-07-15" }] });
    expect((await call({ method: "POST", body: "not json" })).status).toBe(400);
  });
});
