import { describe, expect, it } from "vitest";
import { robotsTxt, renderUrlset, sitemapDocument, sitemapPages } from "./sitemap";

const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ loc: `https://dealer.example/cars/car-${i + 1}` }));

describe("the sitemap", () => {
  it("lists every address, escaped, with its last change where known", () => {
    const xml = renderUrlset([
      { loc: "https://dealer.example/search?make=a&b=<c>" },
      { loc: "https://dealer.example/cars/x", lastmod: "2026-11-20T10:00:00Z" },
      { loc: "https://dealer.example/cars/y", lastmod: "not a date" },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<loc>https://dealer.example/search?make=a&amp;b=&lt;c&gt;</loc>");
    expect(xml).toContain("<url><loc>https://dealer.example/cars/x</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></url>");
    expect(xml).toContain("<url><loc>https://dealer.example/cars/y</loc></url>");
  });

  it("is one file up to the limit", () => {
    const xml = sitemapDocument(entries(3), "https://dealer.example/sitemap.xml", null, 3)!;
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect(sitemapPages(0)).toBe(1);
    expect(sitemapPages(50_000)).toBe(1);
    expect(sitemapPages(50_001)).toBe(2);
  });

  it("above the limit is an index of pages, each page its share of the addresses", () => {
    const index = sitemapDocument(entries(7), "https://dealer.example/sitemap.xml", null, 3)!;
    expect(index).toContain("<sitemapindex");
    expect(index.match(/<sitemap>/g)).toHaveLength(3);
    expect(index).toContain("<loc>https://dealer.example/sitemap.xml?page=3</loc>");
    const last = sitemapDocument(entries(7), "https://dealer.example/sitemap.xml", 3, 3)!;
    expect(last.match(/<loc>[^<]+<\/loc>/g)).toEqual(["<loc>https://dealer.example/cars/car-7</loc>"]);
    expect(sitemapDocument(entries(7), "https://dealer.example/sitemap.xml", 4, 3)).toBeNull();
    expect(sitemapDocument(entries(7), "https://dealer.example/sitemap.xml", 0, 3)).toBeNull();
  });
});

describe("robots.txt", () => {
  it("names the sitemap and keeps crawlers out of the listed paths", () => {
    expect(robotsTxt("https://dealer.example/sitemap.xml", ["/api/", "/my-garage"])).toBe(
      "User-agent: *\nDisallow: /api/\nDisallow: /my-garage\n\nSitemap: https://dealer.example/sitemap.xml\n",
    );
  });
});
