/**
 * The fuel calculator's form. Without JavaScript it is a GET form: the page comes back with the
 * figures in the fields and the answer below. With script the answer follows the inputs as they
 * change. Both read the figures by one rule (app/domain/calculatorSchemas.ts: a blank figure is this
 * car's, the others kept within bounds). First use is event 26.
 */
import { useSearchParams } from "@remix-run/react";
import { useId, useMemo, useRef, useState } from "react";
import { TextField } from "~/components/forms/Field";
import { KitForm } from "~/components/forms/kitForm";
import { lazyValidator } from "~/components/forms/lazyValidator";
import { formatFuelMoney, fuelCost, FUEL_PARAMS, readFuelInputs, type FuelInputs } from "~/domain/fuelCost";
import { button } from "~/styles/ui.css";
import * as styles from "~/components/vehicle/vehicle.css";
import { noteCalculatorUse } from "./calculatorUse";
import type { FuelCalculatorProps } from "./FuelCalculator";

/** The figures in a query string or the form as typed. */
const readFigures = (values: { get(name: string): unknown }, defaults: FuelInputs) => {
  const text = (name: string) => {
    const value = values.get(name);
    return typeof value === "string" ? value : null;
  };
  return readFuelInputs({ km: text(FUEL_PARAMS.km), consumption: text(FUEL_PARAMS.consumption), price: text(FUEL_PARAMS.price) }, defaults);
};

export function FuelCalculatorForm({ carId, defaults }: FuelCalculatorProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [params] = useSearchParams();
  const submitted = Object.values(FUEL_PARAMS).some((name) => params.has(name));
  const initial = readFigures(params, defaults);
  const [inputs, setInputs] = useState(initial);
  const cost = fuelCost(inputs);
  const { kmPerWeek, consumption, pricePerLitre } = defaults;
  const validator = useMemo(
    () => lazyValidator(() => import("./calculatorValidators").then((m) => m.fuelValidator({ kmPerWeek, consumption, pricePerLitre }))),
    [kmPerWeek, consumption, pricePerLitre],
  );
  const defaultValues = {
    [FUEL_PARAMS.km]: String(initial.kmPerWeek),
    [FUEL_PARAMS.consumption]: String(initial.consumption),
    [FUEL_PARAMS.price]: initial.pricePerLitre.toFixed(2),
  };

  const recalculate = () => {
    if (formRef.current) setInputs(readFigures(new FormData(formRef.current), defaults));
    noteCalculatorUse(carId, "fuel");
  };
  const figure = (name: string, label: string, step: string, unit: string) => (
    <TextField name={name} label={label} type="number" hint={unit} inputProps={{ inputMode: "decimal", min: 0, step }} />
  );

  return (
    <section id="fuel-calculator" className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        Fuel Calculator
      </h2>
      <p className={styles.sectionIntro}>What this car could cost you in fuel.</p>
      <KitForm
        formRef={formRef}
        validator={validator}
        defaultValues={defaultValues}
        method="get"
        action="#fuel-calculator"
        onChange={recalculate}
        onFocus={validator.preload}
        onSubmit={(_checked, event) => {
          // With script the answer is already on screen; the GET round trip is for browsers without it.
          event.preventDefault();
          recalculate();
        }}
      >
        <div className={styles.inputRow}>
          {figure(FUEL_PARAMS.km, "Distance per week", "1", "kilometres")}
          {figure(FUEL_PARAMS.consumption, "Fuel consumption", "0.1", "litres per 100 km")}
          {figure(FUEL_PARAMS.price, "Fuel price", "0.01", "dollars per litre")}
        </div>
        <p className={styles.actionsRow}>
          <button type="submit" className={button.outline}>
            Calculate
          </button>
        </p>
      </KitForm>
      <div className={styles.result} aria-live="polite" data-testid="fuel-result" data-submitted={submitted ? "true" : undefined}>
        <span className={styles.resultFigure}>{formatFuelMoney(cost.weekly)}</span> per week
        <span className={styles.muted}> · about {formatFuelMoney(cost.yearly)} a year</span>
      </div>
    </section>
  );
}
