/**
 * /{brand}/overview (spec 000 section 2 linked pages): one of the dealer's brands, with its banner,
 * logo and description, its models in stock (a carousel), its current offers and a link to its cars.
 * Two segments with a literal second one, so no other single-segment address is taken; a brand the
 * dealer does not have, or whose page it skips, is a 404.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { ModelCard } from "~/components/models/ModelCard";
import { OfferCard } from "~/components/offers/OfferCard";
import * as offerStyles from "~/components/offers/offers.css";
import { Carousel, CarouselSlide } from "~/components/widgets/Carousel";
import { findBrandPage } from "~/domain/brands";
import { offerView, shownOffers } from "~/domain/offers";
import { offerPathsOf } from "~/domain/modelPage";
import { slugify } from "~/domain/searchLinks";
import { button, container } from "~/styles/ui.css";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { modelCatalogue } from "@server/modelCatalogue.server";
import { warrantyTiles } from "~/domain/warrantyTiles";
import * as styles from "../brands/brands.css";
import * as warrantyStyles from "./warranty.css";
import { photoUrlAt } from "~/domain/photos";

/** The banner spans the page container (at most 1200 px) behind a dark veil: one photo route width serves every screen. */
const BANNER_WIDTH = 1280;

const brandParam = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const slug = brandParam.safeParse(params.brand);
  const brand = slug.success ? findBrandPage(tenant.brands, slug.data) : null;
  if (!brand) throw new Response("Not found", { status: 404 });
  const { models } = await modelCatalogue(platform, tenant);
  const prefix = tenant.paths.searchPrefix;
  const sells = brand.kind !== "group";
  return data(
    {
      siteName: tenant.name,
      brand,
      stockHref: sells ? `${prefix}?${new URLSearchParams({ make: brand.title }).toString()}` : null,
      models: models.filter((m) => slugify(m.make) === brand.slug),
      offers: shownOffers(tenant.offers, tenant.slug, new Date())
        .filter((o) => slugify(o.manufacturer) === brand.slug)
        .map((o) => offerView(o, offerPathsOf(tenant))),
      warranty: warrantyTiles(brand.title, brand.warranty),
      testDrivePath: tenant.paths.testDrive,
      brandsPage: tenant.features.brandsPage,
    },
    { headers: { "Cache-Control": PAGE_CACHE } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? PAGE_CACHE });

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.brand.title} | ${data.siteName}` },
        { name: "description", content: data.brand.description || `${data.brand.title} at ${data.siteName}.` },
      ]
    : [{ title: "Brand not found" }];

export default function BrandOverview() {
  const { brand, stockHref, models, offers, warranty, testDrivePath, brandsPage } = useLoaderData<typeof loader>();
  return (
    <div className={container}>
      {brandsPage ? (
        <p className={offerStyles.crumbs}>
          <Link to="/brands">Our Brands</Link> › {brand.title}
        </p>
      ) : null}
      <section
        className={styles.banner}
        style={
          brand.banner
            ? {
                backgroundImage: `linear-gradient(rgba(0,0,0,.45), rgba(0,0,0,.45)), url(${JSON.stringify(photoUrlAt(brand.banner, BANNER_WIDTH))})`,
              }
            : undefined
        }
        aria-labelledby="brand-title"
      >
        {brand.logo ? <img className={styles.logo} src={brand.logo} alt="" height={48} /> : null}
        <h1 id="brand-title" className={styles.bannerTitle}>
          {brand.title}
        </h1>
        {brand.description ? <p>{brand.description}</p> : null}
        <div className={styles.actions}>
          {stockHref ? (
            <Link to={stockHref} className={button.accent}>
              View {brand.title} stock
            </Link>
          ) : null}
          <Link to={testDrivePath} className={button.outline} style={{ background: "#fff" }}>
            Book a Test Drive
          </Link>
        </div>
      </section>
      {warranty.length ? (
        <section className={styles.section} aria-labelledby="brand-warranty">
          <h2 id="brand-warranty">{brand.title} warranty</h2>
          <ul className={warrantyStyles.tiles}>
            {warranty.map((tile) => (
              <li key={tile.title} className={warrantyStyles.tile}>
                <p className={warrantyStyles.figure} aria-hidden="true">
                  {tile.years}
                  <span className={warrantyStyles.unit}>years</span>
                </p>
                <h3 className={warrantyStyles.title}>{tile.title}</h3>
                <p className={warrantyStyles.text}>{tile.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {models.length ? (
        // The carousel is the region, named as the heading says (a second region of the same name is invalid).
        <div className={styles.section}>
          <h2 id="brand-models">{brand.title} models</h2>
          <Carousel label={`${brand.title} models`} count={models.length}>
            {models.map((model) => (
              <CarouselSlide key={model.href}>
                <ModelCard model={model} />
              </CarouselSlide>
            ))}
          </Carousel>
        </div>
      ) : null}
      {offers.length ? (
        <section className={styles.section} aria-labelledby="brand-offers">
          <h2 id="brand-offers">{brand.title} offers</h2>
          <ul className={offerStyles.grid}>
            {offers.map((offer) => (
              <li key={offer.id} style={{ display: "flex" }}>
                <OfferCard offer={offer} testDrivePath={testDrivePath} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
