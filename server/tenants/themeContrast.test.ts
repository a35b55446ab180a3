/**
 * A dealer cannot ship an unreadable site: a theme (or a promo tile colour) that fails WCAG AA contrast
 * is refused at load like any other invalid tenant config, with the pair, its ratio and a colour that passes.
 */
import { describe, expect, it } from "vitest";
import { minimalTenantInput } from "../../tests/support/testTenant";
import { parseTenantConfig, TenantConfigError } from "./registry";

const FILE = "tenants/test-motors/tenant.json";
const load = (overrides: Record<string, unknown>) => parseTenantConfig(minimalTenantInput("test-motors", overrides), FILE);
const issuesOf = (overrides: Record<string, unknown>) => {
  try {
    load(overrides);
  } catch (error) {
    if (error instanceof TenantConfigError) return error.issues;
    throw error;
  }
  return [];
};

describe("a dealer theme at load", () => {
  it("loads the schema's default theme", () => {
    expect(load({}).theme).toMatchObject({ accent: "#d62839", control: "#7b8594" });
  });

  it("refuses a brand-coloured logo that cannot be read on a dark header, naming the pair and a passing colour", () => {
    const issues = issuesOf({ theme: { brand: "#b3121e", headerBackground: "#111111", headerText: "#ffffff" } });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(
      /^theme\.logo: logo #b3121e on headerBackground #111111 \(the logo text \(small on phones\)\) has contrast 2\.71:1, needs 4\.5:1; logo #[0-9a-f]{6} or headerBackground #[0-9a-f]{6} would pass$/,
    );
  });

  it("loads the same header once the logo has its own readable colour", () => {
    expect(load({ theme: { brand: "#b3121e", headerBackground: "#111111", headerText: "#ffffff", logo: "#f03c46" } }).theme.logo).toBe("#f03c46");
  });

  it("refuses white on a pale accent button and a pale focus ring, every failing pair listed", () => {
    expect(issuesOf({ theme: { accent: "#f2a900" } }).map((i) => i.split(":")[0])).toEqual(["theme.focus", "theme.focus", "theme.accentContrast"]);
    expect(issuesOf({ theme: { accent: "#f2a900", accentContrast: "#111111", focus: "#1d3557" } })).toEqual([]);
  });

  it("refuses form fields whose border shoppers cannot see", () => {
    expect(issuesOf({ theme: { control: "#e0e0e0" } })[0]).toMatch(/^theme\.control: control #e0e0e0 on background #ffffff \(form field borders\) has contrast 1\.3\d:1, needs 3:1/);
  });
});

describe("a promo tile's colour at load", () => {
  const promo = (background: string, image = "") => ({ search: { promoCards: [{ id: "p1", title: "Trade in", href: "/trade-in", background, image }] } });

  it("loads a pale tile, as the body text reads on it where white does not", () => {
    expect(load(promo("#f2a900")).search.promoCards[0]!.background).toBe("#f2a900");
  });

  it("refuses a tile on which neither the brand's contrast colour nor the body text reads", () => {
    expect(issuesOf(promo("#777777"))).toEqual([expect.stringMatching(/^search\.promoCards\.0\.background: promo tile #777777 reads at \d\.\d\d:1 with brandContrast or text, needs 4\.5:1; #[0-9a-f]{6} would pass$/)]);
  });

  it("leaves a tile with a photo alone: its text sits on a dark wash", () => {
    expect(issuesOf(promo("#777777", "/media/promo.jpg"))).toEqual([]);
  });
});
