import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { minimalTenantInput } from "../../tests/support/testTenant";
import { loadTenantsFromDir, TenantRegistry } from "./registry";
import { watchSettings, type SettingsWatch } from "./watchSettings";

let dir: string;
let registry: TenantRegistry;
let watch: SettingsWatch;
let heard: string[][];

const write = (slug: string, content: unknown) => {
  fs.mkdirSync(path.join(dir, slug), { recursive: true });
  fs.writeFileSync(path.join(dir, slug, "tenant.json"), typeof content === "string" ? content : JSON.stringify(content));
};
/** Waits (at most 2 s, the goal for a change to reach every process) until `done` holds. */
async function within2s(done: () => boolean): Promise<number> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > 2_000) throw new Error("not within 2 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-settings-"));
  write("alpha-motors", minimalTenantInput("alpha-motors", { name: "Alpha Motors" }));
  write("bravo-cars", minimalTenantInput("bravo-cars", { name: "Bravo Cars" }));
  registry = new TenantRegistry(loadTenantsFromDir(dir), "alpha-motors");
  heard = [];
  watch = watchSettings({ dir, registry, onChanged: (slugs) => heard.push(slugs), settleMs: 50 });
});
afterEach(() => {
  watch.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a dealer's settings edited while the server runs", () => {
  it("are taken within 2 s, for that dealer only", async () => {
    write("bravo-cars", minimalTenantInput("bravo-cars", { name: "Bravo Cars Parramatta" }));
    await within2s(() => registry.get("bravo-cars")?.name === "Bravo Cars Parramatta");
    await within2s(() => heard.length > 0);
    expect(heard).toEqual([["bravo-cars"]]);
    expect(registry.get("alpha-motors")?.name).toBe("Alpha Motors");
  });

  it("a new dealer answers on its host", async () => {
    write("charlie-autos", minimalTenantInput("charlie-autos", { name: "Charlie Autos" }));
    await within2s(() => registry.resolveHost("charlie-autos.localhost")?.name === "Charlie Autos");
    expect(heard.flat()).toEqual(["charlie-autos"]);
  });

  it("a file that fails the check changes nothing: the settings in use stay", async () => {
    write("bravo-cars", "{ not json");
    write("alpha-motors", minimalTenantInput("alpha-motors", { name: "" }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await watch.reload()).toEqual([]);
    expect(registry.get("bravo-cars")?.name).toBe("Bravo Cars");
    expect(registry.get("alpha-motors")?.name).toBe("Alpha Motors");
    expect(heard).toEqual([]);
    // Fixed, it is taken.
    write("bravo-cars", minimalTenantInput("bravo-cars", { name: "Bravo Cars" }));
    write("alpha-motors", minimalTenantInput("alpha-motors", { name: "Alpha Motors Penrith" }));
    await within2s(() => registry.get("alpha-motors")?.name === "Alpha Motors Penrith");
  });

  it("an edited content page drops that dealer's kept pages", async () => {
    fs.mkdirSync(path.join(dir, "alpha-motors", "pages"));
    fs.writeFileSync(path.join(dir, "alpha-motors", "pages", "about-us.md"), "# About Alpha\n");
    await within2s(() => heard.flat().includes("alpha-motors"));
    expect(heard.flat()).not.toContain("bravo-cars");
  });
});
