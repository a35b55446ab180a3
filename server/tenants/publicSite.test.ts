/** The dealer's site data every page carries: built once per tenant config, and only what the layout shows. */
import { describe, expect, it } from "vitest";
import { themeStyle } from "~/styles/themeTokens";
import { testTenant } from "../../tests/support/testTenant";
import { cardSiteOptions, publicSite } from "./publicSite";

describe("the dealer's site data sent with every page", () => {
  it("is the same object for every page of one dealer's config, and fresh once the config is reloaded", () => {
    const tenant = testTenant("summit-motors", { tagline: "Drive away today" });
    const site = publicSite(tenant);
    expect(publicSite(tenant)).toBe(site);

    const reloaded = testTenant("summit-motors", { tagline: "New cars in stock" });
    const fresh = publicSite(reloaded);
    expect(fresh).not.toBe(site);
    expect(fresh.tagline).toBe("New cars in stock");
    expect(site.tagline).toBe("Drive away today");
  });

  it("builds the page's theme style once per dealer, fresh for a reloaded config with new colours", () => {
    const tenant = testTenant("summit-motors");
    const style = themeStyle(publicSite(tenant).theme);
    expect(themeStyle(publicSite(tenant).theme)).toBe(style);

    const recoloured = testTenant("summit-motors", { theme: { brand: "#00458a" } });
    const fresh = themeStyle(publicSite(recoloured).theme);
    expect(fresh).not.toBe(style);
    expect(Object.values(fresh)).toContain("#00458a");
  });

  it("carries what the header, footer and forms show, and not the dealer's other settings", () => {
    const site = publicSite(testTenant("summit-motors", { footer: { dealerLicence: "MD 20011" } }));
    expect(site.footer.dealerLicence).toBe("MD 20011");
    expect(site.primaryLocation).toEqual({ street: "1 Main Road", city: "Sydney", state: "NSW", postcode: "2000", phone: "02 9000 0000", department: "Sales" });
    expect(site.servicePhone).toBeNull();
    expect(Object.keys(site.features).sort()).toEqual(["captcha", "garage"]);
    expect(Object.keys(site.paths).sort()).toEqual(["searchPrefix", "watchlist"]);
    expect(site.contact).toEqual({ phone: "02 9000 0000" });
    expect(site).not.toHaveProperty("phones");
  });
});

describe("the card's button words", () => {
  it("are the spec's 'Reserve this Car' and 'Enquire Now' unless the dealer chose 'Reserve Now' and 'Quick Enquiry'", () => {
    expect(cardSiteOptions(testTenant("plain"))).toMatchObject({ reserveLabel: "Reserve this Car", enquireLabel: "Enquire Now" });
    const worded = testTenant("worded", { search: { reserveCardButton: "Reserve Now", enquireCardButton: "Quick Enquiry" } });
    expect(cardSiteOptions(worded)).toMatchObject({ reserveLabel: "Reserve Now", enquireLabel: "Quick Enquiry" });
    expect(() => testTenant("odd", { search: { reserveCardButton: "Grab it" } })).toThrow();
  });
});
