/**
 * How the kit's fields reach their form's state without loading the form library with the page: the
 * kit's form (kitForm.tsx, loaded with the form) hands `remix-validated-form`'s `useField` down through
 * this context, so Field.tsx, which pages import for their own fields, carries only markup.
 */
import { createContext, useContext } from "react";
import type { useField } from "remix-validated-form";

export const FieldStateContext = createContext<typeof useField | null>(null);

/** The field's message and input props from the surrounding kit form. */
export function useFormField(name: string) {
  const useFieldState = useContext(FieldStateContext);
  if (!useFieldState) throw new Error(`The field "${name}" is outside a form of the forms kit.`);
  return useFieldState(name);
}
