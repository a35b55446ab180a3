/**
 * An offer's own page: /offers/{manufacturer}/{id} and /offers/{id} (spec 001 section 2; the first
 * through remix.config.js). Unknown ids, offers excluded for this website and offers outside their
 * dates are 404; a known offer at the other form of its address moves to its own.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { OfferCard } from "~/components/offers/OfferCard";
import * as styles from "~/components/offers/offers.css";
import { Carousel, CarouselSlide } from "~/components/widgets/Carousel";
import { Collapsible } from "~/components/widgets/Collapsible";
import { findOffer, offerView, shownOffers } from "~/domain/offers";
import { offerPathsOf } from "~/domain/modelPage";
import { button, container } from "~/styles/ui.css";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { Photo } from "~/components/photo/Photo";

const addressSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._~-]{0,99}$/),
  manufacturer: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(100)
    .optional(),
});

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { tenant } = dealerFrom(context);
  const address = addressSchema.safeParse({ id: params.id, manufacturer: params.manufacturer });
  if (!address.success) throw new Response("Not found", { status: 404 });
  const now = new Date();
  const found = findOffer(tenant.offers, address.data, tenant.slug, now);
  if (!found) throw new Response("Not found", { status: 404 });
  const offer = offerView(found.offer, offerPathsOf(tenant), true);
  if (!found.canonical) throw redirect(offer.href, 301);
  const others = shownOffers(tenant.offers, tenant.slug, now)
    .filter((o) => o.id !== found.offer.id)
    .map((o) => offerView(o, offerPathsOf(tenant)));
  return data(
    { siteName: tenant.name, offer, others, offersPath: tenant.paths.offers, testDrivePath: tenant.paths.testDrive },
    { headers: { "Cache-Control": PAGE_CACHE } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? PAGE_CACHE });

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.offer.name} | Special Offers | ${data.siteName}` },
        { name: "description", content: data.offer.description.slice(0, 160) },
      ]
    : [{ title: "Offer not found" }];

export default function OfferPage() {
  const { offer, others, offersPath, testDrivePath } = useLoaderData<typeof loader>();
  return (
    <div className={container}>
      <p className={styles.crumbs}>
        <Link to={offersPath}>Special Offers</Link> › {offer.name}
      </p>
      <article className={styles.detail} data-offer={offer.id}>
        {offer.image ? (
          <Photo
            source={offer.image}
            layout="detail"
            alt={offer.name}
            width={960}
            height={540}
            priority="high"
            className={styles.detailImage}
          />
        ) : (
          <div className={styles.imagePlaceholder}>{offer.manufacturer || offer.category}</div>
        )}
        <div className={styles.body}>
          <p className={styles.category}>{offer.category}</p>
          <h1 className={styles.pageTitle}>{offer.name}</h1>
          <p className={styles.description}>{offer.description}</p>
          <div className={styles.actions}>
            <Link to={testDrivePath} className={button.primary}>
              Book a Test Drive
            </Link>
            {offer.model ? (
              <Link to={offer.model.href} className={button.outline}>
                View {offer.model.name}
              </Link>
            ) : null}
          </div>
          {offer.disclaimer ? (
            <Collapsible summary="Terms and conditions">
              <p className={styles.disclaimer}>{offer.disclaimer}</p>
            </Collapsible>
          ) : null}
        </div>
      </article>
      {others.length ? (
        // The carousel is the region, named as the heading says (a second region of the same name is invalid).
        <div style={{ marginBottom: "40px" }}>
          <h2 id="more-offers">More offers</h2>
          <Carousel label="More offers" count={others.length}>
            {others.map((other) => (
              <CarouselSlide key={other.id}>
                <OfferCard offer={other} testDrivePath={testDrivePath} headingLevel={3} />
              </CarouselSlide>
            ))}
          </Carousel>
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
