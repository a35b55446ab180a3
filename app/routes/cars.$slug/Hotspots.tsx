/**
 * Hotspot markers over a spin frame or the interior picture. Each is a <details>, so its description
 * opens on tap or Enter with or without JavaScript.
 */
import type { Hotspot } from "~/domain/vehicle";
import * as styles from "./Gallery.css";

export function Hotspots({ spots }: { spots: Hotspot[] }) {
  return (
    <>
      {spots.map((h) => (
        <details key={`${h.angle}-${h.title}`} className={styles.hotspot} style={{ left: `${h.x}%`, top: `${h.y}%` }}>
          <summary className={styles.hotspotDot} aria-label={h.title}>
            +
          </summary>
          <div className={styles.hotspotNote} role="note">
            <strong>{h.title}</strong>
            {h.description}
          </div>
        </details>
      ))}
    </>
  );
}
