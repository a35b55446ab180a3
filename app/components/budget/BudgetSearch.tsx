/**
 * Budget search panel (spec 000 sections 2, 4, 5 and 9). With JavaScript the estimate and the button
 * follow every keystroke. Without it the panel is a GET form back to the same page ('Work out my
 * budget'), which renders the estimate and the result link from the query.
 */
import { Link } from "~/components/Link";
import { useEffect, useRef, useState } from "react";
import { budgetBoxText, budgetEstimate, budgetInput, budgetOutcome, defaultRepayment, type BudgetPeriod } from "~/domain/budget";
import { formatMoney } from "~/domain/money";
import { budgetSearchHref } from "~/domain/searchLinks";
import { button } from "~/styles/ui.css";
import { useHydrated } from "~/components/useHydrated";
import type { BudgetCarType } from "~/domain/budget";
import * as styles from "./BudgetSearch.css";

export interface BudgetStart {
  body: string;
  period: BudgetPeriod;
  repayment: string;
  deposit: string;
}

export function BudgetSearch({
  carTypes,
  start,
  searchPrefix,
  action,
}: {
  carTypes: BudgetCarType[];
  start: BudgetStart;
  searchPrefix: string;
  action: string;
}) {
  const hydrated = useHydrated();
  const [body, setBody] = useState(carTypes.some((t) => t.body === start.body) ? start.body : "");
  const [period, setPeriod] = useState<BudgetPeriod>(start.period);
  const [repayment, setRepayment] = useState(start.repayment);
  const [deposit, setDeposit] = useState(start.deposit);
  const formRef = useRef<HTMLFormElement>(null);

  // Whatever the shopper chose or typed while the page was still loading is kept when it becomes live.
  useEffect(() => {
    if (!formRef.current) return;
    const early = new FormData(formRef.current);
    const text = (name: string) => (typeof early.get(name) === "string" ? (early.get(name) as string) : null);
    const earlyBody = text("body");
    if (earlyBody !== null && carTypes.some((t) => t.body === earlyBody)) setBody(earlyBody);
    if (text("period") === "weekly" || text("period") === "monthly") setPeriod(text("period") as BudgetPeriod);
    if (text("repayment") !== null) setRepayment(budgetBoxText(text("repayment")!));
    if (text("deposit") !== null) setDeposit(budgetBoxText(text("deposit")!));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page becomes interactive
  }, []);

  const carType = carTypes.find((t) => t.body === body) ?? carTypes[0];
  const estimate = budgetEstimate(repayment, deposit, period);
  const outcome = budgetOutcome(estimate, carType?.label ?? "Car", carType?.prices ?? null);

  const changePeriod = (next: BudgetPeriod) => {
    // A repayment still at the old period's default moves to the new period's default.
    if (budgetInput(repayment) === defaultRepayment(period)) setRepayment(String(defaultRepayment(next)));
    setPeriod(next);
  };

  return (
    <section className={styles.panel} aria-labelledby="budget-title" id="budget">
      <h2 id="budget-title" className={styles.title}>
        Find cars for your budget
      </h2>
      <form
        ref={formRef}
        method="get"
        action={action}
        className={styles.form}
        onSubmit={(e) => hydrated && e.preventDefault()}
        data-interactive={hydrated ? "" : undefined}
      >
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Select your preferred car types</legend>
          <div className={styles.types}>
            {carTypes.map((t) => (
              <label key={t.body || "all"} className={styles.typeLabel}>
                <input
                  type="radio"
                  name="body"
                  value={t.body}
                  checked={body === t.body}
                  onChange={() => setBody(t.body)}
                  className={styles.typeInput}
                />
                <span className={styles.typeBody}>
                  {t.image ? (
                    <img src={t.image} alt="" width={72} height={34} className={styles.typeImage} />
                  ) : !t.body ? (
                    <span className={styles.allCars} aria-hidden="true">
                      All
                    </span>
                  ) : null}
                  <span>{t.body ? t.label : "All cars"}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className={styles.inputs}>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>I can pay</legend>
            <div className={styles.periods}>
              {(["weekly", "monthly"] as const).map((p) => (
                <label key={p} className={styles.periodLabel}>
                  <input type="radio" name="period" value={p} checked={period === p} onChange={() => changePeriod(p)} />
                  {p === "weekly" ? "Weekly" : "Monthly"}
                </label>
              ))}
            </div>
          </fieldset>
          <label className={styles.moneyField}>
            <span className={styles.legend}>{period === "monthly" ? "Monthly repayment" : "Weekly repayment"}</span>
            <span className={styles.money}>
              <span aria-hidden="true">$</span>
              <input
                type="text"
                name="repayment"
                inputMode="numeric"
                value={repayment}
                onChange={(e) => setRepayment(budgetBoxText(e.target.value))}
                onBlur={(e) => setRepayment(String(budgetInput(e.target.value)))}
                className={styles.moneyInput}
                autoComplete="off"
              />
            </span>
          </label>
          <label className={styles.moneyField}>
            <span className={styles.legend}>Deposit</span>
            <span className={styles.money}>
              <span aria-hidden="true">$</span>
              <input
                type="text"
                name="deposit"
                inputMode="numeric"
                value={deposit}
                onChange={(e) => setDeposit(budgetBoxText(e.target.value))}
                onBlur={(e) => setDeposit(String(budgetInput(e.target.value)))}
                className={styles.moneyInput}
                autoComplete="off"
              />
            </span>
          </label>
        </div>

        <div className={styles.result} aria-live="polite">
          <p className={styles.estimate}>
            Your estimated budget: <strong>{formatMoney(estimate)}</strong>
          </p>
          {outcome.found ? (
            <Link to={budgetSearchHref(searchPrefix, outcome.budget, body || undefined)} className={button.accent}>
              {outcome.label}
            </Link>
          ) : (
            <>
              <button type="button" disabled className={styles.noneButton}>
                {outcome.label}
              </button>
              <p className={styles.warning}>
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                  <path
                    d="M12 2 1 21h22L12 2zm0 6 .01 0L13 15h-2l1-7zm0 9a1.25 1.25 0 1 1 0 2.5A1.25 1.25 0 0 1 12 17z"
                    fill="currentColor"
                  />
                </svg>
                {outcome.message}
              </p>
            </>
          )}
          {/* Without JavaScript the estimate is worked out by the server; noscript keeps the layout still. */}
          <noscript>
            <button type="submit" className={button.outline}>
              Work out my budget
            </button>
          </noscript>
        </div>
        <p className={styles.disclaimer}>
          This is an indicative estimate only. It does not account for interest rates, fees or balloon payments.
        </p>
      </form>
    </section>
  );
}
