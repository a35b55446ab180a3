/**
 * The lead forms' captcha (CaptchaField.tsx) inside a plain form that is not one of the kit's (the
 * checkout journey's review, /online-payment): the same widget, question and messages; the message of a
 * refused send comes from the page's own refusal instead of the kit form's state. The answer field
 * always starts empty (a new question, or the same one to be answered again).
 */
import { useMemo } from "react";
import { CaptchaField } from "./CaptchaField";
import type { CaptchaQuestion } from "./leadFormFields";
import { CAPTCHA_ANSWER_FIELD } from "./leadFormNames";
import { PlainFieldState } from "./PlainFieldState";

export function PlainCaptchaField(props: {
  /** The question the page rendered up front, for a shopper without JavaScript (server/captcha fallbackQuestionFor). */
  upfront: CaptchaQuestion | null;
  /** The question of a send the server did not accept (the refusal's `captcha`). */
  refused: CaptchaQuestion | null;
  /** Why the send was not accepted (the refusal's message for `captcha_answer`). */
  error?: string;
  /** The shopper has started on the form: the widget loads. */
  started: boolean;
}) {
  const errors = useMemo(() => ({ [CAPTCHA_ANSWER_FIELD]: props.error }), [props.error]);
  return (
    <PlainFieldState errors={errors}>
      <CaptchaField upfront={props.upfront} refused={props.refused} started={props.started} />
    </PlainFieldState>
  );
}
