/**
 * The location's map from the Maps port: the Google embed (loaded lazily by the browser, after the page),
 * or, with no maps key, an honest address card: the address as written and 'Get Directions' to it in
 * Google Maps, instead of a picture that only looks like a map (issue 26).
 */
import type { LocationMap as MapView } from "@server/maps/port";
import { button } from "~/styles/ui.css";
import * as styles from "./location.css";

export interface MapAddress {
  street: string;
  /** 'Parramatta NSW 2150' */
  locality: string;
}

export function LocationMap({
  map,
  name,
  address,
  directionsUrl,
}: {
  map: MapView;
  name: string;
  address: MapAddress;
  directionsUrl: string;
}) {
  if (map.kind === "embed") {
    return (
      <iframe
        className={styles.mapFrame}
        src={map.src}
        title={`Map of ${name}`}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        allowFullScreen
      />
    );
  }
  return (
    <div className={styles.addressCard} data-map="address">
      <svg className={styles.addressPin} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
      </svg>
      <div className={styles.addressBody}>
        <h2 className={styles.addressTitle}>Find us</h2>
        <p className={styles.addressName}>{name}</p>
        <address className={styles.addressLines}>
          {address.street}
          <br />
          {address.locality}
        </address>
        <a href={directionsUrl} className={button.primary} target="_blank" rel="noopener noreferrer">
          Get Directions<span className="visually-hidden"> to {name} in Google Maps (opens in a new tab)</span>
        </a>
      </div>
    </div>
  );
}
