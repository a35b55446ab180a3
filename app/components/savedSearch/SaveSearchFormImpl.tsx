/**
 * The 'Save this search' form itself (SaveSearchForm.tsx loads it): a kit form judged in the browser by
 * the schema the action uses (savedSearchSchema.ts). The name comes filled in from the search; SMS or
 * e-mail is a pair of radios, and with JavaScript the e-mail field shows only for e-mail, filled in with
 * the account's address once the page knows the shopper (GET /api/me, never the cached page), else the
 * one this browser keeps for the lead forms. The
 * consent box starts unticked and names the dealer.
 *
 * On the results page with JavaScript the form is sent by a fetcher: saved, the page's toast says so and
 * the disclosure closes; signed out, the shopper goes to sign-in, which saves the search on the way back.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useState, type ComponentProps } from "react";
import { useBrowserLayoutEffect } from "~/components/useBrowserLayoutEffect";
import { FormMessage, HiddenField, TextField, useFormField } from "~/components/forms/Field";
import { KitForm, useIsSubmitting } from "~/components/forms/kitForm";
import { readKeptDetails } from "~/components/forms/shopperDetailsStore";
import { lazyValidator } from "~/components/forms/lazyValidator";
import { useMe } from "~/components/shopperMe";
import { showToast } from "~/components/Toast";
import { consentWords, SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_PATH } from "~/domain/savedSearch";
import { button, fieldError } from "~/styles/ui.css";
import * as styles from "./savedSearch.css";
import type { SaveSearchFormProps } from "./SaveSearchForm";
import { SAVE_SEARCH_FORM_ID } from "./savedSearchSchema";

type Answer = { ok: true; message: string; garagePath: string } | { ok: false; signIn?: string; error?: string } | { fieldErrors: unknown };

function ChannelRadios({ onChange }: { onChange: (channel: "sms" | "email") => void }) {
  const { error, getInputProps } = useFormField("channel");
  const radio = (value: "sms" | "email", label: string) => (
    <label className={styles.radio}>
      <input
        {...getInputProps<ComponentProps<"input">>({ type: "radio", value, onChange: () => onChange(value) })}
        aria-describedby={error ? "save-search-channel-error" : undefined}
      />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className={styles.fieldset} aria-invalid={error ? true : undefined}>
      <legend className={styles.legend}>Send alerts by</legend>
      <div className={styles.radios}>
        {radio("sms", "SMS to my mobile")}
        {radio("email", "E-mail")}
      </div>
      {error ? (
        <p id="save-search-channel-error" className={fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ConsentBox({ dealerName }: { dealerName: string }) {
  const { error, getInputProps } = useFormField("consent");
  return (
    <div>
      <label className={styles.consent}>
        <input
          {...getInputProps<ComponentProps<"input">>({ type: "checkbox", value: "on" })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "save-search-consent-error" : undefined}
        />
        <span>{consentWords(dealerName)}</span>
      </label>
      {error ? (
        <p id="save-search-consent-error" className={fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SaveButton({ busy }: { busy: boolean }) {
  const submitting = useIsSubmitting(SAVE_SEARCH_FORM_ID) || busy;
  return (
    <button type="submit" name="intent" value="save" className={button.primary} disabled={submitting}>
      {submitting ? "Saving…" : "Save Search"}
    </button>
  );
}

export function SaveSearchFormImpl({ dealerName, searchPath, defaultName, garagePath, siteSlug, inPlace, onSaved }: SaveSearchFormProps) {
  const validator = useMemo(() => lazyValidator(() => import("./savedSearchSchema").then((m) => m.saveSearchValidator)), []);
  const fetcher = useFetcher<Answer>();
  const me = useMe();
  const [channel, setChannel] = useState<"sms" | "email">("sms");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const defaultValues = useMemo(() => ({ name: defaultName, channel: "sms", email: "" }), [defaultName]);

  // The account's e-mail once the page knows it (else the one this browser keeps for the lead forms),
  // unless the shopper has typed one.
  const accountEmail = me?.details?.email ?? "";
  useEffect(() => {
    const field = document.getElementById(SAVE_SEARCH_FORM_ID)?.querySelector<HTMLInputElement>('input[name="email"]');
    const email = accountEmail || (siteSlug ? readKeptDetails(siteSlug).email : "");
    if (field && email && !field.value) field.value = email;
  }, [accountEmail, siteSlug]);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const refused = answer && "ok" in answer && !answer.ok && !answer.signIn ? answer.error : undefined;
  useBrowserLayoutEffect(() => {
    if (!answer || !("ok" in answer)) return;
    if (answer.ok) {
      showToast({
        tone: "success",
        title: "Search Saved",
        message: answer.message,
        link: { href: answer.garagePath, label: "View My Garage" },
      });
      onSaved?.();
    } else if (answer.signIn) {
      window.location.assign(answer.signIn);
    }
    // Only a new answer matters.
  }, [answer]);

  // Without JavaScript (or before it runs) the e-mail field is always there: the server asks for it only for e-mail.
  const emailShown = !hydrated || channel === "email";
  return (
    <KitForm
      id={SAVE_SEARCH_FORM_ID}
      validator={validator}
      defaultValues={defaultValues}
      method="post"
      action={SAVED_SEARCHES_PATH}
      fetcher={inPlace ? fetcher : undefined}
      noValidate
      aria-label="Save this search"
      onFocus={validator.preload}
      className={styles.form}
    >
      <HiddenField name="search_path" value={searchPath} />
      <TextField name="name" label="Name this search" required inputProps={{ maxLength: SAVED_SEARCH_NAME_MAX, autoComplete: "off" }} />
      <ChannelRadios onChange={setChannel} />
      <div className={emailShown ? undefined : styles.hidden}>
        <TextField
          name="email"
          label="E-mail for alerts"
          type="email"
          required={hydrated}
          hint={hydrated ? undefined : "Only needed for alerts by e-mail."}
          inputProps={{ autoComplete: "email", maxLength: 120 }}
        />
      </div>
      <ConsentBox dealerName={dealerName} />
      <FormMessage />
      {refused ? (
        <p role="alert" className={`${fieldError} ${styles.formAlert}`}>
          {refused}
        </p>
      ) : null}
      <div className={styles.actions}>
        <SaveButton busy={fetcher.state !== "idle"} />
        {garagePath ? (
          <a href={garagePath} className={button.ghost}>
            My saved searches
          </a>
        ) : null}
      </div>
      {answer && "ok" in answer && answer.ok ? <p className="visually-hidden">{SAVED_SEARCH_MESSAGES.saved}</p> : null}
    </KitForm>
  );
}
