/**
 * The sign-in form, loaded with its own code (the forms kit and zod), not with the page
 * (components/forms/lazyForm.tsx): the server sends the whole form, so it works before its script
 * arrives and without JavaScript (two plain posts: send the code, then verify it).
 */
import { lazyForm } from "~/components/forms/lazyForm";
import type { LoginStatus } from "./signInCopy";

export interface SignInFormProps {
  /** default: ask for the mobile; verificationSent: the code was sent to `phone`. */
  status: Exclude<LoginStatus, "verificationSubmitted">;
  /** The mobile as the shopper typed it (kept, and locked once a code is sent). */
  phone: string;
  /** When the last code was sent (the resend countdown starts from it); null before any. */
  sentAt: number | null;
  /** Where 'Cancel' goes (a path on this site). */
  back: string;
  /** The address the form posts to: this page with its type, redirect and back. */
  action: string;
}

export const SignInForm = lazyForm<SignInFormProps>(() => import("./SignInFormImpl").then((m) => m.SignInFormImpl), "SignInForm");
