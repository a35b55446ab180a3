/**
 * The kit's form: `remix-validated-form`'s `ValidatedForm`, whose fields (Field.tsx) read their state
 * through FieldStateContext. Loaded with a form's own chunk (lazyForm.tsx), never with the page.
 */
import { useField, ValidatedForm, type FormProps } from "remix-validated-form";
import { useHydrated } from "~/components/useHydrated";
import { FieldStateContext } from "./fieldContext";

export function KitForm<DataType extends { [fieldName: string]: unknown }, Subaction extends string | undefined = undefined>(
  props: FormProps<DataType, Subaction>,
) {
  // `data-interactive` (as on the site's other script-driven forms) says the form's script has taken over.
  const interactive = useHydrated();
  return (
    <FieldStateContext.Provider value={useField}>
      <ValidatedForm {...props} data-interactive={interactive ? "" : undefined} />
    </FieldStateContext.Provider>
  );
}

export { useIsSubmitting } from "remix-validated-form";
