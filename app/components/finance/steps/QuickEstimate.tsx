/**
 * Step 1, Quick Estimate (spec 001 sections 2 and 4): price (raw digits while focused, clamped and
 * formatted on blur), quick picks, term slider, credit history, the helper's name in staff-assisted mode,
 * and the quote box. Without JavaScript it is a GET form to /personalised/finance (the quote worked out
 * by the server); with it, Enter recalculates and 'Get A Personalised Quote' shows step 2.
 */
import type { Dispatch, FormEvent } from "react";
import { formatMoney } from "~/domain/money";
import { button, label as labelStyle } from "~/styles/ui.css";
import * as styles from "../financeJourney.css";
import { CREDIT_OPTIONS, HELPER_LABEL, JOURNEY_PATH, SUBMIT_LABEL, type JourneyData, type QuoteFigures } from "../journeyCopy";
import { priceText, type JourneyAction, type JourneyState } from "../journeyState";
import { QuoteBox } from "../QuoteBox";
import { TextInput } from "../TextInput";

export function QuickEstimate({
  state,
  dispatch,
  data,
  hydrated,
  ids,
  visitedPages,
  quote,
}: {
  state: JourneyState;
  dispatch: Dispatch<JourneyAction>;
  data: JourneyData;
  hydrated: boolean;
  /** The journey's useId, so the ids match the server's. */
  ids: string;
  visitedPages: string[];
  quote: { figures: QuoteFigures | null; loading: boolean };
}) {
  const { car, vehicle, options } = data;
  const { values } = state;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    dispatch({ type: "estimateSent", next: submitter?.name === "step", bounds: options.bounds });
  };

  return (
    <form method="get" action={JOURNEY_PATH} className={styles.form} onSubmit={onSubmit} noValidate aria-label="Quick Estimate">
      {/* Enter in a field recalculates (the first submit button is the form's default). */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Update Quote
      </button>
      <input type="hidden" name="step" value="1" />
      {/* Each step is a new address without JavaScript: where the shopper came from and the link's query go along. */}
      {hydrated || !visitedPages[0] ? null : <input type="hidden" name="from" value={visitedPages[0]} />}
      {hydrated ? null : <input type="hidden" name="linked" value={new URLSearchParams(data.linkedQuery).toString()} />}
      {car ? (
        <input type="hidden" name="car_id" value={car.id} />
      ) : (
        <>
          {vehicle.vin ? <input type="hidden" name="vin" value={vehicle.vin} /> : null}
          {vehicle.nvic ? <input type="hidden" name="nvic" value={vehicle.nvic} /> : null}
          {vehicle.year !== null ? <input type="hidden" name="year" value={String(vehicle.year)} /> : null}
        </>
      )}
      <TextInput
        name="price"
        label="Purchase Price"
        inputMode="numeric"
        autoComplete="off"
        maxLength={12}
        value={priceText(state)}
        onFocus={() => dispatch({ type: "priceFocused" })}
        onChange={(v) => dispatch({ type: "priceTyped", text: v })}
        onBlur={() => dispatch({ type: "priceLeft", bounds: options.bounds })}
        hint={`Between ${formatMoney(options.bounds.min)} and ${formatMoney(options.bounds.max)}`}
      />
      {options.quickPicks.length ? (
        <div className={styles.picks} role="group" aria-label="Quick picks">
          {options.quickPicks.map((amount) => (
            <button
              key={amount}
              type="submit"
              name="pick"
              value={String(amount)}
              className={styles.pick}
              aria-pressed={values.price === amount}
              onClick={(e) => {
                if (!hydrated) return;
                e.preventDefault();
                dispatch({ type: "pricePicked", amount, bounds: options.bounds });
              }}
            >
              {formatMoney(amount)}
            </button>
          ))}
        </div>
      ) : null}
      <div>
        <label className={labelStyle} htmlFor={`${ids}-term`}>
          Loan Term: <span className={styles.sliderValue}>{`${values.loanTerm} year${values.loanTerm === 1 ? "" : "s"}`}</span>
        </label>
        <input
          id={`${ids}-term`}
          name="loanTerm"
          type="range"
          min={1}
          max={7}
          step={1}
          className={styles.slider}
          value={values.loanTerm}
          onChange={(e) => dispatch({ type: "termChosen", years: Number(e.target.value) })}
          aria-valuetext={`${values.loanTerm} years`}
        />
        <div className={styles.sliderScale} aria-hidden="true">
          {[1, 2, 3, 4, 5, 6, 7].map((y) => (
            <span key={y}>{y}</span>
          ))}
        </div>
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Credit History</legend>
        <div className={styles.segments}>
          {CREDIT_OPTIONS.map((o) => (
            <label key={o.value} className={styles.segment}>
              <input
                type="radio"
                name="selfAssessedCreditScore"
                value={o.value}
                className={styles.segmentInput}
                checked={values.credit === o.value}
                onChange={() => dispatch({ type: "creditChosen", credit: o.value })}
              />
              {o.label}
            </label>
          ))}
        </div>
      </fieldset>
      {options.staffAssisted ? (
        <TextInput
          name="whoIsHelping"
          label={HELPER_LABEL}
          maxLength={80}
          autoComplete="off"
          value={values.whoIsHelping}
          onChange={(text) => dispatch({ type: "helperTyped", name: text })}
        />
      ) : null}
      <QuoteBox quote={quote.figures} loading={quote.loading} />
      <div className={styles.actions}>
        {hydrated ? null : (
          <button type="submit" className={button.ghost}>
            Update Quote
          </button>
        )}
        <button type="submit" name="step" value="2" className={`${button.accent} ${styles.grow}`}>
          {SUBMIT_LABEL}
        </button>
      </div>
    </form>
  );
}
