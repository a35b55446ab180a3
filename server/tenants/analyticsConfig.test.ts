/** tenant.json `analytics`: the dealer's own tags, validated ids, and "stored only" when absent. */
import { describe, expect, it } from "vitest";
import { hasDealerTags } from "~/domain/dealerTags";
import { minimalTenantInput } from "../../tests/support/testTenant";
import { parseTenantConfig, TenantConfigError } from "./registry";
import { publicSite } from "./publicSite";

const parse = (analytics?: unknown) =>
  parseTenantConfig(minimalTenantInput("tag-motors", analytics === undefined ? {} : { analytics }), "tenants/tag-motors/tenant.json");

function refusal(analytics: unknown): string[] {
  try {
    parse(analytics);
  } catch (error) {
    if (error instanceof TenantConfigError) return error.issues;
    throw error;
  }
  throw new Error("accepted");
}

describe("a dealer's analytics settings", () => {
  it("default to none: the dealer's events are only stored, and its pages carry no tag ids", () => {
    const tenant = parse();
    expect(tenant.analytics).toEqual({});
    expect(hasDealerTags(tenant.analytics)).toBe(false);
    expect(publicSite(tenant).analytics).toBeNull();
  });

  it("take a GTM container, a GA4 measurement id and a Meta Pixel id, each on its own or together", () => {
    const all = { gtmContainerId: "GTM-AB12CD3", ga4MeasurementId: "G-AB12CD34EF", metaPixelId: "123456789012345" };
    expect(parse(all).analytics).toEqual(all);
    expect(publicSite(parse(all)).analytics).toEqual(all);
    expect(publicSite(parse({ metaPixelId: "123456789012345" })).analytics).toEqual({ metaPixelId: "123456789012345" });
    expect(hasDealerTags(parse({ ga4MeasurementId: "G-AB12CD34EF" }).analytics)).toBe(true);
  });

  it("refuse ids of the wrong shape, naming the field, so a typo stops start-up instead of loading nothing", () => {
    expect(refusal({ gtmContainerId: "UA-12345-1" })).toEqual([
      "analytics.gtmContainerId: must be a Google Tag Manager container id such as GTM-AB12CD3",
    ]);
    expect(refusal({ ga4MeasurementId: "GTM-AB12CD3" })[0]).toMatch(/^analytics\.ga4MeasurementId: must be a GA4 measurement id/);
    expect(refusal({ metaPixelId: "fb-1234" })[0]).toMatch(/^analytics\.metaPixelId: must be a Meta Pixel id/);
    // Script injection through an id is refused by its shape.
    expect(refusal({ gtmContainerId: "GTM-AB12'><script>" })[0]).toMatch(/^analytics\.gtmContainerId/);
  });

  it("refuse unknown keys, among them the old pixelId and dataLayer that never did anything", () => {
    expect(refusal({ pixelId: "123456789012345", dataLayer: true })[0]).toMatch(/^analytics: Unrecognized key\(s\) in object: 'pixelId', 'dataLayer'/);
  });
});
