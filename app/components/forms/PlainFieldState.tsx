/**
 * The forms kit's fields (Field.tsx: TextField, SelectField...) outside a kit form: in a plain form the
 * page holds its own values and messages (the finance journey's controlled inputs, the checkout
 * journey's review, /online-payment). The fields get their message from `errors` and nothing else from
 * here; a controlled field passes `value` and `onChange` in its inputProps, an uncontrolled one starts empty.
 */
import { useMemo, type ReactNode } from "react";
import type { useField } from "remix-validated-form";
import { FieldStateContext } from "./fieldContext";

export function PlainFieldState({
  errors,
  inputs,
  children,
}: {
  errors?: Record<string, string | undefined>;
  /** Input props by field name, for fields whose own props cannot carry them (a controlled CheckboxField's `checked` and `onChange`). */
  inputs?: Record<string, Record<string, unknown>>;
  children: ReactNode;
}) {
  const fieldState = useMemo(
    () =>
      ((name: string) => ({
        error: errors?.[name],
        getInputProps: (extra: Record<string, unknown> = {}) => ({ ...extra, ...inputs?.[name], name }),
      })) as unknown as typeof useField,
    [errors, inputs],
  );
  return <FieldStateContext.Provider value={fieldState}>{children}</FieldStateContext.Provider>;
}
