/**
 * The payments strip on the pages that take money (reserve, the online purchase): the card brands a
 * dealer takes, as the brands' marks. Shown where the dealer shows its payments strip (tenant
 * footer.showPaymentsStrip). The caption says where the card is used: online through the payment
 * provider, or at the dealership when the site records requests without taking money.
 */
import { AmexMark, MastercardMark, VisaMark } from "./CardMarks";
import * as styles from "./checkout.css";

export function PaymentsStrip({ online }: { online: boolean }) {
  return (
    <div className={styles.strip} data-testid="payments-strip">
      <p className={styles.stripCaption}>
        <LockIcon />
        {online ? "Secure card payment. We accept:" : "Cards we accept at the dealership:"}
      </p>
      <ul className={styles.marks} aria-label="Cards accepted">
        <li className={styles.mark}>
          <VisaMark />
        </li>
        <li className={styles.mark}>
          <MastercardMark />
        </li>
        <li className={styles.mark}>
          <AmexMark />
        </li>
      </ul>
    </div>
  );
}

export function LockIcon({ size = 14 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 0 1 6 0v3H9Zm3 4a2 2 0 0 1 1 3.73V19h-2v-1.27A2 2 0 0 1 12 14Z"
      />
    </svg>
  );
}
