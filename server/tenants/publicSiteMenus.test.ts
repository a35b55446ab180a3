/** The menus a page is built with follow the dealer's stock (app/domain/menusForStock.ts). */
import { describe, expect, it } from "vitest";
import { testTenant } from "../../tests/support/testTenant";
import { publicSite } from "./publicSite";

const hrefs = (site: ReturnType<typeof publicSite>) => [
  ...site.menus.header.flatMap((i) => [i.href, ...i.children.map((c) => c.href)]),
  ...site.menus.footer.flatMap((g) => g.links.map((l) => l.href)),
  ...site.footer.companyLinks.map((l) => l.href),
];

describe("the menus a dealer's pages show", () => {
  it("have no used-car search on a new-and-demo dealer, the rest of the default menus kept", () => {
    const site = publicSite(testTenant("coastal-motors", { search: { baseFilter: { carTypes: ["new", "demo"] } } }));
    expect(hrefs(site)).not.toContain("/search/used-cars");
    // The header's stock menu, when it has no live counts, is built in the page from these.
    expect(site.stockCarTypes).toEqual(["new", "demo"]);
    expect(hrefs(site)).toEqual(expect.arrayContaining(["/search/demo-cars", "/search/new-cars", "/newenergy", "/service", "/about-us"]));
  });

  it("have no new or demo car search on a used-only dealer", () => {
    const site = publicSite(testTenant("westside-motors", { search: { baseFilter: { carTypes: ["used"] } } }));
    expect(hrefs(site)).toContain("/search/used-cars");
    expect(hrefs(site)).not.toContain("/search/new-cars");
    expect(hrefs(site)).not.toContain("/search/demo-cars");
  });

  it("keep every link for a dealer of every car type", () => {
    const site = publicSite(testTenant("every-motors"));
    expect(hrefs(site)).toEqual(expect.arrayContaining(["/search/used-cars", "/search/demo-cars", "/search/new-cars"]));
  });
});
