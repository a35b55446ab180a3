import type { ReactNode } from "react";
import { TextField } from "~/components/forms/Field";
import { PlainFieldState } from "~/components/forms/PlainFieldState";
import * as styles from "./financeJourney.css";

/** One of the journey's text fields: the forms kit's TextField, its value held by the journey. */
export function TextInput(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  type?: "text" | "email" | "tel";
  required?: boolean;
  error?: string;
  hint?: string;
  wide?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  maxLength?: number;
  /** Names a message shown elsewhere (the code's alert) while the field has none of its own. */
  describedBy?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}): ReactNode {
  const { error, hint, describedBy } = props;
  return (
    <PlainFieldState>
      <TextField
        name={props.name}
        label={props.label}
        type={props.type}
        required={props.required}
        error={error}
        hint={hint}
        className={props.wide ? styles.wide : undefined}
        inputProps={{
          // The field's own ref (the kit's inputProps carry no ref type; React takes it from the props).
          ...({ ref: props.inputRef } as object),
          value: props.value,
          onChange: (e) => props.onChange(e.target.value),
          onFocus: props.onFocus,
          onBlur: props.onBlur,
          readOnly: props.readOnly,
          "aria-readonly": props.readOnly || undefined,
          placeholder: props.placeholder,
          autoComplete: props.autoComplete,
          inputMode: props.inputMode,
          maxLength: props.maxLength,
          ...(describedBy && !error && !hint ? { "aria-describedby": describedBy } : {}),
        }}
      />
    </PlainFieldState>
  );
}
