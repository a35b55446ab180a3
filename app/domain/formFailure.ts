/**
 * A form that could not be submitted (spec 000 sections 4 and 8: "Generic form failure: alert 'An error
 * occurred when submitting this form'; message stored as form error"): the page says the spec's words as
 * an alert, with the server's message under them, and keeps everything typed for another try. A
 * refusal the shopper can act on (a field, too many enquiries) is not a failure and has no such alert.
 */

export const FORM_FAILURE_ALERT = "An error occurred when submitting this form";

/** Where the answer's field errors carry the failure's alert, beside the form's own message. */
export const FORM_FAILURE_FIELD = "form_failure";

/** A form answered with this status failed on the server's side (not stored, a provider down). */
export function isFormFailure(status: number | undefined): boolean {
  return typeof status === "number" && status >= 500;
}

/** The field errors of a whole-form refusal: the message, and the failure's alert when it failed. */
export function formRefusalErrors(formField: string, message: string, status: number | undefined): Record<string, string> {
  return isFormFailure(status) ? { [formField]: message, [FORM_FAILURE_FIELD]: FORM_FAILURE_ALERT } : { [formField]: message };
}
