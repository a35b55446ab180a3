/**
 * A location's info card (spec 001 section 2): name, rating, address, phone numbers, opening hours, a
 * Directions link and a Contact Us button.
 */
import { Link } from "@remix-run/react";
import { RatingBadge } from "~/components/reviews/RatingBadge";
import { button } from "~/styles/ui.css";
import type { LocationCardView } from "./locationView.server";
import * as styles from "./locations.css";
import { OpeningHoursTable } from "./OpeningHoursTable";

export function LocationCard({ location, headingLevel = 2, extra }: { location: LocationCardView; headingLevel?: 2 | 3; extra?: string }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={styles.card} aria-labelledby={`location-${location.id}`}>
      <span className={styles.department}>{location.department}</span>
      <Heading id={`location-${location.id}`} className={styles.cardTitle}>
        <Link to={location.detailHref} className={styles.cardTitleLink}>
          {location.name}
        </Link>
      </Heading>
      {extra ? <p className={styles.address}>{extra}</p> : null}
      {location.rating ? <RatingBadge summary={location.rating} href={`/reviews?location=${location.slug}`} /> : null}
      <address className={styles.address}>{location.address}</address>
      {location.phones.length ? (
        <ul className={styles.phones} aria-label="Phone numbers">
          {location.phones.map((phone) => (
            <li key={phone.href}>
              <a href={phone.href} className={styles.phoneLink}>
                {phone.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <OpeningHoursTable rows={location.hours} caption={`Opening hours, ${location.name}`} compact />
      <div className={styles.actions}>
        <a href={location.directionsUrl} className={button.outline} target="_blank" rel="noopener noreferrer">
          Directions<span className="visually-hidden"> to {location.name} (opens in a new tab)</span>
        </a>
        <Link to={location.contactHref} className={button.primary}>
          Contact Us<span className="visually-hidden"> at {location.name}</span>
        </Link>
      </div>
    </article>
  );
}
