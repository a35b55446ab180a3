/**
 * /special-offers: the dealer's offers grid (spec 001 section 2; the dealer's offers path, and the
 * empty results' 'Clear Filters' target). Offers excluded for this website or outside their dates are
 * left out. The same for every shopper, so the page cache keeps it.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { OfferCard } from "~/components/offers/OfferCard";
import * as styles from "~/components/offers/offers.css";
import { SalesCounter } from "~/components/widgets/SalesCounter";
import { offerView, shownOffers } from "~/domain/offers";
import { offerPathsOf } from "~/domain/modelPage";
import { monthlySalesCount } from "~/domain/salesCounter";
import { button, container } from "~/styles/ui.css";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";

export async function loader({ context }: LoaderFunctionArgs) {
  const { tenant } = dealerFrom(context);
  const now = new Date();
  return data(
    {
      siteName: tenant.name,
      offers: shownOffers(tenant.offers, tenant.slug, now).map((offer) => offerView(offer, offerPathsOf(tenant))),
      testDrivePath: tenant.paths.testDrive,
      searchPath: tenant.paths.searchPrefix,
      sales: monthlySalesCount(now),
    },
    { headers: { "Cache-Control": PAGE_CACHE } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? PAGE_CACHE });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Special Offers | ${data?.siteName ?? ""}` },
  { name: "description", content: `Current new car, finance and service offers at ${data?.siteName ?? "our dealership"}.` },
];

export default function SpecialOffers() {
  const { offers, testDrivePath, searchPath, sales } = useLoaderData<typeof loader>();
  return (
    <div className={container}>
      <div className={styles.pageHead}>
        <h1 className={styles.pageTitle}>Special Offers</h1>
        <SalesCounter initial={sales} />
      </div>
      {offers.length ? (
        <ul className={styles.grid}>
          {offers.map((offer) => (
            <li key={offer.id} style={{ display: "flex" }}>
              <OfferCard offer={offer} testDrivePath={testDrivePath} />
            </li>
          ))}
        </ul>
      ) : (
        <section className={styles.empty}>
          <h2>There are no special offers right now</h2>
          <p>Check back soon, or browse the cars we have in stock today.</p>
          <Link to={searchPath} className={button.primary}>
            Browse our stock
          </Link>
        </section>
      )}
    </div>
  );
}
