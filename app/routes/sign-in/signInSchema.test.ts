import { describe, expect, it } from "vitest";
import { signInCopy, MESSAGES } from "./signInCopy";
import { signInSchema, signInValidator } from "./signInSchema";

function fieldErrors(values: Record<string, string>) {
  const result = signInSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("sign-in form: step 1, the mobile (validated before a code is sent)", () => {
  it("needs a mobile: 'This is a required field.'", () => {
    expect(fieldErrors({ intent: "send", phone: "" })).toEqual({ phone: "This is a required field." });
    expect(fieldErrors({ intent: "send", phone: "   " })).toEqual({ phone: "This is a required field." });
    expect(fieldErrors({ intent: "send" })).toEqual({ phone: "This is a required field." });
  });

  it("takes only an Australian mobile", () => {
    for (const phone of ["02 9000 0000", "1300 123 456", "0412 345 67", "+44 7700 900123", "0412abc678", "04123456789"]) {
      expect(fieldErrors({ intent: "send", phone }), phone).toEqual({ phone: MESSAGES.mobileInvalid });
    }
  });

  it("reads every way a shopper types one and sends it on with a leading 0 (61 becomes 0)", () => {
    for (const phone of ["0412 345 678", "0412345678", "+61 412 345 678", "61412345678", "(04) 1234-5678"]) {
      expect(signInSchema.parse({ intent: "send", phone }), phone).toEqual({ intent: "send", phone: "0412345678" });
    }
  });

  it("does not ask for a code before one is sent", () => {
    expect(fieldErrors({ intent: "send", phone: "0412 345 678", code: "" })).toEqual({});
  });
});

describe("sign-in form: step 2, the code", () => {
  it("needs a code: 'This is a required field.'", () => {
    expect(fieldErrors({ intent: "verify", phone: "0412345678", code: "" })).toEqual({ code: "This is a required field." });
  });

  it("needs exactly 6 digits: 'Code must be 6 digits.'", () => {
    for (const code of ["12345", "1234567", "12a456", "12 3456"]) {
      expect(fieldErrors({ intent: "verify", phone: "0412345678", code }), code).toEqual({ code: "Code must be 6 digits." });
    }
    expect(signInSchema.parse({ intent: "verify", phone: "0412 345 678", code: " 123456 " })).toEqual({
      intent: "verify",
      phone: "0412345678",
      code: "123456",
    });
  });

  it("still checks the mobile the code was sent to", () => {
    expect(fieldErrors({ intent: "verify", phone: "", code: "123456" })).toEqual({ phone: "This is a required field." });
  });

  it("refuses a post that is neither step", async () => {
    const result = await signInValidator.validate(new URLSearchParams({ intent: "admin", phone: "0412345678" }));
    expect(result.error?.fieldErrors.intent).toBeTruthy();
  });
});

describe("sign-in copy", () => {
  it("has the spec's messages word for word", () => {
    expect(MESSAGES.tooMany).toBe("Too many verification attempts. Please try again later.");
    expect(MESSAGES.invalidCode).toBe("The verification code is invalid. Please try again.");
    expect(MESSAGES.unknownVerification).toBe("An unknown error occurred during verification.");
    expect(MESSAGES.unknown).toBe("An unknown error occurred.");
    expect(MESSAGES.unknownStep).toBe("An unknown error occurred while advancing step.");
  });

  it("names each sign-in type's page, and a plain one for anything else", () => {
    expect(signInCopy("my-garage").title).toBe("Sign in to My Garage");
    expect(signInCopy("watchlist").title).toBe("Sign in to save this car");
    expect(signInCopy("saved-search").title).toBe("Sign in to save this search");
    expect(signInCopy("checkout").title).toBe("Sign in to reserve this car");
    expect(signInCopy("<script>").title).toBe("Sign in");
    expect(signInCopy(null).title).toBe("Sign in");
  });
});
