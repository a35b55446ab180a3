/**
 * The finance calculator's form (spec 001 sections 3, 4, 5 and 9), loaded with its own chunk
 * (FinanceSection.tsx). Without JavaScript it is a GET form: the page's loader reads the figures
 * (app/domain/finance/calculator.ts, zod, kept within bounds) and the page comes back with them in the
 * sliders and the answer beside them. With script the answer follows the sliders as they move; the
 * first move is analytics event 26.
 *
 * One component for both calculators: on the group site (groupStyle) Purchase Price, deposit/trade-in
 * and residual are typed (digits only) and the price has its 'Cannot be less than...' message.
 */
import { useId, useState, type ChangeEvent, type ReactNode } from "react";
import { useHydrated } from "~/components/useHydrated";
import {
  calculateRepayment,
  CALCULATOR_PARAMS,
  digitsOnly,
  FREQUENCIES,
  FREQUENCY_LABELS,
  FREQUENCY_UNITS,
  isFrequency,
  purchasePriceMessage,
  readFigure,
  readInputs,
  type Bounds,
  type RawFigures,
  type CalculatorInputs,
  type CalculatorResult,
  type CalculatorSettings,
  type FinanceCalculatorView,
} from "~/domain/finance/calculator";
import type { PaymentFrequency } from "~/domain/finance/amortisation";
import { ENQUIRE_FOR_FINANCE } from "~/domain/financeEstimate";
import { formatDollarsAndCents, formatMoney } from "~/domain/money";
import { button } from "~/styles/ui.css";
import * as vehicle from "~/components/vehicle/vehicle.css";
import * as styles from "./financeCalculator.css";
import { noteCalculatorUse } from "./calculatorUse";

export interface FinanceCalculatorProps {
  carId: string;
  view: FinanceCalculatorView;
  /** 'Get Finance' for this car. */
  financeHref: string;
}

const percent = (n: number) => `${n.toFixed(2)}%`;
const years = (n: number) => `${n} ${n === 1 ? "year" : "years"}`;

/** What the typed fields hold: the digits as typed, so the field shows exactly what the shopper has. */
interface TypedFigures {
  amount: string;
  deposit: string;
  residual: string;
}

export function FinanceCalculatorForm({ carId, view, financeHref }: FinanceCalculatorProps) {
  const id = useId();
  const interactive = useHydrated();
  const { settings } = view;
  const group = settings.groupStyle;
  const [inputs, setInputs] = useState<CalculatorInputs>(view.inputs);
  const [typedFigures, setTypedFigures] = useState<TypedFigures>({
    amount: String(view.inputs.amount),
    deposit: String(view.inputs.deposit),
    residual: String(view.inputs.residual),
  });
  const result = calculateRepayment(settings, inputs);
  const priceMessage = purchasePriceMessage(settings, inputs.amount);

  const update = (change: Omit<RawFigures, "frequency"> & { frequency?: PaymentFrequency }) => {
    noteCalculatorUse(carId, "finance");
    setInputs((current) => readInputs(settings, { ...current, termIndex: null, ...change }));
  };
  const slide = (key: keyof CalculatorInputs | "termIndex") => (event: ChangeEvent<HTMLInputElement>) =>
    update({ [key]: Number(event.currentTarget.value) });
  const type = (key: keyof TypedFigures) => (event: ChangeEvent<HTMLInputElement>) => {
    // Typed figures keep their digits only (spec 001 section 5); an empty field reads as 0.
    const digits = digitsOnly(event.currentTarget.value).slice(0, 9);
    setTypedFigures((current) => ({ ...current, [key]: digits }));
    update({ [key]: readFigure(digits, true) ?? 0 });
  };

  const termIndex = settings.term.increments.indexOf(inputs.term);
  const amountLabel = group ? "Purchase Price" : "Loan Amount";

  return (
    <section id="finance-calculator" className={vehicle.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={vehicle.sectionTitle}>
        Finance Calculator
      </h2>
      <p className={vehicle.sectionIntro}>Move the sliders to see what your repayments could be.</p>
      <div className={styles.layout}>
        <form
          method="get"
          action="#finance-calculator"
          className={styles.fields}
          aria-label="Finance calculator figures"
          data-interactive={interactive ? "" : undefined}
          onSubmit={(event) => {
            // With script the answer is already on screen; the GET round trip is for browsers without it.
            event.preventDefault();
          }}
        >
          {group ? (
            <TypedFigure
              id={`${id}-amount`}
              name={CALCULATOR_PARAMS.amount}
              label={amountLabel}
              value={typedFigures.amount}
              onChange={type("amount")}
              message={priceMessage}
            />
          ) : (
            <SliderFigure
              id={`${id}-amount`}
              name={CALCULATOR_PARAMS.amount}
              label={amountLabel}
              bounds={settings.amount}
              value={inputs.amount}
              text={formatMoney}
              onChange={slide("amount")}
            />
          )}
          {group ? (
            <TypedFigure
              id={`${id}-deposit`}
              name={CALCULATOR_PARAMS.deposit}
              label="Deposit / Trade-In"
              value={typedFigures.deposit}
              onChange={type("deposit")}
            />
          ) : (
            <SliderFigure
              id={`${id}-deposit`}
              name={CALCULATOR_PARAMS.deposit}
              label="Deposit / Trade-In"
              bounds={settings.deposit}
              value={inputs.deposit}
              text={formatMoney}
              onChange={slide("deposit")}
            />
          )}
          {settings.term.increments.length ? (
            <SliderFigure
              id={`${id}-term`}
              name={CALCULATOR_PARAMS.termIndex}
              label="Loan Term"
              bounds={{ min: 0, max: settings.term.increments.length - 1, step: 1 }}
              value={Math.max(0, termIndex)}
              shown={years(inputs.term)}
              boundsText={[years(settings.term.min), years(settings.term.max)]}
              text={(i) => years(settings.term.increments[i] ?? inputs.term)}
              onChange={slide("termIndex")}
            />
          ) : (
            <SliderFigure
              id={`${id}-term`}
              name={CALCULATOR_PARAMS.term}
              label="Loan Term"
              bounds={settings.term}
              value={inputs.term}
              text={years}
              onChange={slide("term")}
            />
          )}
          <SliderFigure
            id={`${id}-interest`}
            name={CALCULATOR_PARAMS.interest}
            label="Interest Rate"
            bounds={settings.interest}
            value={inputs.interest}
            text={(n) => `${percent(n)} p.a.`}
            disabled={settings.interest.disabled}
            onChange={slide("interest")}
          />
          {group ? (
            <TypedFigure
              id={`${id}-residual`}
              name={CALCULATOR_PARAMS.residual}
              label="Residual"
              value={typedFigures.residual}
              onChange={type("residual")}
            />
          ) : (
            <SliderFigure
              id={`${id}-residual`}
              name={CALCULATOR_PARAMS.residual}
              label="Residual"
              bounds={settings.residual}
              value={inputs.residual}
              text={formatMoney}
              onChange={slide("residual")}
            />
          )}
          <fieldset className={styles.frequencies}>
            <legend className={styles.frequencyLegend}>Repayment Frequency</legend>
            {FREQUENCIES.map((frequency) => (
              <label key={frequency} className={styles.frequency}>
                <input
                  type="radio"
                  name={CALCULATOR_PARAMS.frequency}
                  value={frequency}
                  checked={inputs.frequency === frequency}
                  onChange={(event) => isFrequency(event.currentTarget.value) && update({ frequency: event.currentTarget.value })}
                  className={styles.frequencyInput}
                />
                <span className={styles.frequencyText}>{FREQUENCY_LABELS[frequency]}</span>
              </label>
            ))}
          </fieldset>
          {/* Without script the figures go to the page; with it the answer follows the sliders, and the button
              is only hidden: a form keeps its submit button (WCAG technique H32; Enter still lands in onSubmit). */}
          <p className={styles.actions} hidden={interactive}>
            <button type="submit" className={button.outline}>
              Calculate
            </button>
          </p>
        </form>
        <Answer settings={settings} inputs={inputs} result={result} financeHref={financeHref} />
      </div>
    </section>
  );
}

function SliderFigure(props: {
  id: string;
  name: string;
  label: string;
  bounds: Bounds;
  value: number;
  text: (value: number) => string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** What the slider's value reads as, when not `text(value)` (a position among year increments). */
  shown?: string;
  boundsText?: [string, string];
  disabled?: boolean;
}) {
  const { id, name, label, bounds, value, text, onChange, disabled } = props;
  const shown = props.shown ?? text(value);
  const [low, high] = props.boundsText ?? [text(bounds.min), text(bounds.max)];
  return (
    <div className={styles.figure}>
      <div className={styles.figureHead}>
        <label htmlFor={id} className={styles.figureLabel}>
          {label}
        </label>
        <output htmlFor={id} className={styles.figureValue} aria-hidden="true">
          {shown}
          {disabled ? <span className={styles.fixedNote}>(fixed)</span> : null}
        </output>
      </div>
      <input
        id={id}
        type="range"
        name={name}
        min={bounds.min}
        max={bounds.max}
        step={bounds.step > 0 ? bounds.step : "any"}
        value={value}
        aria-valuetext={shown}
        disabled={disabled}
        onChange={onChange}
        className={styles.range}
      />
      <div className={styles.bounds} aria-hidden="true">
        <span>{low}</span>
        <span>{high}</span>
      </div>
    </div>
  );
}

function TypedFigure(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  message?: string | null;
}) {
  const { id, name, label, value, onChange, message } = props;
  return (
    <div className={styles.figure}>
      <label htmlFor={id} className={styles.figureLabel}>
        {label}
      </label>
      <div className={styles.typedWrap}>
        <span className={styles.currency} aria-hidden="true">
          $
        </span>
        <input
          id={id}
          type="text"
          name={name}
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          value={value}
          onChange={onChange}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          className={styles.typed}
        />
      </div>
      {message ? (
        <p id={`${id}-message`} className={styles.message} role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}

function Answer(props: { settings: CalculatorSettings; inputs: CalculatorInputs; result: CalculatorResult; financeHref: string }) {
  const { settings, inputs, result, financeHref } = props;
  const unit = FREQUENCY_UNITS[result.frequency];
  const fees = settings.fees;
  const range = settings.comparisonRateRange;
  let basis: ReactNode = null;
  if (result.amountFinanced > 0) {
    basis = (
      <p className={styles.basis}>
        Borrowing {formatMoney(result.amountFinanced)}
        {settings.establishmentFee > 0 ? <> (including a {formatMoney(settings.establishmentFee)} establishment fee)</> : null} over{" "}
        {years(inputs.term)} at {percent(inputs.interest)} p.a., {result.periods} {result.frequency} repayments
        {inputs.residual > 0 ? <>, with {formatMoney(inputs.residual)} residual owing at the end</> : null}.
      </p>
    );
  }
  return (
    <div className={styles.answer} aria-live="polite" data-testid="finance-answer">
      <dl className={styles.answerFigures}>
        <div>
          <dt>{FREQUENCY_LABELS[result.frequency]} Repayments</dt>
          <dd data-testid="finance-payment">
            {result.payment === null ? (
              <span className={styles.enquire}>{ENQUIRE_FOR_FINANCE}</span>
            ) : (
              <>
                <span className={styles.payment}>{formatMoney(result.payment)}</span>
                <span className="visually-hidden"> per {unit}</span>
                <a href="#financeDisclaimer" aria-label="Finance disclaimer">
                  *
                </a>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Total Repayments</dt>
          <dd data-testid="finance-total" className={styles.total}>
            {result.totalRepayments === null ? "" : formatMoney(result.totalRepayments)}
          </dd>
        </div>
      </dl>
      {basis}
      {range ? (
        <p className={styles.basis} data-testid="finance-comparison-range">
          Comparison rate {percent(range.min)} - {percent(range.max)} p.a.
        </p>
      ) : null}
      {fees.length ? (
        <div>
          <p className={styles.feeTitle}>Fees</p>
          <ul className={styles.feeList} data-testid="finance-fees">
            {fees.map((fee) => (
              <li key={fee.label}>
                <span>{fee.label}</span>
                <span>
                  {formatFee(fee.amount)}
                  {fee.frequency === "monthly" ? " a month" : ""}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className={styles.actions}>
        <a href={financeHref} className={button.primary}>
          Get Finance
        </a>
      </p>
    </div>
  );
}

/** Fees keep their cents when they have them ($912.25); the money formatter shows whole dollars. */
function formatFee(amount: number): string {
  return Number.isInteger(amount) ? formatMoney(amount) : formatDollarsAndCents(amount);
}
