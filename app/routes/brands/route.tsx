/**
 * /brands: the dealer group's brands page (spec 000 section 1), only where the dealer has one
 * (features.brandsPage; else 404): the stats banner (e.g. 50+ locations, 40+ brands, 30+ years), the
 * monthly sales counter, and the car, motorcycle, truck and group brand entries, each linking to its
 * /{brand}/overview page unless skipped.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { SalesCounter } from "~/components/widgets/SalesCounter";
import { brandSections, type BrandCard } from "~/domain/brands";
import { monthlySalesCount } from "~/domain/salesCounter";
import { container } from "~/styles/ui.css";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import * as styles from "./brands.css";

export async function loader({ context }: LoaderFunctionArgs) {
  const { tenant } = dealerFrom(context);
  if (!tenant.features.brandsPage) throw new Response("Not found", { status: 404 });
  return data(
    {
      siteName: tenant.name,
      stats: tenant.statsBanner.show ? tenant.statsBanner.items : [],
      sections: brandSections(tenant.brands),
      sales: monthlySalesCount(new Date()),
    },
    { headers: { "Cache-Control": PAGE_CACHE } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? PAGE_CACHE });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Our Brands | ${data?.siteName ?? ""}` },
  { name: "description", content: `The car, motorcycle and truck brands of ${data?.siteName ?? "our group"}.` },
];

export default function Brands() {
  const { stats, sections, sales } = useLoaderData<typeof loader>();
  return (
    <div className={container}>
      <div className={styles.head}>
        <h1 className={styles.title}>Our Brands</h1>
        <SalesCounter initial={sales} />
      </div>
      {stats.length ? (
        <ul className={styles.stats} aria-label="Our group in numbers">
          {stats.map((item) => (
            <li key={item.label} className={styles.stat}>
              <span className={styles.statValue}>{item.value}</span>
              <span className={styles.statLabel}>{item.label}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {sections.map((section) => (
        <section key={section.kind} className={styles.section} aria-labelledby={`brands-${section.kind}`}>
          <h2 id={`brands-${section.kind}`}>{section.title}</h2>
          <ul className={styles.grid}>
            {section.brands.map((brand) => (
              <li key={brand.slug}>
                <BrandTile brand={brand} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function BrandTile({ brand }: { brand: BrandCard }) {
  const inside = (
    <>
      {brand.logo ? (
        <img className={styles.logo} src={brand.logo} alt="" height={48} loading="lazy" />
      ) : (
        <span className={styles.logoText} aria-hidden="true">
          {brand.title.slice(0, 1)}
        </span>
      )}
      <h3 className={styles.brandTitle}>{brand.title}</h3>
      {brand.description ? <p className={styles.description}>{brand.description}</p> : null}
      {brand.href ? <span className={styles.more}>Discover {brand.title}</span> : null}
    </>
  );
  return brand.href ? (
    <Link to={brand.href} className={`${styles.card} ${styles.cardLink}`} data-brand={brand.slug}>
      {inside}
    </Link>
  ) : (
    <div className={styles.card} data-brand={brand.slug}>
      {inside}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
