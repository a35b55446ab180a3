import fs from "node:fs";
import type http from "node:http";

import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "../../app/routes/api.stock.import/route";
import { parseEnv } from "@server/config/env.server";
import { openPgliteDatabase } from "@server/db/pglite";
import { countVehicles, getVehicleById } from "@server/db/vehicles";
import { bootPlatform } from "@server/platform.server";
import { IMPORT_USAGE, UsageError, parseImportArgs, runImportCommand } from "@server/stock/importCommand";
import { IMPORT_TOKEN_HEADER, ensureImportToken, readServerInfo, writeServerInfo } from "@server/stock/importToken";
import { serveRoute } from "../support/routeServer";
import { minimalTenantInput, writeTenantsDir } from "../support/testTenant";

/** The test's own two dealers, in a tenants folder of its own: one takes the CSV sample, the other the JSON sample. */
const CSV_DEALER = "harbour-auto-group";
const JSON_DEALER = "ridge-used-cars";
const tenantsDir = writeTenantsDir([minimalTenantInput(CSV_DEALER), minimalTenantInput(JSON_DEALER)]);
afterAll(() => fs.rmSync(tenantsDir, { recursive: true, force: true }));
const CSV = path.resolve("tests/fixtures/import/stock.csv");
const JSON_FILE = path.resolve("tests/fixtures/import/stock.json");
/** Nothing listens on port 1, so a probe there fails at once. */
const CLOSED_PORT = "1";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `dealer-import-${name}-`));

describe("parseImportArgs", () => {
  it("reads the tenant, the file, the format from the extension and the mark-missing-sold switch", () => {
    expect(parseImportArgs(["--tenant", "westside-used", "--mark-missing-sold", "feed.CSV"])).toEqual({
      tenant: "westside-used",
      file: "feed.CSV",
      format: "csv",
      markMissingSold: true,
    });
    expect(parseImportArgs(["--tenant=coastal-gwm", "--format", "json", "feed.txt"]).format).toBe("json");
  });

  it("refuses a missing tenant, a missing or second file, an unknown option or format", () => {
    for (const argv of [
      ["feed.csv"],
      ["--tenant", "x"],
      ["--tenant", "x", "a.csv", "b.csv"],
      ["--tenant", "x", "--force", "a.csv"],
      ["--tenant", "x", "feed.xml"],
      ["--tenant"],
    ]) {
      expect(() => parseImportArgs(argv), argv.join(" ")).toThrow(UsageError);
    }
  });
});

describe("runImportCommand without a running server", () => {
  const dataDir = tempDir("direct");
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = () => parseEnv({ DATA_DIR: dataDir, TENANTS_DIR: tenantsDir, PORT: CLOSED_PORT, LOG_LEVEL: "silent" });

  it("opens the database itself (ignoring a server file left by a crashed server), lands good rows and exits 0", async () => {
    fs.writeFileSync(path.join(dataDir, "server.json"), JSON.stringify({ port: Number(CLOSED_PORT), pid: 2 ** 22 + 12345 }));
    const { io, out, err } = capture();
    const code = await runImportCommand(["--tenant", CSV_DEALER, CSV], io, env());
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^No server is running/);
    expect(out[1]).toBe(`${CSV_DEALER}: 7 rows read, 3 added, 0 updated, 4 rejected`);
    expect(err).toContain('line 6: price must be a number (got "abc")');
    const db = await openPgliteDatabase(path.join(dataDir, "pglite"));
    try {
      expect(await countVehicles(db, CSV_DEALER)).toBe(3);
    } finally {
      await db.close();
    }
  });

  it("exits 1 when no row is valid, when the site is unknown or the file unreadable, and 2 for a usage mistake", async () => {
    const bad = path.join(dataDir, "bad.json");
    fs.writeFileSync(bad, JSON.stringify([{ stocknum: "X", make: "Kia", year: 1800 }]));
    expect(await runImportCommand(["--tenant", JSON_DEALER, bad], capture().io, env())).toBe(1);
    const unknown = capture();
    expect(await runImportCommand(["--tenant", "nobody", JSON_FILE], unknown.io, env())).toBe(1);
    expect(unknown.err[0]).toContain('no dealer site "nobody"');
    expect(await runImportCommand(["--tenant", JSON_DEALER, path.join(dataDir, "missing.csv")], capture().io, env())).toBe(1);
    const usage = capture();
    expect(await runImportCommand(["feed.csv"], usage.io, env())).toBe(2);
    expect(usage.err[0]).toContain(IMPORT_USAGE);
  });
});

describe("runImportCommand with a server running on the same data folder", () => {
  const dataDir = tempDir("server");
  let server: http.Server;
  let port = 0;

  const savedDatabaseUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    // Its own embedded database in a temporary folder: never the PostgreSQL database CI names in
    // DATABASE_URL, which the browser tests' server starts from afterwards.
    delete process.env.DATABASE_URL;
    Object.assign(process.env, {
      DATA_DIR: dataDir,
      TENANTS_DIR: tenantsDir,
      DEFAULT_TENANT: JSON_DEALER,
      DEMO_STOCK: "off",
      LOG_LEVEL: "silent",
    });
    await bootPlatform();
    ensureImportToken(dataDir);
    // The route as the production server runs it, behind a plain HTTP server.
    ({ server, port } = await serveRoute({ action }, await bootPlatform()));
    writeServerInfo(dataDir, port);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    const platform = await bootPlatform();
    await platform.stockSync.stop();
    await platform.db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (savedDatabaseUrl !== undefined) process.env.DATABASE_URL = savedDatabaseUrl;
  });

  const env = () => parseEnv({ DATA_DIR: dataDir, TENANTS_DIR: tenantsDir, PORT: CLOSED_PORT });

  it("hands the feed to the server instead of opening the database", async () => {
    expect(readServerInfo(dataDir)).toMatchObject({ port, pid: process.pid });
    const { io, out, err } = capture();
    const code = await runImportCommand(["--tenant", JSON_DEALER, JSON_FILE], io, env());
    expect(code).toBe(0);
    expect(out[0]).toBe(`Imported through the running server on port ${port}.`);
    expect(out[1]).toBe(`${JSON_DEALER}: 7 rows read, 3 added, 0 updated, 4 rejected`);
    expect(err).toContain("line 3: make is required");
    const platform = await bootPlatform();
    expect(await getVehicleById(platform.db, JSON_DEALER, `${JSON_DEALER}-jsn2001`)).toMatchObject({ make: "Mazda", certified: true });
    // The server updated its search index before answering.
    const dealer = platform.tenants.get(JSON_DEALER)!;
    expect(await platform.search.getBySlug(dealer, "2023-mazda-cx-30-g20-evolve-dm-jsn2001")).toMatchObject({ stocknum: "JSN2001" });
  });

  it("reports the server's refusal for an unknown site and exits 1", async () => {
    const { io, err } = capture();
    expect(await runImportCommand(["--tenant", "nobody", CSV], io, env())).toBe(1);
    expect(err[0]).toContain('no dealer site with slug "nobody"');
  });

  it("accepts imports only from this machine and only with the data folder's token", async () => {
    const body = JSON.stringify({ tenant: JSON_DEALER, format: "csv", content: "stocknum\n" });
    const post = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${port}/api/stock/import`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body,
      });
    expect((await post({ [IMPORT_TOKEN_HEADER]: "0".repeat(64) })).status).toBe(401);
    expect((await post({})).status).toBe(401);
    const token = ensureImportToken(dataDir);
    expect((await post({ [IMPORT_TOKEN_HEADER]: token })).status).toBe(200);
    const remote = await action({
      request: new Request("http://127.0.0.1/api/stock/import", { method: "POST", headers: { [IMPORT_TOKEN_HEADER]: token }, body }),
      params: {},
      context: { platform: await bootPlatform(), remoteAddress: "203.0.113.9" },
    });
    expect(remote.status).toBe(403);
    const badBody = await fetch(`http://127.0.0.1:${port}/api/stock/import`, {
      method: "POST",
      headers: { [IMPORT_TOKEN_HEADER]: token },
      body: "{",
    });
    expect(badBody.status).toBe(400);
  });
});
