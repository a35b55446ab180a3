/**
 * One lead form for the vehicle page: contact fields from the shared definition (first name, last name,
 * email, phone, postcode), an optional or required message, the opt-in box, a hidden prefilled message
 * and the honeypot. A plain POST to the page's action, so it works without JavaScript; the answer is
 * the /success page, or this form again with the problems marked.
 */
import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { button, field, fieldError, label } from "~/styles/ui.css";
import { HONEYPOT_FIELD, isLeadFormProblem, type AnyLeadFormName, type LeadField } from "./leadForms";
import * as styles from "./vehicle.css";

export interface LeadFormProps {
  form: AnyLeadFormName;
  submitLabel: string;
  /** Sent with the lead but not typed by the shopper. */
  prefilled?: string;
  message: { label: string; required: boolean; placeholder?: string; defaultValue?: string } | null;
  optInShown: boolean;
  /** Where the page returns to after a refused submission without JavaScript. */
  anchor: string;
  compact?: boolean;
  /** Form-specific fields shown before the contact details (finance amount, the shopper's car...). */
  intro?: ReactNode;
  children?: ReactNode;
}

export function LeadForm({ form, submitLabel, prefilled, message, optInShown, anchor, compact, intro, children }: LeadFormProps) {
  const id = useId();
  const action = useActionData<unknown>();
  const problem = isLeadFormProblem(action) && action.form === form ? action : null;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === form;
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused submission with script on, take the shopper to the first thing to fix.
  useEffect(() => {
    if (problem) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [problem]);
  const err = (name: LeadField) => problem?.errors[name];
  const value = (name: LeadField) => problem?.values[name];

  const input = (
    name: LeadField,
    text: string,
    type: string,
    autoComplete: string,
    isRequired: boolean,
    extra: Record<string, string | number> = {},
  ) => {
    const inputId = `${id}-${name}`;
    const error = err(name);
    return (
      <div className={compact ? styles.formWide : undefined}>
        <label htmlFor={inputId} className={label}>
          {text}
          {isRequired ? (
            <span className={styles.required} aria-hidden="true">
              {" "}
              *
            </span>
          ) : null}
        </label>
        <input
          id={inputId}
          name={name}
          type={type}
          autoComplete={autoComplete}
          className={field}
          required={isRequired}
          defaultValue={value(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          {...extra}
        />
        {error ? (
          <p id={`${inputId}-error`} className={fieldError}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    // Without script the answer is a new page: the anchor brings the shopper back to this form.
    <Form
      ref={formRef}
      method="post"
      action={`${location.pathname}${location.search}#${anchor}`}
      preventScrollReset
      aria-label={submitLabel}
    >
      <input type="hidden" name="intent" value={form} />
      {prefilled ? <input type="hidden" name="prefilled" value={prefilled} /> : null}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={`${id}-hp`}>Leave this empty</label>
        <input id={`${id}-hp`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {problem?.errors.form ? (
        <p role="alert" className={fieldError}>
          {problem.errors.form}
        </p>
      ) : null}
      {intro}
      <div className={styles.formGrid}>
        {input("first_name", "First Name", "text", "given-name", true, { maxLength: 60 })}
        {input("last_name", "Last Name", "text", "family-name", false, { maxLength: 60 })}
        {input("email", "Email Address", "email", "email", true, { maxLength: 120 })}
        {input("phone", "Mobile Number", "tel", "tel", true, { maxLength: 20, inputMode: "tel" })}
        {input("postcode", "Postcode", "text", "postal-code", false, { maxLength: 4, inputMode: "numeric", pattern: "[0-9]{4}" })}
        {message ? (
          <div className={styles.formWide}>
            <label htmlFor={`${id}-message`} className={label}>
              {message.label}
              {message.required ? (
                <span className={styles.required} aria-hidden="true">
                  {" "}
                  *
                </span>
              ) : null}
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              rows={4}
              maxLength={2000}
              className={field}
              required={message.required}
              placeholder={message.placeholder}
              defaultValue={value("message") ?? message.defaultValue}
              aria-invalid={err("message") ? true : undefined}
              aria-describedby={err("message") ? `${id}-message-error` : undefined}
            />
            {err("message") ? (
              <p id={`${id}-message-error`} className={fieldError}>
                {err("message")}
              </p>
            ) : null}
          </div>
        ) : null}
        {optInShown ? (
          <label className={`${styles.checkboxRow} ${styles.formWide}`}>
            <input type="checkbox" name="opt_in" value="on" defaultChecked={problem ? value("opt_in") === "on" : true} />
            <span>Keep me up to date with news and offers</span>
          </label>
        ) : null}
      </div>
      {children}
      <p className={styles.actionsRow}>
        <button type="submit" className={button.accent} disabled={sending}>
          {sending ? "Sending..." : submitLabel}
        </button>
      </p>
      <p className={`${styles.small} ${styles.muted}`}>
        By sending this you agree to our <a href="/privacy-policy">privacy policy</a>. Fields marked * are required.
      </p>
    </Form>
  );
}
