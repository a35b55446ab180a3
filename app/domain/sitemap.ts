/**
 * The sitemap protocol (sitemaps.org): one <urlset> of at most 50,000 addresses, or above that a
 * sitemap index naming one <urlset> per 50,000. Pure: the server collects the addresses.
 */

/** The protocol's limit of addresses in one sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

export interface SitemapEntry {
  /** An absolute address on this site. */
  loc: string;
  /** When the page last changed (ISO date or time), where known. */
  lastmod?: string;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** How many sitemap files the entries need (at least one, which may be empty). */
export function sitemapPages(count: number, limit = SITEMAP_URL_LIMIT): number {
  return Math.max(1, Math.ceil(count / limit));
}

export function renderUrlset(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastmod && !Number.isNaN(Date.parse(e.lastmod)) ? `<lastmod>${new Date(e.lastmod).toISOString()}</lastmod>` : "";
    return `<url><loc>${escapeXml(e.loc)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function renderSitemapIndex(sitemaps: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemaps.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

/**
 * What /sitemap.xml answers: the one <urlset> when every address fits, else the index of its pages
 * (/sitemap.xml?page=N); with a page asked for, that page's <urlset>, or null for a page that is not there.
 */
export function sitemapDocument(
  entries: readonly SitemapEntry[],
  sitemapUrl: string,
  page: number | null,
  limit = SITEMAP_URL_LIMIT,
): string | null {
  const pages = sitemapPages(entries.length, limit);
  if (page === null) {
    if (pages === 1) return renderUrlset(entries);
    return renderSitemapIndex(Array.from({ length: pages }, (_, i) => `${sitemapUrl}?page=${i + 1}`));
  }
  if (page < 1 || page > pages) return null;
  return renderUrlset(entries.slice((page - 1) * limit, page * limit));
}

/** robots.txt: every page open to crawlers but the shopper's own and the enquiry steps, and the sitemap named. */
export function robotsTxt(sitemapUrl: string, disallow: readonly string[]): string {
  return ["User-agent: *", ...disallow.map((path) => `Disallow: ${path}`), "", `Sitemap: ${sitemapUrl}`, ""].join("\n");
}
