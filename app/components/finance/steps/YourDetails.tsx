/**
 * Step 2, Your Details (spec 001 sections 2, 4 and 5): name, last name, e-mail, mobile with 'Send Code'
 * (then 'Resend Code', the mobile locked, 'Code sent!'), the code, the postcode where the dealer asks,
 * the opt-in; 'Get A Personalised Quote' runs the final step. Without JavaScript it is a POST to
 * /personalised/finance whose action sends the code and finishes; with it, the journey makes the calls
 * (`onSendCode`, `onFinish`).
 */
import type { ChangeEvent, Dispatch, FormEvent, Ref } from "react";
import { MOBILE_PLACEHOLDER } from "~/domain/finance/financeForm";
import { CheckboxField, Honeypot } from "~/components/forms/Field";
import { PlainFieldState } from "~/components/forms/PlainFieldState";
import { button } from "~/styles/ui.css";
import * as styles from "../financeJourney.css";
import { detailErrors, journeyQuery } from "../journey";
import {
  BACK_LABEL,
  CODE_SENT_HINT,
  JOURNEY_PATH,
  RESEND_CODE_LABEL,
  SEND_CODE_LABEL,
  SUBMIT_LABEL,
  VERIFIED_HINT,
  type DetailValues,
  type JourneyData,
  type JourneyIntent,
} from "../journeyCopy";
import { isCodeSent, type JourneyAction, type JourneyState } from "../journeyState";
import { TextInput } from "../TextInput";

export function YourDetails({
  state,
  dispatch,
  data,
  hydrated,
  ids,
  visitedPages,
  pages,
  linkedQuery,
  verified,
  firstDetail,
  onSendCode,
  onFinish,
}: {
  state: JourneyState;
  dispatch: Dispatch<JourneyAction>;
  data: JourneyData;
  hydrated: boolean;
  /** The journey's useId, so the ids match the server's. */
  ids: string;
  /** The pages as the server saw them (the addresses without JavaScript). */
  visitedPages: string[];
  /** The pages the shopper came through, the browser's own added once interactive. */
  pages: string[];
  linkedQuery: string;
  verified: boolean;
  firstDetail: Ref<HTMLInputElement>;
  onSendCode: () => Promise<unknown>;
  onFinish: () => Promise<unknown>;
}) {
  const { car, vehicle, options } = data;
  const { values, details, errors, busy } = state;
  const codeSent = isCodeSent(state);

  const setDetail = (name: keyof DetailValues, value: string | boolean) => dispatch({ type: "detailChanged", name, value });
  const onSubscribeChange = (e: ChangeEvent<HTMLInputElement>) => setDetail("subscribe", e.target.checked);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = (submitter?.value as JourneyIntent | undefined) ?? "submit";
    if (intent === "send") {
      const bad = detailErrors({ ...details }, { postcode: false }, false).phone;
      if (bad) return dispatch({ type: "errorsFound", errors: { phone: bad } });
      void onSendCode();
    } else void onFinish();
  };

  const back = (event: React.MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    dispatch({ type: "back" });
  };

  return (
    <form
      method="post"
      action={`${JOURNEY_PATH}?${carriedQuery(journeyQuery(values, car, vehicle, 2), visitedPages[0], data.linkedQuery)}`}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label="Your Details"
      aria-busy={busy ? true : undefined}
    >
      {/* Enter in a field sends the final step (the first submit button is the form's default). */}
      <button type="submit" name="intent" value="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        {SUBMIT_LABEL}
      </button>
      <Honeypot />
      {codeSent ? <input type="hidden" name="code_sent" value="1" /> : null}
      {pages.map((p, i) => (
        <input key={`${i}-${p}`} type="hidden" name="visited_page" value={p} />
      ))}
      {linkedQuery ? <input type="hidden" name="linked_query" value={linkedQuery} /> : null}
      {options.optInShown ? null : <input type="hidden" name="subscribe" value="on" />}
      {errors.form ? (
        <p role="alert" className={styles.alert} data-testid="journey-form-error">
          {errors.form}
        </p>
      ) : null}
      <div className={styles.fields}>
        <TextInput
          inputRef={firstDetail}
          name="name"
          label="First Name"
          required
          value={details.firstName}
          error={errors.firstName}
          onChange={(v) => setDetail("firstName", v)}
          autoComplete="given-name"
          maxLength={60}
        />
        <TextInput
          name="last_name"
          label="Last Name"
          value={details.lastName}
          error={errors.lastName}
          onChange={(v) => setDetail("lastName", v)}
          autoComplete="family-name"
          maxLength={60}
        />
        <TextInput
          name="email"
          type="email"
          label="Email Address"
          required
          wide
          value={details.email}
          error={errors.email}
          onChange={(v) => setDetail("email", v)}
          autoComplete="email"
          maxLength={120}
        />
        <div className={styles.wide}>
          <div className={styles.phoneRow}>
            <TextInput
              name="phone"
              type="tel"
              label="Mobile Number"
              required
              value={details.phone}
              error={errors.phone}
              onChange={(v) => setDetail("phone", v)}
              autoComplete="tel"
              inputMode="tel"
              maxLength={20}
              placeholder={MOBILE_PLACEHOLDER}
              readOnly={codeSent}
              hint={verified ? VERIFIED_HINT : codeSent ? CODE_SENT_HINT : undefined}
            />
            {verified ? null : (
              <button
                type="submit"
                name="intent"
                value="send"
                className={button.outline}
                disabled={busy !== null}
                style={{ marginBottom: errors.phone || codeSent ? "26px" : undefined }}
              >
                {busy === "send" ? "Sending..." : codeSent ? RESEND_CODE_LABEL : SEND_CODE_LABEL}
              </button>
            )}
          </div>
        </div>
        {codeSent && !verified ? (
          <TextInput
            name="code"
            label="Verification Code"
            required
            wide
            value={details.code}
            onChange={(v) => setDetail("code", v.replace(/\D/g, "").slice(0, 6))}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            describedBy={errors.code ? `${ids}-code-alert` : undefined}
          />
        ) : null}
        {errors.code ? (
          <p id={`${ids}-code-alert`} role="alert" className={`${styles.alert} ${styles.wide}`} data-testid="journey-code-error">
            {errors.code}
          </p>
        ) : null}
        {options.postcode ? (
          <TextInput
            name="postcode"
            label="Postcode"
            required
            value={details.postcode}
            error={errors.postcode}
            onChange={(v) => setDetail("postcode", v)}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={4}
          />
        ) : null}
        {options.optInShown ? (
          <PlainFieldState inputs={{ subscribe: { checked: details.subscribe, onChange: onSubscribeChange } }}>
            <CheckboxField name="subscribe" label="Keep me up to date with news and offers" className={styles.wide} />
          </PlainFieldState>
        ) : null}
      </div>
      <div className={styles.actions}>
        <a
          href={`${JOURNEY_PATH}?${carriedQuery(journeyQuery(values, car, vehicle, 1), visitedPages[0], data.linkedQuery)}`}
          className={button.ghost}
          onClick={back}
        >
          {BACK_LABEL}
        </a>
        <button type="submit" name="intent" value="submit" className={`${button.accent} ${styles.grow}`} disabled={busy !== null}>
          {busy === "submit" ? "Please wait..." : SUBMIT_LABEL}
        </button>
      </div>
      <p className={styles.small}>
        We send a code to your mobile to check it's yours. Getting a quote has no impact on your credit score. By continuing you agree to
        our <a href="/privacy-policy">privacy policy</a>.
      </p>
    </form>
  );
}

/** Without JavaScript each post is a new address: the page before the journey and the link's query go along. */
function carriedQuery(query: URLSearchParams, from: string | undefined, linked: Record<string, string>): string {
  const carried = new URLSearchParams(query);
  if (from) carried.set("from", from);
  carried.set("linked", new URLSearchParams(linked).toString());
  return carried.toString();
}
