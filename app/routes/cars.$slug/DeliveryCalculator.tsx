/**
 * Delivery calculator (spec 000 sections 3, 5 and 8): a postcode gives the delivery price and region;
 * empty reads 'Please enter a postcode.'; a postcode no region covers reads the 'Sorry...' message.
 * Without JavaScript it is a GET form answered by the page's loader; with script it asks
 * /api/delivery-estimate and stays in place. First use is event 26.
 */
import { useId, useState, type FormEvent } from "react";
import { POSTCODE_REQUIRED, type DeliveryOutcome } from "~/domain/deliveryEstimate";
import { formatMoney } from "~/domain/money";
import { button, field, label } from "~/styles/ui.css";
import { noteCalculatorUse } from "./calculatorUse";
import * as styles from "~/components/vehicle/vehicle.css";

export function DeliveryCalculator({ carId, initial }: { carId: string; initial: DeliveryOutcome | null }) {
  const id = useId();
  const [outcome, setOutcome] = useState<DeliveryOutcome | null>(initial);
  const [postcode, setPostcode] = useState(initial?.postcode ?? "");
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    noteCalculatorUse(carId, "delivery");
    const typed = postcode.trim();
    if (!typed) {
      setOutcome({ kind: "error", postcode: "", message: POSTCODE_REQUIRED });
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(`/api/delivery-estimate?${new URLSearchParams({ postcode: typed, car_id: carId })}`, {
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`delivery estimate answered ${response.status}`);
      setOutcome((await response.json()) as DeliveryOutcome);
    } catch (error) {
      // The plain form still works: let the browser ask the page instead.
      console.warn("Delivery estimate by script failed", error);
      form.submit();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="delivery-calculator" className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        Delivery Calculator
      </h2>
      <p className={styles.sectionIntro}>Can't get to us? We can deliver. Enter your postcode for an estimate.</p>
      <form method="get" action="#delivery-calculator" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-postcode`} className={label}>
          Postcode
        </label>
        <div style={{ display: "flex", gap: "10px", flexWrap: "wrap" }}>
          <input
            id={`${id}-postcode`}
            name="postcode"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            className={field}
            style={{ maxWidth: "160px" }}
            value={postcode}
            onChange={(e) => setPostcode(e.currentTarget.value)}
            aria-invalid={outcome?.kind === "error" ? true : undefined}
            aria-describedby={`${id}-result`}
          />
          <button type="submit" className={button.outline} disabled={busy}>
            {busy ? "Checking..." : "Get Estimate"}
          </button>
        </div>
      </form>
      <div id={`${id}-result`} aria-live="polite" data-testid="delivery-result">
        {outcome?.kind === "estimate" ? (
          <div className={styles.result}>
            <span className={styles.resultFigure}>{outcome.estimate.price > 0 ? formatMoney(outcome.estimate.price) : "Free"}</span>{" "}
            delivery to {outcome.postcode} ({outcome.estimate.name})
          </div>
        ) : outcome?.kind === "error" ? (
          <p className={styles.resultError} role="alert">
            {outcome.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
