/**
 * The browser's validator for a lead form. zod and the schemas are fetched the first time the shopper
 * touches the form (or sends it), not with the page, so a page with a form below the fold does not pay
 * for them up front. The action always judges the form again with the same schema.
 */
import type { Validator } from "remix-validated-form";
import type { LeadFormName } from "./leadFormNames";

/** The form's values as the browser holds them (strings; the schema turns them into numbers and yes/no). */
type TypedValues = Record<string, unknown>;

export interface LazyValidator extends Validator<TypedValues> {
  /** Starts fetching the schema (on the first focus in the form). */
  preload(): void;
}

export function lazyLeadValidator(form: LeadFormName, options: { messageRequired: boolean }): LazyValidator {
  let loading: Promise<Validator<TypedValues>> | null = null;
  const load = () =>
    (loading ??= import("./leadSchemas").then(
      (schemas) => schemas.leadFormValidator(form, { ...options, now: new Date() }) as Validator<TypedValues>,
    ));
  return {
    validate: async (data) => {
      try {
        return await (await load()).validate(data);
      } catch (error) {
        // No schema (a dropped connection): send the form anyway, the action judges it.
        console.warn("Form check unavailable, sending to the dealer's site", error);
        loading = null;
        return { data: {}, error: undefined, submittedData: {} };
      }
    },
    preload: () => void load().catch(() => (loading = null)),
  };
}
