/**
 * The whole form's message as the page renders it: a refusal the shopper can act on is one alert with
 * its words; a form that failed on our side (the answer carries the failure) is the spec's alert 'An
 * error occurred when submitting this form' with the server's message under it (spec 000 section 8).
 */
import { renderToString } from "react-dom/server";
import type { useField } from "remix-validated-form";
import { describe, expect, it } from "vitest";
import { formRefusalErrors } from "~/domain/formFailure";
import { FormMessage } from "./Field";
import { FieldStateContext } from "./fieldContext";
import { FORM_ERROR } from "./leadFormNames";

function render(errors: Record<string, string>) {
  const fieldState = ((name: string) => ({ error: errors[name], getInputProps: (props: object) => props })) as unknown as typeof useField;
  return renderToString(
    <FieldStateContext.Provider value={fieldState}>
      <FormMessage />
    </FieldStateContext.Provider>,
  ).replace(/&#x27;/g, "'");
}

describe("the form's message", () => {
  it("says a failure with the spec's alert over the server's message", () => {
    const html = render(formRefusalErrors(FORM_ERROR, "An unexpected error occured", 500));
    expect(html).toMatch(/^<div role="alert"/);
    expect(html).toContain("An error occurred when submitting this form");
    expect(html).toContain("An unexpected error occured");
  });

  it("says a refusal as it is, without the failure's words", () => {
    const html = render(formRefusalErrors(FORM_ERROR, "You've sent several enquiries in a short time.", 429));
    expect(html).toMatch(/^<p role="alert"/);
    expect(html).toContain("You've sent several enquiries in a short time.");
    expect(html).not.toContain("An error occurred");
  });

  it("is nothing when the form has no message", () => {
    expect(render({})).toBe("");
  });
});
