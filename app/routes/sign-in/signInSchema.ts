/**
 * The sign-in form's one schema, judged in the browser before each post and again by the action:
 * step 1 (intent send) needs an Australian mobile before a code is sent; step 2 (intent verify) needs
 * the mobile and a 6-digit code. Messages are the spec's (001 section 5).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { isAustralianMobile, toLocalDigits } from "~/domain/phone";
import { MESSAGES } from "./signInCopy";

/** Any way a shopper types a mobile (0412 345 678, +61 412 345 678, 61412345678), sent on as 0412345678. */
const mobile = z
  .string({ required_error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .refine((p) => p === "" || (/^[0-9+()\s-]+$/.test(p) && isAustralianMobile(p)), MESSAGES.mobileInvalid)
  .transform((p) => toLocalDigits(p));

const code = z
  .string({ required_error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .refine((c) => c === "" || /^\d{6}$/.test(c), MESSAGES.codeDigits);

export const signInSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send"), phone: mobile }),
  z.object({ intent: z.literal("verify"), phone: mobile, code }),
]);

export type SignInValues = z.infer<typeof signInSchema>;

export const signInValidator = withZod(signInSchema);
