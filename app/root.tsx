import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { memo, type ReactNode } from "react";
import { CompareBar } from "~/components/compare/CompareBar";
import { useVisitTracker } from "~/components/forms/visitStore";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { LinkNavigation } from "~/components/Link";
import { useNonce } from "~/components/nonce";
import { SiteFooter } from "~/components/layout/SiteFooter";
import { SiteHeader } from "~/components/layout/SiteHeader";
import { ToastHost } from "~/components/ToastHost";
import "~/styles/global.css";
import { themeStyle } from "~/styles/themeTokens";
import { useDealerTags } from "~/utils/dealerTags";
import { headerCatalogue } from "@server/catalogue.server";
import { sharedQuestionFor } from "@server/captcha";
import { modelMenu } from "@server/modelCatalogue.server";
import { publicSite } from "@server/tenants/publicSite";
import { dealerFrom } from "@server/http/loadContext";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const [catalogue, models] = await Promise.all([headerCatalogue(platform, tenant), modelMenu(platform, tenant)]);
  // The captcha question lead forms show without JavaScript: shared by every page of this minute (decision 0022).
  return { site: publicSite(tenant), catalogue, models, captchaQuestion: sharedQuestionFor(platform, tenant) };
}

export type RootLoader = typeof loader;

/** Saving a car to the watchlist changes nothing the layout sends (the header asks /api/me itself). */
export { keepPageOnWatchlistCalls as shouldRevalidate } from "~/components/watchlist/watchlistCalls";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.site.name ?? "Dealer not found" },
  { name: "description", content: data?.site.tagline ?? "" },
];

/** The site for the current request, from the root loader (undefined on the unknown-host page). */
export function useSite() {
  return useRouteLoaderData<typeof loader>("root")?.site;
}

function useCatalogue() {
  return useRouteLoaderData<typeof loader>("root")?.catalogue;
}

// The layout renders again whenever the router's state changes (the routes behind the page's links
// learned, a fetcher's answer); the header and footer change only with the root's data, so they render
// again only when it does.
const Header = memo(SiteHeader);
const Footer = memo(SiteFooter);

export function Layout({ children }: { children: ReactNode }) {
  const site = useSite();
  const catalogue = useCatalogue();
  const models = useRouteLoaderData<typeof loader>("root")?.models;
  const nonce = useNonce();
  // Every page of the visit, for the lead forms' lead_attributes.visited_pages.
  useVisitTracker(site?.slug);
  // The dealer's own analytics tags, if it has any: started after the page has hydrated, never before its first paint.
  useDealerTags(site?.analytics);
  return (
    <html lang="en-AU" style={site ? themeStyle(site.theme) : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {site ? <meta name="theme-color" content={site.theme.brand} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {site ? <Header site={site} catalogue={catalogue} models={models ?? undefined} /> : null}
        <main id="main">{children}</main>
        {site ? <Footer site={site} catalogue={catalogue} /> : null}
        {site?.flags.compare ? <CompareBar siteSlug={site.slug} /> : null}
        {/* The page's one toast (spec 001 section 4: one at a time), whichever part of the page shows it. */}
        {site ? <ToastHost /> : null}
        <LinkNavigation />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
