/**
 * The forms kit's fields (Field.tsx: TextField, SelectField...) outside a kit form: in a plain form the
 * page holds its own values and messages (the finance journey's controlled inputs, the checkout
 * journey's review, /online-payment). The fields get their message from `errors` and what they start with
 * from `values` (what the page's loader knows, or what the shopper sent before a refused post, so it works
 * the same with JavaScript off); a controlled field passes `value` and `onChange` in its inputProps instead.
 */
import { useMemo, type ReactNode } from "react";
import type { useField } from "remix-validated-form";
import { FieldStateContext } from "./fieldContext";

export function PlainFieldState({
  errors,
  values,
  inputs,
  children,
}: {
  errors?: Record<string, string | undefined>;
  /** Each uncontrolled field's starting value, by field name; a field without one starts empty. */
  values?: Record<string, string | undefined>;
  /** Input props by field name, for fields whose own props cannot carry them (a controlled CheckboxField's `checked` and `onChange`). */
  inputs?: Record<string, Record<string, unknown>>;
  children: ReactNode;
}) {
  const fieldState = useMemo(
    () =>
      ((name: string) => ({
        error: errors?.[name],
        getInputProps: (extra: Record<string, unknown> = {}) => ({
          ...(values?.[name] !== undefined ? { defaultValue: values[name] } : {}),
          ...extra,
          ...inputs?.[name],
          name,
        }),
      })) as unknown as typeof useField,
    [errors, values, inputs],
  );
  return <FieldStateContext.Provider value={fieldState}>{children}</FieldStateContext.Provider>;
}
