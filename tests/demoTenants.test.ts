/**
 * The demo dealers shipped in tenants/: every tenant.json there validates against the schema, and each
 * demo site shows the variant it is there to show. The only unit test that reads tenants/; every
 * other test builds its own dealers (tests/support/testTenant.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadTenantsFromDir, parseTenantConfig } from "@server/tenants/registry";

const TENANTS = path.resolve("tenants");
const demoTenants = () => loadTenantsFromDir(TENANTS);

describe("every shipped tenants/*/tenant.json", () => {
  // Folders named with a leading '_' hold what every dealer shares (tenants/_defaults/pages), not a dealer.
  const folders = fs.readdirSync(TENANTS, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !entry.name.startsWith("_"));

  it("is there for each dealer folder", () => {
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) expect(fs.existsSync(path.join(TENANTS, folder.name, "tenant.json")), folder.name).toBe(true);
  });

  it.each(folders.map((folder) => folder.name))("%s/tenant.json validates against the schema", (slug) => {
    const file = path.join(TENANTS, slug, "tenant.json");
    expect(parseTenantConfig(JSON.parse(fs.readFileSync(file, "utf8")), file).slug).toBe(slug);
  });
});

describe("demo tenants", () => {
  it("all three load and validate", () => {
    expect(demoTenants().map((t) => t.slug)).toEqual(["coastal-gwm", "summit-auto-group", "westside-used"]);
  });

  it("each has its own look", () => {
    const brands = demoTenants().map((t) => t.theme.brand);
    expect(new Set(brands).size).toBe(3);
  });

  it("the group has at least 8 locations of sales, service and parts and the stats banner", () => {
    const group = demoTenants().find((t) => t.slug === "summit-auto-group")!;
    expect(group.locations.length).toBeGreaterThanOrEqual(8);
    expect(new Set(group.locations.map((l) => l.location_type))).toEqual(new Set(["sales", "service", "parts"]));
    expect(group.statsBanner.items.map((i) => i.value)).toEqual(["50+", "40+", "30+"]);
    expect(new Set(group.brands.map((b) => b.kind))).toEqual(new Set(["car", "truck", "motorcycle", "caravan", "group"]));
  });

  it("variants are flags: used-car paths, spinner default, gating", () => {
    const [coastal, summit, westside] = demoTenants();
    expect(westside.paths.searchPrefix).toBe("/used-car");
    expect(coastal.gallery.defaultView).toBe("spinner");
    expect(westside.gallery.defaultView).toBe("gallery");
    expect(coastal.gating.enabled).toBe(true);
    expect(summit.finance.calculator.groupStyle).toBe(true);
  });
});
