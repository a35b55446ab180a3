import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bootPlatform } from "@server/platform.server";

function tenantsWithBadValue() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bad-tenants-"));
  const good = JSON.parse(fs.readFileSync("tenants/westside-used/tenant.json", "utf8"));
  fs.mkdirSync(path.join(dir, "westside-used"));
  fs.writeFileSync(path.join(dir, "westside-used", "tenant.json"), JSON.stringify({ ...good, search: { ...good.search, pageSize: -4 } }));
  return dir;
}

function withoutVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith("VITEST"))) as NodeJS.ProcessEnv;
}

describe("start-up with a wrong tenant value", () => {
  it("the platform refuses to boot and names the file and field", async () => {
    const dir = tenantsWithBadValue();
    const saved = { ...process.env };
    Object.assign(process.env, { TENANTS_DIR: dir, DEFAULT_TENANT: "westside-used" });
    try {
      await expect(bootPlatform()).rejects.toThrow(/westside-used\/tenant\.json is invalid: search\.pageSize/);
    } finally {
      process.env = saved;
    }
  });

  it("the server command exits with the message", () => {
    if (!fs.existsSync(path.join(process.env.BUILD_DIR ?? "build", "server/index.js"))) return; // needs a build; npm test builds before browser tests
    const result = spawnSync("node", ["server/cli/start.mjs"], {
      env: {
        ...withoutVitest(process.env),
        SKIP_BUILD: "1",
        TENANTS_DIR: tenantsWithBadValue(),
        DEFAULT_TENANT: "westside-used",
        PORT: "3999",
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bad-start-")),
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Cannot start: Tenant config .*westside-used\/tenant\.json is invalid: search\.pageSize/);
  });
});
