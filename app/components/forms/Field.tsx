/**
 * The form kit's fields, for use inside a kit form (LeadForm, or KitForm in a form's own chunk): a
 * label (with * when required), the input, a hint, and the field's message with `aria-invalid` and
 * `aria-describedby`. What the shopper typed comes back after a refused submission through the form's
 * `defaultValues` or the action's `validationError(..., values)`, so it works the same with JavaScript
 * off. Only markup lives here: the form's state comes from the kit form (fieldContext.ts), so a page
 * that imports these fields does not load the form library with it.
 */
import {
  useId,
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { field, fieldError, label as labelStyle } from "~/styles/ui.css";
import { useFormField } from "./fieldContext";
export { useFormField } from "./fieldContext";
import { FORM_ERROR, HONEYPOT_FIELD } from "./leadFormNames";
import { FORM_FAILURE_FIELD } from "~/domain/formFailure";
import * as styles from "./Field.css";

interface FieldBase {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  /** The wrapper's class (grid placement). */
  className?: string;
  /** A message the page already has for this field (a GET form answered by the page's loader). */
  error?: string;
}

function useFieldIds(name: string, error: string | undefined, hint: string | undefined) {
  const id = `${useId()}-${name}`;
  return {
    id,
    errorId: `${id}-error`,
    hintId: `${id}-hint`,
    aria: {
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
    },
  };
}

function FieldShell(props: FieldBase & { id: string; error?: string; children: ReactNode }) {
  const { id, label, required, hint, error, className, children } = props;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelStyle}>
        {label}
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

type InputExtras = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "defaultValue" | "type" | "required" | "className">;

/** A one-line field: text, email, tel, datetime-local... */
export function TextField(
  props: FieldBase & {
    type?: "text" | "email" | "tel" | "datetime-local" | "number";
    inputProps?: InputExtras;
    /** A button beside the input (a calculator's 'Get Estimate'); the message still goes under both. */
    action?: ReactNode;
    /** A unit after the input, e.g. ' kms' on a kilometre field (spec 001 section 5). */
    suffix?: string;
  },
) {
  const { name, type = "text", required, hint, inputProps, action, suffix } = props;
  const { error: formError, getInputProps } = useFormField(name);
  const error = formError ?? props.error;
  const { id, aria } = useFieldIds(name, error, hint);
  const bare = <input {...getInputProps<ComponentProps<"input">>({ id, type, className: field, required, ...aria, ...inputProps })} />;
  const input = suffix ? (
    <div className={styles.inputWithSuffix}>
      {bare}
      <span className={styles.suffix} data-testid={`${name}-suffix`}>
        {suffix}
      </span>
    </div>
  ) : (
    bare
  );
  return (
    <FieldShell {...props} id={id} error={error}>
      {action ? (
        <div className={styles.inputWithAction}>
          {input}
          {action}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

type TextareaExtras = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "required" | "className">;

export function TextAreaField(props: FieldBase & { textareaProps?: TextareaExtras }) {
  const { name, required, hint, textareaProps } = props;
  const { error: formError, getInputProps } = useFormField(name);
  const error = formError ?? props.error;
  const { id, aria } = useFieldIds(name, error, hint);
  return (
    <FieldShell {...props} id={id} error={error}>
      <textarea {...getInputProps<ComponentProps<"textarea">>({ id, className: field, required, rows: 4, ...aria, ...textareaProps })} />
    </FieldShell>
  );
}

type SelectExtras = Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "defaultValue" | "required" | "className">;

export function SelectField(props: FieldBase & { options: readonly { value: string; label: string }[]; selectProps?: SelectExtras }) {
  const { name, required, hint, options, selectProps } = props;
  const { error: formError, getInputProps } = useFormField(name);
  const error = formError ?? props.error;
  const { id, aria } = useFieldIds(name, error, hint);
  // A select always has a value unless one of its options is empty: `required` only means something (and is
  // only valid HTML) when the first option is that empty placeholder. The label still marks the field required.
  const canBeEmpty = options[0]?.value === "";
  const inputProps = getInputProps<ComponentProps<"select">>({
    id,
    className: field,
    required: required && canBeEmpty,
    ...aria,
    ...selectProps,
  });
  return (
    <FieldShell {...props} id={id} error={error}>
      <select {...inputProps} defaultValue={inputProps.defaultValue ?? ""}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A tick box; checked when the form's value for it is `value` ("on"). */
export function CheckboxField({
  name,
  label,
  value = "on",
  className,
}: {
  name: string;
  label: string;
  value?: string;
  className?: string;
}) {
  const { getInputProps } = useFormField(name);
  return (
    <label className={`${styles.checkboxRow}${className ? ` ${className}` : ""}`}>
      <input {...getInputProps<ComponentProps<"input">>({ type: "checkbox", value })} />
      <span>{label}</span>
    </label>
  );
}

/** A value sent with the form that the shopper does not type. */
export function HiddenField({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}

/** The field no person fills in (see HONEYPOT_FIELD). */
export function Honeypot() {
  const id = useId();
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={`${id}-hp`}>Leave this empty</label>
      <input id={`${id}-hp`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/**
 * A message about the whole form (unreadable, too many enquiries, not stored), above its fields. A form
 * that failed on the server's side says the spec's 'An error occurred when submitting this form' over it.
 */
export function FormMessage() {
  const { error } = useFormField(FORM_ERROR);
  const { error: failure } = useFormField(FORM_FAILURE_FIELD);
  if (!error) return null;
  return failure ? (
    <div role="alert" className={fieldError} data-testid="form-failure">
      <p className={styles.failureTitle}>{failure}</p>
      <p>{error}</p>
    </div>
  ) : (
    <p role="alert" className={fieldError}>
      {error}
    </p>
  );
}
