/**
 * Building blocks of the enquiry pages: the page frame (heading, explanation, form, the chosen car)
 * and the page-specific fields, which keep what was typed and show their messages after a refused
 * submission, with or without JavaScript.
 */
import { useActionData } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { isLeadFormProblem, type ExtraField } from "~/components/vehicle/leadForms";
import { formatMoney } from "~/domain/money";
import { container, field, fieldError, label } from "~/styles/ui.css";
import * as styles from "./enquiry.css";
import type { EnquiryCar } from "./types";

export function EnquiryLayout(props: {
  title: string;
  intro: ReactNode;
  car: EnquiryCar | null;
  formTitle: string;
  formId: string;
  children: ReactNode;
  /** Extra notes under the car (what happens next). */
  aside?: ReactNode;
}) {
  const { title, intro, car, formTitle, formId, children, aside } = props;
  return (
    <div className={`${container} ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{intro}</p>
      </header>
      <div className={styles.layout}>
        <section id={formId} className={styles.formCard} aria-labelledby={`${formId}-title`}>
          <h2 id={`${formId}-title`} className={styles.formTitle}>
            {formTitle}
          </h2>
          {children}
        </section>
        {car ? (
          <aside className={styles.carArea} aria-label="Your selected car">
            <CarSummary car={car} />
          </aside>
        ) : null}
        {aside ? <div className={styles.noteArea}>{aside}</div> : null}
      </div>
    </div>
  );
}

export function CarSummary({ car }: { car: EnquiryCar }) {
  return (
    <div className={styles.carCard} data-testid="enquiry-car">
      {car.image ? (
        <img className={styles.carImage} src={car.image} alt={car.title} loading="eager" width={360} height={270} />
      ) : (
        <div className={styles.carImage} aria-hidden="true" />
      )}
      <div className={styles.carBody}>
        <p className={styles.carLabel}>Your selected car</p>
        <p className={styles.carTitle}>
          <a href={car.href}>{car.title}</a>
        </p>
        <p className={styles.carPrice} data-testid="enquiry-car-price">
          {car.priceText}
          {car.wasPrice ? <span className={styles.was}>{formatMoney(car.wasPrice)}</span> : null}
        </p>
        <p className={styles.carMeta}>
          {[car.priceType, car.km > 0 ? `${car.km.toLocaleString("en-AU")} km` : "", car.stockNumber ? `Stock #${car.stockNumber}` : ""]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
    </div>
  );
}

/** The refused submission's message and typed value for one page-specific field. */
function useExtraProblem(name: ExtraField) {
  const action = useActionData<unknown>();
  const problem = isLeadFormProblem(action) ? action : null;
  return { error: problem?.errors[name], value: problem?.values[name], refused: Boolean(problem) };
}

interface ExtraProps {
  name: ExtraField;
  text: string;
  required?: boolean;
  hint?: string;
  defaultValue?: string;
}

function FieldShell({
  id,
  text,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  text: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ExtraInput({
  name,
  text,
  required,
  hint,
  defaultValue,
  type = "text",
  inputProps = {},
}: ExtraProps & { type?: string; inputProps?: Record<string, string | number> }) {
  const id = `${useId()}-${name}`;
  const { error, value, refused } = useExtraProblem(name);
  return (
    <FieldShell id={id} text={text} required={required} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        type={type}
        className={field}
        required={required}
        defaultValue={refused ? (value ?? "") : defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...inputProps}
      />
    </FieldShell>
  );
}

export function ExtraSelect({
  name,
  text,
  required,
  hint,
  defaultValue,
  options,
}: ExtraProps & { options: { value: string; label: string }[] }) {
  const id = `${useId()}-${name}`;
  const { error, value, refused } = useExtraProblem(name);
  return (
    <FieldShell id={id} text={text} required={required} hint={hint} error={error}>
      <select
        id={id}
        name={name}
        className={field}
        required={required}
        defaultValue={refused ? (value ?? "") : (defaultValue ?? "")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function ExtraFields({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={styles.extraGrid}>
      <legend className={styles.extraLegend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

export function Note({ children }: { children: ReactNode }) {
  return <div className={styles.note}>{children}</div>;
}
