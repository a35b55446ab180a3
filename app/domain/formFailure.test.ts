import { describe, expect, it } from "vitest";
import { FORM_FAILURE_ALERT, formRefusalErrors, isFormFailure } from "./formFailure";

describe("a form's failure", () => {
  it("is the spec's alert over the server's message when the form could not be submitted", () => {
    expect(FORM_FAILURE_ALERT).toBe("An error occurred when submitting this form");
    expect(formRefusalErrors("form", "An unexpected error occured", 500)).toEqual({
      form: "An unexpected error occured",
      form_failure: "An error occurred when submitting this form",
    });
    expect(formRefusalErrors("form", "Trade-in valuations are unavailable", 503)).toHaveProperty("form_failure");
  });

  it("is not a refusal the shopper can act on", () => {
    expect(formRefusalErrors("form", "You've sent several enquiries in a short time.", 429)).toEqual({
      form: "You've sent several enquiries in a short time.",
    });
    expect(formRefusalErrors("form", "Please check the form.", 422)).not.toHaveProperty("form_failure");
    expect(isFormFailure(undefined)).toBe(false);
  });
});
