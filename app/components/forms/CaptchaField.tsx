/**
 * The captcha part of a lead form (server/captcha): with JavaScript, the widget (captchaWidget.tsx)
 * loads the first time the shopper starts on the form, not with the page; without it, or after a send
 * the server did not accept, the server's own question (a small sum) with its signed token, the
 * message and what was typed kept. Nothing shows for a dealer whose captcha is off.
 *
 * The question rendered up front is inside <noscript>: a browser without JavaScript shows it as part of
 * the form; one with JavaScript never lays it out, so nothing moves when the page hydrates, and the
 * widget answers instead.
 */
import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/useHydrated";
import { HiddenField, TextField } from "./Field";
import * as styles from "./Field.css";
import type { CaptchaQuestion } from "./leadFormFields";
import { CAPTCHA_ANSWER_FIELD, CAPTCHA_TOKEN_FIELD } from "./leadFormNames";

const Widget = lazy(() => import("./captchaWidget"));

export function CaptchaField(props: {
  /** A question the page rendered up front, for a shopper without JavaScript (the widget replaces it once the page is interactive). */
  upfront: CaptchaQuestion | null;
  /** The question of a send the server did not accept: shown whatever the browser runs. */
  refused: CaptchaQuestion | null;
  /** The shopper has started on the form: the widget loads. */
  started: boolean;
}) {
  const hydrated = useHydrated();
  const started = props.started;
  return (
    <>
      {props.refused ? (
        <Question question={props.refused} />
      ) : props.upfront && !hydrated ? (
        <noscript>
          <Question question={props.upfront} />
        </noscript>
      ) : null}
      {hydrated && started ? (
        <Suspense fallback={null}>
          <Widget />
        </Suspense>
      ) : null}
    </>
  );
}

function Question({ question }: { question: CaptchaQuestion }) {
  return (
    <>
      <HiddenField name={CAPTCHA_TOKEN_FIELD} value={question.token} />
      <TextField
        className={styles.captchaQuestion}
        name={CAPTCHA_ANSWER_FIELD}
        label={`Quick check: ${question.question}`}
        required
        hint="This helps us keep robots out of our inbox. Type the answer as a number."
        inputProps={{ inputMode: "numeric", autoComplete: "off", maxLength: 10 }}
      />
    </>
  );
}
