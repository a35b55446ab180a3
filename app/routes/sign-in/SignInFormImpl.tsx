/**
 * The sign-in form itself (SignInForm.tsx loads it): one kit form whose submit buttons say which step
 * is posted (intent send or verify), checked in the browser by the same schema the action uses. Step 1
 * asks for the mobile ('Send Code'); step 2 locks it, says 'Code sent!', asks for the code and offers
 * 'Resend Code' (after a 60-second countdown with JavaScript). Errors from either step are said in a
 * red alert under the fields.
 */
import { useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect, useMemo, useState } from "react";
import { FormMessage, HiddenField, TextField } from "~/components/forms/Field";
import { KitForm } from "~/components/forms/kitForm";
import { lazyValidator } from "~/components/forms/lazyValidator";
import { button } from "~/styles/ui.css";
import * as styles from "./signIn.css";
import type { SignInFormProps } from "./SignInForm";
import { MESSAGES, MOBILE_PLACEHOLDER, RESEND_SECONDS, SIGN_IN_FORM_ID, type LoginStatus } from "./signInCopy";

/** Seconds left before 'Resend Code' (0 on the server and without JavaScript: the button just works). */
function useResendCountdown(sentAt: number | null): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (sentAt === null) return;
    const end = Date.now() + RESEND_SECONDS * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(() => {
      tick();
      if (Date.now() >= end) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [sentAt]);
  return left;
}

export function SignInFormImpl({ status, phone, sentAt, back, action }: SignInFormProps) {
  const validator = useMemo(() => lazyValidator(() => import("./signInSchema").then((m) => m.signInValidator)), []);
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const codeStep = status === "verificationSent";
  const loginStatus: LoginStatus = posting === "verify" ? "verificationSubmitted" : status;
  const resendIn = useResendCountdown(codeStep ? sentAt : null);
  const defaultValues = useMemo(() => ({ phone }), [phone]);

  return (
    <KitForm
      id={SIGN_IN_FORM_ID}
      validator={validator}
      defaultValues={defaultValues}
      method="post"
      action={action}
      noValidate
      aria-label="Sign in with your mobile"
      data-status={loginStatus}
      onFocus={validator.preload}
      className={styles.form}
    >
      {codeStep ? <HiddenField name="step" value="code" /> : null}
      <TextField
        name="phone"
        label="Mobile Number"
        type="tel"
        required
        hint={codeStep ? MESSAGES.codeSent : undefined}
        inputProps={{
          autoComplete: "tel",
          inputMode: "tel",
          maxLength: 20,
          placeholder: MOBILE_PLACEHOLDER,
          readOnly: codeStep,
          "aria-readonly": codeStep || undefined,
        }}
      />
      {codeStep ? (
        <TextField
          name="code"
          label="Verification Code"
          required
          inputProps={{ autoComplete: "one-time-code", inputMode: "numeric", maxLength: 6, autoFocus: true }}
        />
      ) : null}
      <FormMessage />
      <div className={styles.actions}>
        {codeStep ? (
          <>
            <button type="submit" name="intent" value="verify" className={button.primary} disabled={Boolean(posting)}>
              {loginStatus === "verificationSubmitted" ? "Verifying..." : "Verify and Sign In"}
            </button>
            <button type="submit" name="intent" value="send" className={button.ghost} disabled={Boolean(posting) || resendIn > 0}>
              {resendIn > 0 ? `Resend Code (${resendIn}s)` : "Resend Code"}
            </button>
          </>
        ) : (
          <button type="submit" name="intent" value="send" className={button.primary} disabled={Boolean(posting)}>
            {posting === "send" ? "Sending..." : "Send Code"}
          </button>
        )}
      </div>
      <p className={styles.links}>
        {codeStep ? (
          <>
            <Link to={action}>Use a different number</Link>
            {" · "}
          </>
        ) : null}
        <Link to={back}>Cancel</Link>
      </p>
    </KitForm>
  );
}
