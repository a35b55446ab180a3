/**
 * The demo dealers shipped in tenants/: every tenant.json there validates against the schema, and each
 * demo site shows the variant it is there to show. The only unit test that reads tenants/; every
 * other test builds its own dealers (tests/support/testTenant.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contrastRatio, readableOn, TEXT_CONTRAST, themeContrastFailures } from "~/domain/colourContrast";
import { loadTenantsFromDir, parseTenantConfig } from "@server/tenants/registry";
import { themeSchema } from "@server/tenants/schema";

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

  it("Westside shows the dealer's own analytics tags (GTM, GA4, Meta Pixel); the benchmarked sites store their events only", () => {
    const [coastal, summit, westside] = demoTenants();
    expect(Object.keys(westside.analytics).sort()).toEqual(["ga4MeasurementId", "gtmContainerId", "metaPixelId"]);
    expect(coastal.analytics).toEqual({});
    expect(summit.analytics).toEqual({});
  });
});

describe("every demo dealer's theme, and the schema's default, reads at WCAG AA", () => {
  const themes = [...demoTenants().map((t) => [t.slug, t.theme] as const), ["the schema's default", themeSchema.parse({})] as const];

  it.each(themes)("%s: every text/background pair at 4.5:1, field borders and focus rings at 3:1", (_name, theme) => {
    expect(themeContrastFailures(theme).map((f) => f.message)).toEqual([]);
  });

  it.each(demoTenants().map((t) => [t.slug, t] as const))("%s: promo tiles' text reads on their colours", (_slug, tenant) => {
    for (const card of tenant.search.promoCards.filter((c) => c.background && !c.image)) {
      const text = readableOn(card.background!, [tenant.theme.brandContrast, tenant.theme.text]);
      expect(contrastRatio(text, card.background!), card.id).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it("each keeps its brand colour", () => {
    expect(demoTenants().map((t) => t.theme.brand)).toEqual(["#b3121e", "#0b3d91", "#0f766e"]);
  });
});
