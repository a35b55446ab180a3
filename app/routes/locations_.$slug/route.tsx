/**
 * A location's page (spec 001 section 2), at /locations/{slug}, /contact-us/{slug}, /our-location/{slug}
 * and /contact-us/{location-name-slug}: address, directions link, review badge, the map (#vehicle-map),
 * the opening-hours table Monday to Sunday with the coming special hours, the switch between the sales,
 * service and parts departments at the same address (a GET form: without JavaScript its button goes,
 * with it the choice goes at once), recent reviews, and schema.org AutoDealer with its opening hours.
 */
import { siteMeta } from "~/utils/meta";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigate } from "@remix-run/react";
import { Link } from "~/components/Link";
import { dealerFrom } from "@server/http/loadContext";
import { NO_STORE, PAGE_CACHE } from "@server/http/cachePolicy";
import { log } from "@server/log";
import { locationSummaries, reviewsToShow } from "@server/reviews";
import { RatingBadge } from "~/components/reviews/RatingBadge";
import { ReviewItem } from "~/components/reviews/ReviewItem";
import { toReviewView } from "~/components/reviews/reviewView";
import { departmentLabel, departmentsAtAddress, sortLocations } from "~/domain/locations";
import { shortDate, upcomingSpecialHours, hoursText } from "~/domain/openingHours";
import type { ReviewSummary } from "~/domain/reviews";
import { jsonLdScript } from "~/domain/vehicleSeo";
import { button, container, field, label } from "~/styles/ui.css";
import { autoDealerJsonLd, findLocation, locationCards, locationHref, todayAt } from "../locations/locationView.server";
import { OpeningHoursTable } from "../locations/OpeningHoursTable";
import * as grid from "../locations/locations.css";
import * as styles from "./location.css";
import { LocationMap } from "./LocationMap";

/** Reviews on a location's page; the rest are on /reviews. */
const LOCATION_PAGE_REVIEWS = 3;

/**
 * 'View Our Stock' (spec 001, locations): the results of the location's dealership at
 * `{search}/{dealership_slug}`, the spec's 'see more from this dealer'; by the location's name where the
 * location names no dealership of this dealer.
 */
function stockHrefOf(
  tenant: { paths: { searchPrefix: string }; dealerships: { id: string; slug: string }[] },
  location: { dealership_id?: string | null; name: string },
): string {
  const dealership = tenant.dealerships.find((d) => d.id === location.dealership_id);
  if (dealership) return `${tenant.paths.searchPrefix}/${encodeURIComponent(dealership.slug)}`;
  return `${tenant.paths.searchPrefix}?location_name=${encodeURIComponent(location.name)}`;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const location = findLocation(tenant, params.slug);
  if (!location) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const departments = departmentsAtAddress(tenant.locations, location);
  // The department switch without JavaScript: its GET form names the department to go to.
  const chosen = url.searchParams.get("department");
  if (chosen !== null) {
    const target = departments.find((d) => d.slug === chosen);
    const base = url.pathname.replace(/\/[^/]*\/?$/, "");
    if (target) throw redirect(`${base}/${target.slug}`);
  }
  const now = new Date();
  const summaries = await locationSummaries(platform, tenant).catch((error) => {
    log.warn("location ratings unavailable", { tenant: tenant.slug, error: String(error) });
    return new Map<string, ReviewSummary>();
  });
  const rating = summaries.get(location.id) ?? null;
  const reviews = (await reviewsToShow(platform, tenant, rating, [location.id])).slice(0, LOCATION_PAGE_REVIEWS);
  const [card] = locationCards(tenant, [location], summaries, now);
  const today = todayAt(tenant, location, now);
  const origin = url.origin;
  const jsonLd = autoDealerJsonLd(location, origin, today, rating);
  const names = new Map(tenant.locations.map((l) => [l.id, l.name]));
  return data(
    {
      dealer: tenant.name,
      card,
      departments: departments.map((d) => ({
        slug: d.slug,
        label: `${departmentLabel(d.location_type)} - ${d.name}`,
        current: d.id === location.id,
      })),
      special: upcomingSpecialHours(location.special_hours, today).map((s) => ({
        date: s.date,
        text: `${[s.name, shortDate(s.date)].filter(Boolean).join(", ")}: ${hoursText({ status: s.status, open: s.start_hour, close: s.end_hour }, tenant.features.closedByAppointment)}`,
      })),
      map: platform.maps.mapOf(location),
      place: {
        street: location.address.street,
        locality: `${location.address.city} ${location.address.state} ${location.address.postcode}`,
      },
      reviews: reviews.map((r) => toReviewView(r, (id) => names.get(id) ?? "", now)),
      others: sortLocations(tenant.locations).filter((l) => l.id !== location.id).length,
      stockHref: location.location_type === "sales" ? stockHrefOf(tenant, location) : null,
      licence: location.dealer_license_number,
      repairer: location.motor_vehicle_repairer,
      canonical: `${origin}${locationHref(location)}`,
      jsonLd: jsonLdScript(jsonLd),
    },
    { headers: { "Cache-Control": PAGE_CACHE } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [
        { title: `${data.card.name} | ${data.dealer}` },
        { name: "description", content: `${data.card.name}, ${data.card.address}: opening hours, phone numbers and directions.` },
        { tagName: "link", rel: "canonical", href: data.canonical },
      ]
    : siteMeta(matches);

export default function LocationPage() {
  const data = useLoaderData<typeof loader>();
  const { card } = data;
  const navigate = useNavigate();
  return (
    <div className={`${container} ${grid.page}`}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: data.jsonLd }} />
      <p>
        <Link to="/locations">All locations</Link>
      </p>
      <h1 className={grid.title}>{card.name}</h1>
      <div className={styles.layout}>
        <div className={styles.panel}>
          <span className={grid.department}>{card.department}</span>
          {card.rating ? <RatingBadge summary={card.rating} href={`/reviews?location=${card.slug}`} /> : null}
          <address className={grid.address}>{card.address}</address>
          {card.phones.length ? (
            <ul className={grid.phones} aria-label="Phone numbers">
              {card.phones.map((phone) => (
                <li key={phone.href}>
                  <a href={phone.href} className={grid.phoneLink}>
                    {phone.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {data.departments.length > 1 ? (
            <Form
              method="get"
              className={styles.switcher}
              onChange={(e) => {
                const select = e.currentTarget.elements.namedItem("department") as HTMLSelectElement | null;
                if (select) navigate(`?department=${encodeURIComponent(select.value)}`);
              }}
            >
              <div className={styles.switchField}>
                <label htmlFor="department" className={label}>
                  Department at this address
                </label>
                <select id="department" name="department" className={field} defaultValue={data.departments.find((d) => d.current)?.slug}>
                  {data.departments.map((d) => (
                    <option key={d.slug} value={d.slug}>
                      {d.label}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={button.ghost}>
                Go
              </button>
            </Form>
          ) : null}
          <div className={styles.links}>
            <a href={card.directionsUrl} className={button.outline} target="_blank" rel="noopener noreferrer">
              Get Directions<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            {data.map.kind === "embed" ? (
              <a href="#vehicle-map" className={button.ghost}>
                View map
              </a>
            ) : null}
            {data.stockHref ? (
              <Link to={data.stockHref} className={button.primary}>
                View Our Stock
              </Link>
            ) : null}
          </div>
          <h2 className={styles.sectionTitle}>Opening hours</h2>
          <OpeningHoursTable rows={card.hours} caption={`Opening hours, ${card.name}`} compact />
          {data.special.length ? (
            <>
              <h3 className={styles.sectionTitle}>Holiday hours</h3>
              <ul className={styles.specialList}>
                {data.special.map((s) => (
                  <li key={s.date}>{s.text}</li>
                ))}
              </ul>
            </>
          ) : null}
          {data.licence || data.repairer ? (
            <p className={styles.facts}>
              {data.licence ? <>Dealer licence {data.licence}. </> : null}
              {data.repairer ? <>Motor vehicle repairer {data.repairer}.</> : null}
            </p>
          ) : null}
        </div>
        <section
          id="vehicle-map"
          className={styles.mapSection}
          aria-label={data.map.kind === "embed" ? `Map of ${card.name}` : `How to find ${card.name}`}
        >
          <LocationMap map={data.map} name={card.name} address={data.place} directionsUrl={card.directionsUrl} />
        </section>
      </div>
      {data.reviews.length ? (
        <section aria-labelledby="reviews-title">
          <h2 id="reviews-title" className={styles.sectionTitle}>
            Recent reviews
          </h2>
          <ul className={styles.reviewList}>
            {data.reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
          <p>
            <Link to={`/reviews?location=${card.slug}`}>Read all reviews of {card.name}</Link>
          </p>
        </section>
      ) : null}
      {data.others > 0 ? (
        <p>
          <Link to="/locations">See our other locations</Link>
        </p>
      ) : null}
    </div>
  );
}
