/** /robots.txt: crawlers welcome on the dealer's public pages, kept off the shopper's own, and told the sitemap. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/domain/sitemap";
import { PUBLIC_FIVE_MINUTES } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = dealerFrom(context);
  const origin = new URL(request.url).origin;
  const disallow = [
    "/api/",
    "/sign-in",
    "/sign-out",
    "/success",
    "/print",
    "/compare",
    "/checkout-journey",
    "/personalised/",
    "/finance-application/",
    tenant.paths.watchlist,
  ];
  return new Response(robotsTxt(`${origin}/sitemap.xml`, disallow), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_FIVE_MINUTES },
  });
}
