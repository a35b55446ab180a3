/**
 * /sitemap.xml: the dealer's addresses for search engines (server/content/sitemap.ts), one file up to
 * 50,000 addresses, above that an index of /sitemap.xml?page=N. Within a minute of an import.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { sitemapDocument } from "~/domain/sitemap";
import { SITEMAP_CACHE, sitemapEntries, sitemapPaths } from "@server/content/sitemap";
import { dealerFrom } from "@server/http/loadContext";
import { log } from "@server/log";

const pageParam = z.coerce.number().int().min(1).max(10_000);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("page");
  const page = asked === null ? null : pageParam.safeParse(asked);
  if (page && !page.success) return new Response("Not found", { status: 404 });
  let paths;
  try {
    paths = await sitemapPaths(platform, tenant);
  } catch (error) {
    log.error("sitemap unavailable", { tenant: tenant.slug, error: String(error) });
    return new Response("Sitemap unavailable, please try again shortly.", { status: 503, headers: { "Retry-After": "60" } });
  }
  const xml = sitemapDocument(sitemapEntries(paths, url.origin), `${url.origin}/sitemap.xml`, page ? page.data! : null);
  if (xml === null) return new Response("Not found", { status: 404 });
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE } });
}
