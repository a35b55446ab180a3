/**
 * The finance calculator's place on the page (#finance-calculator) and the finance call-to-action.
 * The calculator itself arrives with the finance work; until then this slot gives the car's estimate
 * and real links to the dealer's finance page and trade-in valuation.
 */
import { ENQUIRE_FOR_FINANCE, isShownRepayment, type FinanceEstimate } from "~/domain/financeEstimate";
import { formatMoney } from "~/domain/money";
import { button } from "~/styles/ui.css";
import type { VehicleActions } from "~/domain/vehiclePage";
import * as styles from "~/components/vehicle/vehicle.css";

export function FinanceCalculatorSlot({ estimate, actions }: { estimate: FinanceEstimate | null; actions: VehicleActions }) {
  if (!actions.finance) return null;
  return (
    <section id="finance-calculator" className={styles.section} aria-labelledby="finance-calculator-title">
      <h2 id="finance-calculator-title" className={styles.sectionTitle}>
        Finance Calculator
      </h2>
      {estimate ? (
        isShownRepayment(estimate.weekly) ? (
          <p>
            Estimated repayments from <strong>{formatMoney(estimate.weekly)} per week</strong> ({formatMoney(estimate.monthly)} per month)
            {estimate.advertisedRate !== null ? <> at {estimate.advertisedRate.toFixed(2)}% p.a.</> : null}
            {estimate.comparisonRate !== null ? <>, comparison rate {estimate.comparisonRate.toFixed(2)}% p.a.</> : null}
            <a href="#financeDisclaimer">*</a>
          </p>
        ) : (
          <p>{ENQUIRE_FOR_FINANCE}</p>
        )
      ) : (
        <p>Work out repayments that suit your budget with our finance team.</p>
      )}
      <p className={styles.actionsRow}>
        <a href={actions.finance.href} className={button.primary}>
          Get Finance
        </a>
      </p>
    </section>
  );
}

export function FinanceCallToAction({ actions }: { actions: VehicleActions }) {
  if (!actions.finance && !actions.tradeIn) return null;
  return (
    <section className={styles.section} aria-labelledby="finance-cta-title" style={{ background: "var(--finance-cta-bg, transparent)" }}>
      <h2 id="finance-cta-title" className={styles.sectionTitle}>
        Ready to make it yours?
      </h2>
      <p className={styles.sectionIntro}>
        Get pre-approved for finance in minutes, and find out what your current car is worth as a trade-in.
      </p>
      <p className={styles.actionsRow}>
        {actions.finance ? (
          <a href={actions.finance.href} className={button.accent}>
            Get Finance
          </a>
        ) : null}
        {actions.tradeIn ? (
          <a href={actions.tradeIn.href} className={button.outline}>
            Trade-In Valuation
          </a>
        ) : null}
      </p>
    </section>
  );
}
