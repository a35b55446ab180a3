import type { ReactNode } from "react";
import * as styles from "~/components/vehicle/vehicle.css";

/**
 * The rest of a list behind a toggle ('Show More' / 'Show Less', 'Show All' / 'Hide'). A <details>
 * element, so it opens and closes with or without JavaScript and costs no script at all.
 */
export function ShowMore({ closedLabel, openLabel, children }: { closedLabel: string; openLabel: string; children: ReactNode }) {
  return (
    <details className={styles.moreDetails}>
      <summary className={styles.moreSummary}>
        <span className={styles.whenClosed}>{closedLabel}</span>
        <span className={styles.whenOpen}>{openLabel}</span>
      </summary>
      <div className={styles.moreBody}>{children}</div>
    </details>
  );
}
