/**
 * The delivery calculator's form. Without JavaScript it is a GET form answered by the page's loader
 * (the postcode comes back in the field, the answer below it). With script the postcode is checked
 * by the same schema (app/domain/calculatorSchemas.ts), then /api/delivery-estimate answers and the
 * page stays in place. First use is event 26.
 */
import { useId, useRef, useState } from "react";
import { TextField, useFormField } from "~/components/forms/Field";
import { KitForm } from "~/components/forms/kitForm";
import { lazyValidator } from "~/components/forms/lazyValidator";
import { POSTCODE_REQUIRED, type DeliveryOutcome } from "~/domain/deliveryEstimate";
import { formatMoney } from "~/domain/money";
import { button } from "~/styles/ui.css";
import * as styles from "~/components/vehicle/vehicle.css";
import { noteCalculatorUse } from "./calculatorUse";
import type { DeliveryCalculatorProps } from "./DeliveryCalculator";

const validator = lazyValidator(() => import("./calculatorValidators").then((m) => m.deliveryValidator));

/** An answer about what was typed (no postcode), shown at the field rather than as a result. */
const isMissingPostcode = (outcome: DeliveryOutcome | null) => outcome?.kind === "error" && outcome.message === POSTCODE_REQUIRED;

export function DeliveryCalculatorForm({ carId, initial }: DeliveryCalculatorProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [outcome, setOutcome] = useState<DeliveryOutcome | null>(initial);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (_checked: unknown, event: { preventDefault(): void }) => {
    // With script the answer comes in place; the plain GET form is for browsers without it.
    event.preventDefault();
    const form = formRef.current;
    if (!form) return;
    const postcode = String(new FormData(form).get("postcode") ?? "").trim();
    setBusy(true);
    try {
      const response = await fetch(`/api/delivery-estimate?${new URLSearchParams({ postcode, car_id: carId })}`, {
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
      <KitForm
        formRef={formRef}
        validator={validator}
        defaultValues={{ postcode: initial?.postcode ?? "" }}
        method="get"
        action="#delivery-calculator"
        noValidate
        onSubmit={onSubmit}
        onSubmitCapture={() => noteCalculatorUse(carId, "delivery")}
        onFocus={validator.preload}
      >
        <TextField
          name="postcode"
          label="Postcode"
          error={isMissingPostcode(outcome) ? POSTCODE_REQUIRED : undefined}
          inputProps={{ inputMode: "numeric", autoComplete: "postal-code", maxLength: 4, style: { maxWidth: "160px" } }}
          action={
            <button type="submit" className={button.outline} disabled={busy}>
              {busy ? "Checking..." : "Get Estimate"}
            </button>
          }
        />
        <Result outcome={outcome} />
      </KitForm>
    </section>
  );
}

/** The estimate or the 'Sorry...' message; hidden while the field shows a problem with what was typed. */
function Result({ outcome }: { outcome: DeliveryOutcome | null }) {
  const { error } = useFormField("postcode");
  const shown = error || isMissingPostcode(outcome) ? null : outcome;
  return (
    <div aria-live="polite" data-testid="delivery-result">
      {shown?.kind === "estimate" ? (
        <div className={styles.result}>
          <span className={styles.resultFigure}>{shown.estimate.price > 0 ? formatMoney(shown.estimate.price) : "Free"}</span> delivery to{" "}
          {shown.postcode} ({shown.estimate.name})
        </div>
      ) : shown?.kind === "error" ? (
        <p className={styles.resultError} role="alert">
          {shown.message}
        </p>
      ) : null}
    </div>
  );
}
