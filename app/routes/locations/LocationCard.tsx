/**
 * A location's info card (spec 001 section 2): name, rating, address, phone numbers, opening hours, a
 * Directions link and a Contact Us button.
 */
import { Link } from "~/components/Link";
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
      {location.service ? (
        <>
          {/* Sales/Service tabs without script: the checked radio shows its panel (locations.css.ts). */}
          <fieldset className={styles.tabs}>
            <legend className="visually-hidden">Department</legend>
            <label className={styles.tab}>
              <input type="radio" name={`department-${location.id}`} value="sales" defaultChecked className={styles.tabInput} />
              Sales
            </label>
            <label className={styles.tab}>
              <input type="radio" name={`department-${location.id}`} value="service" className={styles.tabInput} />
              Service
            </label>
          </fieldset>
          <div className={styles.salesPanel}>
            <Contact phones={location.phones} hours={location.hours} name={location.name} />
          </div>
          <div className={styles.servicePanel}>
            <Contact phones={location.service.phones} hours={location.service.hours} name={location.service.name} />
          </div>
        </>
      ) : (
        <Contact phones={location.phones} hours={location.hours} name={location.name} />
      )}
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

function Contact({ phones, hours, name }: { phones: LocationCardView["phones"]; hours: LocationCardView["hours"]; name: string }) {
  return (
    <>
      {phones.length ? (
        <ul className={styles.phones} aria-label={`Phone numbers, ${name}`}>
          {phones.map((phone) => (
            <li key={phone.href}>
              <a href={phone.href} className={styles.phoneLink}>
                {phone.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <OpeningHoursTable rows={hours} caption={`Opening hours, ${name}`} compact />
    </>
  );
}
