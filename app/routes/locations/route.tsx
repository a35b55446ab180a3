/**
 * The locations grid (spec 001 section 2): a card per location, sales first, with sales / service-only /
 * parts filters as plain links (no JavaScript needed), columns by count. Answers /locations on every
 * dealer and /dealerships where the dealer's locations page is there (tenant paths.locations).
 */
import { siteMeta } from "~/utils/meta";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { dealerFrom } from "@server/http/loadContext";
import { NO_STORE, PAGE_CACHE } from "@server/http/cachePolicy";
import { locationSummaries } from "@server/reviews";
import { log } from "@server/log";
import { dedupeSameStreet, GRID_FILTERS, gridColumns, gridFilterOf, sortLocations } from "~/domain/locations";
import type { ReviewSummary } from "~/domain/reviews";
import { container } from "~/styles/ui.css";
import { LocationCard } from "./LocationCard";
import { autoDealerJsonLd, locationCards, todayAt, withServiceTabs } from "./locationView.server";
import { jsonLdScript } from "~/domain/vehicleSeo";
import * as styles from "./locations.css";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const url = new URL(request.url);
  const basePath = url.pathname.replace(/\/+$/, "") || "/locations";
  if (basePath === "/dealerships" && tenant.paths.locations !== "/dealerships") throw new Response("Not found", { status: 404 });
  const filter = gridFilterOf(url.searchParams.get("type"));
  const summaries = await locationSummaries(platform, tenant).catch((error) => {
    log.warn("location ratings unavailable", { tenant: tenant.slug, error: String(error) });
    return new Map<string, ReviewSummary>();
  });
  const all = sortLocations(tenant.locations);
  const listed = tenant.features.dedupeSameStreetLocations ? dedupeSameStreet(all) : all;
  const shown = filter === "all" ? listed : listed.filter((l) => l.location_type === filter);
  // Only the filters that would show something (a dealer without a parts counter has no Parts link).
  const filters = GRID_FILTERS.filter((f) => f.value === "all" || listed.some((l) => l.location_type === f.value)).map((f) => ({
    ...f,
    href: f.value === "all" ? basePath : `${basePath}?type=${f.value}`,
  }));
  const now = new Date();
  // Every location on the page as schema.org AutoDealer with its opening hours.
  const jsonLd = jsonLdScript(shown.map((l) => autoDealerJsonLd(l, url.origin, todayAt(tenant, l, now), summaries.get(l.id) ?? null)));
  return data(
    {
      name: tenant.name,
      jsonLd,
      filter,
      filters: filters.length > 2 ? filters : [],
      cards:
        tenant.features.locationCardTabs && filter === "all"
          ? withServiceTabs(tenant, shown, locationCards(tenant, shown, summaries, now), now)
          : locationCards(tenant, shown, summaries, now),
    },
    { headers: { "Cache-Control": PAGE_CACHE } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [
        { title: `Our locations | ${data.name}` },
        { name: "description", content: `Addresses, phone numbers and opening hours of every ${data.name} location.` },
      ]
    : siteMeta(matches);

export default function Locations() {
  const { name, filter, filters, cards, jsonLd } = useLoaderData<typeof loader>();
  const columns = gridColumns(cards.length);
  const gridClass = [
    styles.grid[Math.min(columns.narrow, 3) as 1 | 2 | 3],
    columns.wide === 4 ? styles.gridWide : "",
    cards.length < 3 ? styles.gridFew : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={`${container} ${styles.page}`}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <h1 className={styles.title}>Our locations</h1>
      <p className={styles.intro}>Find a {name} location near you: opening hours, phone numbers and directions.</p>
      {filters.length ? (
        <nav aria-label="Filter locations">
          <ul className={styles.filters}>
            {filters.map((f) => (
              <li key={f.value}>
                <Link to={f.href} className={styles.filterLink} aria-current={f.value === filter ? "page" : undefined} preventScrollReset>
                  {f.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {cards.length ? (
        <ul className={gridClass}>
          {cards.map((card) => (
            <li key={card.id}>
              <LocationCard location={card} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>No locations match this filter.</p>
      )}
    </div>
  );
}
