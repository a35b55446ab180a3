/**
 * The finance calculator's place on the page (#finance-calculator) and the finance call-to-action.
 * The calculator's form comes with its own chunk (financeCalculatorForm.tsx), not with the page: the
 * server renders it whole (a working GET form without JavaScript) and the browser takes it over when
 * its code arrives.
 */
import { useLoaderData } from "@remix-run/react";
import { lazyForm } from "~/components/forms/lazyForm";
import { button } from "~/styles/ui.css";
import type { VehicleActions, VehiclePageData } from "~/domain/vehiclePage";
import type { FinanceEstimate } from "~/domain/financeEstimate";
import * as styles from "~/components/vehicle/vehicle.css";
import type { FinanceCalculatorProps } from "./financeCalculatorForm";
// Used here so the calculator's styles are in the page's stylesheet, not its chunk (see lazyForm.tsx).
import { slot } from "./financeCalculator.css";

const FinanceCalculator = lazyForm<FinanceCalculatorProps>(
  () => import("./financeCalculatorForm").then((m) => m.FinanceCalculatorForm),
  "FinanceCalculator",
);

/** The calculator for a car offered finance; nothing for the others. */
export function FinanceCalculatorSlot({ actions }: { estimate: FinanceEstimate | null; actions: VehicleActions }) {
  const { car, finance } = useLoaderData<VehiclePageData>();
  if (!actions.finance || !finance.calculator) return null;
  return (
    <div className={slot}>
      <FinanceCalculator carId={car.id} view={finance.calculator} financeHref={actions.finance.href} />
    </div>
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
