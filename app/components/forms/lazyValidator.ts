/**
 * The browser's validator for a kit form (lead forms, the vehicle page's calculators). zod and the
 * schemas are fetched the first time the shopper touches the form (or sends it), not with the page, so
 * a page with a form below the fold does not pay for them up front. The server always judges the form
 * again with the same schema.
 */
import type { Validator } from "remix-validated-form";
import type { LeadFormName } from "./leadFormNames";
import type { EnquiryFormRules } from "./leadSchemas";

/** The form's values as the browser holds them (strings; the schema turns them into numbers and yes/no). */
type TypedValues = Record<string, unknown>;

export interface LazyValidator extends Validator<TypedValues> {
  /** Starts fetching the schema (on the first focus in the form). */
  preload(): void;
}

/**
 * A validator whose schema is fetched by `load` the first time it is needed. If it cannot be fetched
 * (a dropped connection), the form is sent anyway and the server judges it.
 */
export function lazyValidator<T extends object>(load: () => Promise<Validator<T>>): LazyValidator {
  let loading: Promise<Validator<TypedValues>> | null = null;
  // The form reads its values as strings; the schema's typed result is only passed on.
  const loadOnce = () => (loading ??= load() as Promise<unknown> as Promise<Validator<TypedValues>>);
  return {
    validate: async (data) => {
      try {
        return await (await loadOnce()).validate(data);
      } catch (error) {
        // No schema (a dropped connection): send the form anyway, the server judges it.
        console.warn("Form check unavailable, sending to the dealer's site", error);
        loading = null;
        return { data: {}, error: undefined, submittedData: {} };
      }
    },
    preload: () => void loadOnce().catch(() => (loading = null)),
  };
}

export function lazyLeadValidator(
  form: LeadFormName,
  options: { messageRequired: boolean; rules?: EnquiryFormRules; postcodeRequired?: boolean },
): LazyValidator {
  return lazyValidator(() => import("./leadSchemas").then((schemas) => schemas.leadFormValidator(form, { ...options, now: new Date() })));
}
