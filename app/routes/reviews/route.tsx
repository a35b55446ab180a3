/**
 * The reviews page (/reviews, /reviews?location={slug}): the dealer's (or one location's) rating badge,
 * the newest reviews the dealer's settings let through (10 by default) with the dealer's replies, and
 * schema.org AggregateRating. When the dealer hides reviews, or its rating is not above its minimum,
 * the page says there are none to show rather than failing.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { dealerFrom } from "@server/http/loadContext";
import { NO_STORE, PAGE_CACHE } from "@server/http/cachePolicy";
import { log } from "@server/log";
import { dealerSummary, locationSummaries, reviewsToShow } from "@server/reviews";
import { RatingBadge } from "~/components/reviews/RatingBadge";
import { ReviewItem } from "~/components/reviews/ReviewItem";
import { toReviewView } from "~/components/reviews/reviewView";
import { sortLocations } from "~/domain/locations";
import type { ReviewSummary } from "~/domain/reviews";
import { jsonLdScript } from "~/domain/vehicleSeo";
import { container } from "~/styles/ui.css";
import * as grid from "../locations/locations.css";
import * as styles from "./reviews.css";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const url = new URL(request.url);
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
  const reviews = ids.length ? await reviewsToShow(platform, tenant, summary, ids) : [];
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
  return json(
    {
      dealer: tenant.name,
      subject,
      current: location?.slug ?? null,
      summary,
      filters: filters.length > 1 ? filters : [],
      reviews: reviews.map((r) => toReviewView(r, (id) => names.get(id) ?? "", now)),
      showLocation: !location && summaries.size > 1,
      jsonLd,
    },
    { headers: { "Cache-Control": PAGE_CACHE } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE });

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `Reviews of ${data.subject} | ${data.dealer}` },
        { name: "description", content: `What customers say about ${data.subject}.` },
      ]
    : [];

export default function Reviews() {
  const { subject, current, summary, filters, reviews, showLocation, jsonLd } = useLoaderData<typeof loader>();
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
        <ul className={styles.list}>
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} showLocation={showLocation} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={grid.empty}>There are no reviews to show yet.</p>
      )}
    </div>
  );
}
