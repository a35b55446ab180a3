/** The quick estimate's quote box: the weekly repayment and rates, 'Calculating...' meanwhile, or why there is none. */
import { formatMoney } from "~/domain/money";
import * as styles from "./financeJourney.css";
import type { QuoteFigures } from "./journeyCopy";

export function QuoteBox({ quote, loading }: { quote: QuoteFigures | null; loading: boolean }) {
  return (
    <div className={styles.quoteBox} aria-live="polite" aria-busy={loading} data-testid="quote-box">
      <p className={styles.quoteLabel}>Your quick estimate</p>
      {loading ? (
        <p className={styles.quoteRates}>Calculating your estimate...</p>
      ) : quote ? (
        <>
          <p className={styles.quoteAmount} data-testid="quote-weekly">
            {formatMoney(quote.weeklyRepaymentAmount)}
            <span style={{ fontSize: "16px", fontWeight: 600 }}> per week</span>
          </p>
          <p className={styles.quoteRates}>
            Rate {quote.advertisedRate.toFixed(2)}% p.a. · Comparison rate {quote.comparisonRate.toFixed(2)}% p.a.
          </p>
          <p className={styles.quoteNote}>An estimate only, not an offer of finance.</p>
        </>
      ) : (
        <p className={styles.quoteRates}>We can't show an estimate right now. You can still get a personalised quote.</p>
      )}
    </div>
  );
}
