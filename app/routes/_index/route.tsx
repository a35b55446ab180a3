import { siteMeta } from "~/utils/meta";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import type { BudgetStart } from "~/components/budget/BudgetSearch";
import { lazyPart, PendingPart } from "~/components/lazyPart";
import { budgetCarTypes } from "./budgetPrices.server";
import { toVehicleCardData, type VehicleCardData } from "~/domain/vehicleCard";
import { cardSiteOptions } from "@server/tenants/publicSite";
import { BUDGET_DEFAULTS, budgetInput, budgetPeriod, defaultRepayment, type BudgetCarType } from "~/domain/budget";
import { emptySearchRequest } from "~/domain/search";
import { log } from "@server/log";
import { button, container, field } from "~/styles/ui.css";
import * as styles from "./home.css";
import { dealerFrom } from "@server/http/loadContext";
import { NO_STORE, PAGE_CACHE } from "@server/http/cachePolicy";
import { dealerSummary, locationSummaries } from "@server/reviews";
import { RatingBadge } from "~/components/reviews/RatingBadge";

/** Featured stock: six in-stock cars with more than one photo (spec 001 sections 2 and 9). */
const FEATURED_COUNT = 6;
/** Looked at to find six with photos; the dealer's own ranking (custom rank) puts the best first. */
const FEATURED_POOL = 30;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const params = new URL(request.url).searchParams;
  const period = budgetPeriod(params.get("period"));
  // The budget panel without JavaScript sends its fields back here; anything odd becomes 0 (spec 000 section 5).
  const budgetStart: BudgetStart = {
    body: (params.get("body") ?? "").slice(0, 40),
    period,
    repayment: params.has("repayment") ? String(budgetInput(params.get("repayment"))) : String(defaultRepayment(period)),
    deposit: params.has("deposit") ? String(budgetInput(params.get("deposit"))) : String(BUDGET_DEFAULTS.deposit),
  };

  const [featured, carTypes, rating] = await Promise.all([
    platform.search
      .search(tenant, emptySearchRequest({ perPage: FEATURED_POOL, filters: { status: ["in_stock"] } }))
      .then((result) =>
        result.hits
          .filter((v) => v.status === "in_stock" && Math.max(v.photos_count, v.images?.length ?? 0) > 1)
          .slice(0, FEATURED_COUNT)
          .map(toVehicleCardData),
      )
      .catch((error): VehicleCardData[] => {
        log.warn("featured stock unavailable", { tenant: tenant.slug, error: String(error) });
        return [];
      }),
    budgetCarTypes(platform, tenant).catch((error): BudgetCarType[] => {
      log.warn("budget prices unavailable", { tenant: tenant.slug, error: String(error) });
      return [];
    }),
    // The dealer's review badge (every location together), absent when its reviews are not shown.
    locationSummaries(platform, tenant)
      .then(dealerSummary)
      .catch((error) => {
        log.warn("review summary unavailable", { tenant: tenant.slug, error: String(error) });
        return null;
      }),
  ]);

  return data(
    {
      hero: tenant.hero,
      name: tenant.name,
      searchPath: tenant.paths.searchPrefix,
      stats: tenant.statsBanner.show ? tenant.statsBanner.items : [],
      featured,
      site: cardSiteOptions(tenant),
      carTypes,
      budgetStart,
      rating,
    },
    { headers: { "Cache-Control": PAGE_CACHE } },
  );
}

/** A Save on a featured car changes nothing the home page sends. */
export { keepPageOnWatchlistCalls as shouldRevalidate } from "~/components/watchlist/watchlistCalls";

// The featured cars and the budget panel: the server renders them whole, their code loads after the page.
const VehicleCard = lazyPart(() => import("~/components/vehicle-card/VehicleCard").then((m) => m.VehicleCard), "VehicleCard", PendingPart);
const BudgetSearch = lazyPart(() => import("~/components/budget/BudgetSearch").then((m) => m.BudgetSearch), "BudgetSearch", PendingPart);

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? [{ title: `${data.name} | New, demo and used cars` }, { name: "description", content: data.hero.text }] : siteMeta(matches);

export default function Home() {
  const { hero, searchPath, stats, featured, site, carTypes, budgetStart, rating } = useLoaderData<typeof loader>();
  return (
    <>
      <section className={styles.hero}>
        <div className={container}>
          <h1 className={styles.heroTitle}>{hero.title}</h1>
          {hero.text ? <p className={styles.heroText}>{hero.text}</p> : null}
          {rating ? (
            <p className={styles.heroRating}>
              <RatingBadge summary={rating} href="/reviews" />
            </p>
          ) : null}
          <Form method="get" action={searchPath} className={styles.searchForm} role="search">
            <label htmlFor="home-query" className="visually-hidden">
              Search stock
            </label>
            <input id="home-query" name="query" type="search" className={field} placeholder={hero.searchPlaceholder} maxLength={100} />
            <button type="submit" className={button.accent}>
              Search
            </button>
          </Form>
        </div>
      </section>
      {stats.length ? (
        <section className={styles.stats} aria-label="About our group">
          <ul className={`${container} ${styles.statsList}`}>
            {stats.map((s) => (
              <li key={s.label}>
                <strong className={styles.statValue}>{s.value}</strong> {s.label}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {featured.length ? (
        <section className={`${container} ${styles.section}`} aria-labelledby="featured-title">
          <div className={styles.sectionHeader}>
            <h2 id="featured-title" className={styles.sectionTitle}>
              Featured vehicles
            </h2>
            <Link to={searchPath} className={styles.sectionLink}>
              View all stock
            </Link>
          </div>
          <ul className={styles.featured}>
            {featured.map((card, index) => (
              <li key={card.id}>
                {/* The first featured car is in a phone's first screen, and its photo is the largest thing there: at once, first. */}
                <VehicleCard card={card} site={site} headingLevel={3} eager={index === 0} priority={index === 0} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {carTypes.length ? (
        <div className={`${container} ${styles.lastSection}`}>
          <BudgetSearch carTypes={carTypes} start={budgetStart} searchPrefix={searchPath} action="/#budget" />
        </div>
      ) : null}
    </>
  );
}
