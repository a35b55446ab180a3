import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bootPlatform } from "@server/platform.server";
import { serverBuild } from "./support/serverBuild";
import { minimalTenantInput, writeTenantsDir } from "./support/testTenant";

const build = serverBuild("the start-up test");

/** A tenants folder with one dealer whose tenant.json is valid except for a negative page size. */
function tenantsWithBadValue() {
  return writeTenantsDir([minimalTenantInput("alpha-motors", { search: { pageSize: -4 } })], "bad-tenants-");
}

function withoutVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith("VITEST"))) as NodeJS.ProcessEnv;
}

describe("start-up with a wrong tenant value", () => {
  it("the platform refuses to boot and names the file and field", async () => {
    const dir = tenantsWithBadValue();
    const saved = { ...process.env };
    Object.assign(process.env, { TENANTS_DIR: dir, DEFAULT_TENANT: "alpha-motors" });
    try {
      await expect(bootPlatform()).rejects.toThrow(/alpha-motors\/tenant\.json is invalid: search\.pageSize/);
    } finally {
      process.env = saved;
    }
  });

  it.skipIf(build.skip)("the server command exits with the message", () => {
    build.assertPresent();
    const result = spawnSync("node", ["server/cli/start.mjs"], {
      env: {
        ...withoutVitest(process.env),
        SKIP_BUILD: "1",
        TENANTS_DIR: tenantsWithBadValue(),
        DEFAULT_TENANT: "alpha-motors",
        PORT: "3999",
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bad-start-")),
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Cannot start: Tenant config .*alpha-motors\/tenant\.json is invalid: search\.pageSize/);
  });
});
