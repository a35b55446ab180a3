/**
 * The three-point banner (spec 000 section 2, spec 001 section 2): reserve online, secure payments,
 * apply for finance. Plain markup; the finance point links to the dealer's finance journey for the car.
 */
import { LockIcon } from "./PaymentsStrip";
import * as styles from "./checkout.css";

export function ThreePointBanner({ financeHref, online }: { financeHref: string | null; online: boolean }) {
  return (
    <ul className={styles.banner} aria-label="Why reserve with us" data-testid="three-point-banner">
      <li className={styles.point}>
        <span className={styles.pointIcon}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M7 2h2v2h6V2h2v2h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2Zm12 8H5v10h14V10Zm-8.5 8-3.2-3.2 1.4-1.4 1.8 1.8 4.3-4.3 1.4 1.4-5.7 5.7Z"
            />
          </svg>
        </span>
        <span>
          <strong className={styles.pointTitle}>Reserve online</strong>
          <span className={styles.pointText}>Hold the car in minutes, from home.</span>
        </span>
      </li>
      <li className={styles.point}>
        <span className={styles.pointIcon}>
          <LockIcon size={18} />
        </span>
        <span>
          <strong className={styles.pointTitle}>Secure payments</strong>
          <span className={styles.pointText}>
            {online ? "Card details go straight to our payment provider, never to us." : "No card details are asked for online."}
          </span>
        </span>
      </li>
      <li className={styles.point}>
        <span className={styles.pointIcon}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M11 2h2v2.1c2.3.4 4 2 4 4.4h-2c0-1.4-1.3-2.5-3-2.5s-3 .9-3 2.2c0 1.2 1 1.8 3.3 2.3 2.9.6 4.7 1.7 4.7 4.2 0 2.3-1.7 3.9-4 4.2V21h-2v-2.1c-2.4-.4-4.2-2-4.2-4.5h2c0 1.5 1.4 2.6 3.2 2.6 1.9 0 3-.9 3-2.1 0-1.3-1-1.9-3.4-2.4C8.8 11.9 7 10.8 7 8.2 7 6 8.7 4.5 11 4.1V2Z"
            />
          </svg>
        </span>
        <span>
          <strong className={styles.pointTitle}>{financeHref ? <a href={financeHref}>Apply for finance</a> : "Apply for finance"}</strong>
          <span className={styles.pointText}>A quote in minutes, with no impact on your credit score.</span>
        </span>
      </li>
    </ul>
  );
}
