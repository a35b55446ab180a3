/**
 * Fuel calculator (spec 000 section 9, spec 001 section 9): kilometres a week, consumption and fuel
 * price give a weekly and yearly cost. Without JavaScript it is a GET form: the page comes back with
 * the answer. With script the answer follows the inputs as they change; first use is event 26.
 */
import { useSearchParams } from "@remix-run/react";
import { useId, useState, type FormEvent } from "react";
import { formatFuelMoney, fuelCost, readFuelInputs, type FuelInputs } from "~/domain/fuelCost";
import { button, field, label } from "~/styles/ui.css";
import { noteCalculatorUse } from "./calculatorUse";
import * as styles from "~/components/vehicle/vehicle.css";

export const FUEL_PARAMS = { km: "fuel_km", consumption: "fuel_consumption", price: "fuel_price" } as const;

export function FuelCalculator({ carId, defaults }: { carId: string; defaults: FuelInputs }) {
  const id = useId();
  const [params] = useSearchParams();
  const submitted = params.has(FUEL_PARAMS.km) || params.has(FUEL_PARAMS.consumption) || params.has(FUEL_PARAMS.price);
  const initial = readFuelInputs(
    { km: params.get(FUEL_PARAMS.km), consumption: params.get(FUEL_PARAMS.consumption), price: params.get(FUEL_PARAMS.price) },
    defaults,
  );
  const [text, setText] = useState({
    km: String(initial.kmPerWeek),
    consumption: String(initial.consumption),
    price: initial.pricePerLitre.toFixed(2),
  });
  const inputs = readFuelInputs(text, defaults);
  const cost = fuelCost(inputs);

  const change = (key: keyof typeof text) => (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    setText((t) => ({ ...t, [key]: value }));
    noteCalculatorUse(carId, "fuel");
  };
  const onSubmit = (e: FormEvent) => {
    // With script the answer is already on screen; the GET round trip is for browsers without it.
    e.preventDefault();
    noteCalculatorUse(carId, "fuel");
  };
  const numberInput = (key: keyof typeof text, name: string, text_: string, step: string, suffix: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className={label}>
        {text_}
      </label>
      <input
        id={`${id}-${key}`}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        step={step}
        className={field}
        value={text[key]}
        onChange={change(key)}
        aria-describedby={`${id}-${key}-unit`}
      />
      <span id={`${id}-${key}-unit`} className={`${styles.small} ${styles.muted}`}>
        {suffix}
      </span>
    </div>
  );

  return (
    <section id="fuel-calculator" className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        Fuel Calculator
      </h2>
      <p className={styles.sectionIntro}>What this car could cost you in fuel.</p>
      <form method="get" action="#fuel-calculator" onSubmit={onSubmit}>
        <div className={styles.inputRow}>
          {numberInput("km", FUEL_PARAMS.km, "Distance per week", "1", "kilometres")}
          {numberInput("consumption", FUEL_PARAMS.consumption, "Fuel consumption", "0.1", "litres per 100 km")}
          {numberInput("price", FUEL_PARAMS.price, "Fuel price", "0.01", "dollars per litre")}
        </div>
        <p className={styles.actionsRow}>
          <button type="submit" className={button.outline}>
            Calculate
          </button>
        </p>
      </form>
      <div className={styles.result} aria-live="polite" data-testid="fuel-result" data-submitted={submitted ? "true" : undefined}>
        <span className={styles.resultFigure}>{formatFuelMoney(cost.weekly)}</span> per week
        <span className={styles.muted}> · about {formatFuelMoney(cost.yearly)} a year</span>
      </div>
    </section>
  );
}
