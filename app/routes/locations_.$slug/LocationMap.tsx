/**
 * The location's map from the Maps port: the Google embed (loaded lazily by the browser, after the page)
 * or the map drawn from the location's coordinates, with a directions link either way.
 */
import type { LocationMap as MapView } from "@server/maps/port";
import * as styles from "./location.css";

export function LocationMap({ map, name, directionsUrl }: { map: MapView; name: string; directionsUrl: string }) {
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
    <a href={directionsUrl} target="_blank" rel="noopener noreferrer" className={styles.mapLink}>
      <svg viewBox="0 0 100 60" className={styles.mapSvg} role="img" aria-label={`Map of ${name}: get directions (opens in a new tab)`}>
        <rect width="100" height="60" fill="#eef1ea" />
        <rect x="6" y="38" width="18" height="14" fill="#d8e8cf" rx="1" />
        <rect x="72" y="6" width="20" height="12" fill="#d8e8cf" rx="1" />
        {map.streets.map((s, i) => (
          <line
            key={i}
            x1={s.x1}
            y1={s.y1}
            x2={s.x2}
            y2={s.y2}
            stroke={s.major ? "#f7d88c" : "#ffffff"}
            strokeWidth={s.major ? 2.6 : 1.3}
            strokeLinecap="round"
          />
        ))}
        <g transform="translate(50 30)">
          <ellipse cx="0" cy="0.4" rx="2.2" ry="0.8" fill="rgba(0,0,0,0.25)" />
          <path d="M0 0 C-1 -2.5 -4 -4.5 -4 -7.5 A4 4 0 1 1 4 -7.5 C4 -4.5 1 -2.5 0 0Z" fill="#d93025" stroke="#a52714" strokeWidth="0.4" />
          <circle cx="0" cy="-7.5" r="1.5" fill="#ffffff" />
        </g>
        <text x="98" y="58" textAnchor="end" fontSize="2.6" fill="#5f6b7a">
          {map.lat.toFixed(4)}, {map.long.toFixed(4)}
        </text>
      </svg>
    </a>
  );
}
