/**
 * /personalised/finance?car_id={id} (spec 001 section 2): the finance journey for a car, or without a
 * car the 'Get Finance Now' landing where the dealer has it (features.financeLandingCta). A gated route
 * (type finance). The journey is the same component the vehicle page's popup shows; here it is the page,
 * and without JavaScript each step is a page of its own (personalisedFinance.server.ts).
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { FinanceJourney } from "~/components/finance/FinanceJourney";
import * as styles from "~/components/finance/financeJourney.css";
import type { JourneyAnswer } from "~/components/finance/journeyCopy";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { lazyPart, PendingPart } from "~/components/lazyPart";
import * as enquiry from "~/components/enquiry/enquiry.css";
import { button, container } from "~/styles/ui.css";
import { NO_STORE } from "@server/http/cachePolicy";
import { personalisedFinanceAction, personalisedFinanceLoader, type PersonalisedFinanceData } from "./personalisedFinance.server";

// The landing's featured cars are a part whose code loads after the page (the server renders the cards
// whole, styled by the site's one stylesheet), as on the home page, so the page keeps to the 100 KB
// first-load budget (decision 20).
const VehicleCard = lazyPart(() => import("~/components/vehicle-card/VehicleCard").then((m) => m.VehicleCard), "VehicleCard", PendingPart);

export const loader = (args: LoaderFunctionArgs) => personalisedFinanceLoader(args);
export const action = (args: ActionFunctionArgs) => personalisedFinanceAction(args);
export const ErrorBoundary = GeneralErrorBoundary;

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  "Cache-Control": actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? NO_STORE,
});

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const d = data as PersonalisedFinanceData | undefined;
  const title = d?.mode === "journey" && d.journey.car ? `Finance - ${d.journey.car.title}` : "Get Finance Now";
  return [{ title: `${title} | ${d?.siteName ?? ""}` }, { name: "robots", content: "noindex" }];
};

/** A step's answer changes nothing the loader knows: only a new address reloads the page's data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult ? false : defaultShouldRevalidate;

export default function PersonalisedFinancePage() {
  const data = useLoaderData<typeof loader>() as unknown as PersonalisedFinanceData;
  const answer = (useActionData<typeof action>() ?? null) as JourneyAnswer | null;
  if (data.mode === "landing") return <Landing data={data} />;
  return (
    <div className={`${container} ${enquiry.page}`}>
      <section className={styles.pageCard} id="finance-form">
        <FinanceJourney data={data.journey} mode="page" answer={answer} visitedPages={data.journey.visitedPages} />
      </section>
    </div>
  );
}

function Landing({ data }: { data: Extract<PersonalisedFinanceData, { mode: "landing" }> }) {
  return (
    <>
      <section className={styles.landingHero}>
        <div className={container}>
          <h1 className={styles.landingTitle}>Get Finance Now</h1>
          <p className={styles.landingText}>
            See what your repayments could look like in under a minute, then get pre-approved with no impact on your credit score.
          </p>
          <p className={styles.landingLinks}>
            <Link to={data.startHref} className={`${button.accent} ${styles.onBrand.primary}`}>
              Start Finance Journey
            </Link>
            <Link to={data.stock.href} className={`${button.outline} ${styles.onBrand.outline}`}>
              {data.stock.linkLabel}
            </Link>
          </p>
        </div>
      </section>
      {data.featured.length ? (
        <section className={`${container} ${styles.landingSection}`} aria-labelledby="featured-used-title">
          <div className={styles.landingHeader}>
            <h2 id="featured-used-title" className={styles.landingSubtitle}>
              {data.stock.heading}
            </h2>
          </div>
          <ul className={styles.landingGrid} data-testid="featured-used-cars">
            {data.featured.map((card) => (
              <li key={card.id}>
                <VehicleCard card={card} site={data.site} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
