/**
 * The reviews page (/reviews, /reviews?location={slug}): the dealer's (or one location's) rating badge,
 * the newest reviews the dealer's settings let through with the dealer's replies, and schema.org
 * AggregateRating. It lists the dealer's full quantity (12 by default) and a 'Show more reviews' link
 * (?page=2, 3...) adds as many again, with or without JavaScript. When the dealer hides reviews, or its rating is not above its minimum,
 * the page says there are none to show rather than failing.
 */
import { siteMeta } from "~/utils/meta";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { dealerFrom } from "@server/http/loadContext";
import { NO_STORE, PAGE_CACHE } from "@server/http/cachePolicy";
import { log } from "@server/log";
import { dealerSummary, locationSummaries, reviewsPage } from "@server/reviews";
import { z } from "zod";
import { RatingBadge } from "~/components/reviews/RatingBadge";
import { ReviewItem } from "~/components/reviews/ReviewItem";
import { toReviewView } from "~/components/reviews/reviewView";
import { sortLocations } from "~/domain/locations";
import type { ReviewSummary } from "~/domain/reviews";
import { jsonLdScript } from "~/domain/vehicleSeo";
import { button, container } from "~/styles/ui.css";
import * as grid from "../locations/locations.css";
import * as styles from "./reviews.css";

/** ?page=: the 'Show more' step, a whole number from 1 (absent is 1); anything else names no page. */
const pageParam = z
  .string()
  .regex(/^[1-9]\d{0,2}$/)
  .transform(Number)
  .nullable();

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const url = new URL(request.url);
  const pageAsked = pageParam.safeParse(url.searchParams.get("page"));
  if (!pageAsked.success) throw new Response("Not found", { status: 404 });
  const slug = url.searchParams.get("location") || null;
  const location = slug ? (sortLocations(tenant.locations).find((l) => l.slug === slug) ?? null) : null;
  if (slug !== null && !location) throw new Response("Not found", { status: 404 });
  const summaries = await locationSummaries(platform, tenant).catch((error) => {
    log.warn("review summaries unavailable", { tenant: tenant.slug, error: String(error) });
    return new Map<string, ReviewSummary>();
  });
  const summary = location ? (summaries.get(location.id) ?? null) : dealerSummary(summaries);
  const ids = location ? [location.id] : [...summaries.keys()];
  const now = new Date();
  const names = new Map(tenant.locations.map((l) => [l.id, l.name]));
  const listed = await reviewsPage(platform, tenant, summary, ids, pageAsked.data ?? 1);
  if (!listed) throw new Response("Not found", { status: 404 });
  const reviews = listed.reviews;
  const moreQuery = new URLSearchParams({ ...(location ? { location: location.slug } : {}), page: String(listed.nextPage) });
  // The link lands on the first review it adds.
  const moreHref = listed.nextPage ? `/reviews?${moreQuery}#review-${reviews.length + 1}` : null;
  const subject = location?.name ?? tenant.name;
  const jsonLd = summary
    ? jsonLdScript({
        "@context": "https://schema.org",
        "@type": "AutoDealer",
        name: subject,
        url: `${url.origin}${location ? `/locations/${location.slug}` : "/"}`,
        aggregateRating: { "@type": "AggregateRating", ratingValue: summary.average_rating, reviewCount: summary.count, bestRating: 5 },
        review: reviews.map((r) => ({
          "@type": "Review",
          author: { "@type": "Person", name: r.customer_name },
          datePublished: r.review_date.slice(0, 10),
          reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5 },
          ...(r.text ? { reviewBody: r.text } : {}),
        })),
      })
    : null;
  const filters = sortLocations(tenant.locations)
    .filter((l) => summaries.has(l.id))
    .map((l) => ({ slug: l.slug, name: l.name, href: `/reviews?location=${l.slug}` }));
  return data(
    {
      dealer: tenant.name,
      subject,
      current: location?.slug ?? null,
      summary,
      filters: filters.length > 1 ? filters : [],
      reviews: reviews.map((r) => toReviewView(r, (id) => names.get(id) ?? "", now)),
      showLocation: !location && summaries.size > 1,
      moreHref,
      jsonLd,
    },
    { headers: { "Cache-Control": PAGE_CACHE } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [
        { title: `Reviews of ${data.subject} | ${data.dealer}` },
        { name: "description", content: `What customers say about ${data.subject}.` },
      ]
    : siteMeta(matches);

export default function Reviews() {
  const { subject, current, summary, filters, reviews, showLocation, moreHref, jsonLd } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${grid.page}`}>
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} /> : null}
      <h1 className={grid.title}>Reviews of {subject}</h1>
      {summary ? (
        <p className={styles.summary}>
          <RatingBadge summary={summary} />
        </p>
      ) : null}
      {filters.length ? (
        <nav aria-label="Reviews by location">
          <ul className={grid.filters}>
            <li>
              <Link to="/reviews" className={grid.filterLink} aria-current={current === null ? "page" : undefined}>
                All locations
              </Link>
            </li>
            {filters.map((f) => (
              <li key={f.slug}>
                <Link to={f.href} className={grid.filterLink} aria-current={current === f.slug ? "page" : undefined}>
                  {f.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {reviews.length ? (
        <>
          <ul className={styles.list}>
            {reviews.map((review, i) => (
              <li key={review.id} id={`review-${i + 1}`} className={styles.item}>
                <ReviewItem review={review} showLocation={showLocation} />
              </li>
            ))}
          </ul>
          {moreHref ? (
            <p className={styles.more}>
              <Link to={moreHref} className={button.outline} preventScrollReset rel="nofollow">
                Show more reviews
              </Link>
            </p>
          ) : null}
        </>
      ) : (
        <p className={grid.empty}>There are no reviews to show yet.</p>
      )}
    </div>
  );
}
