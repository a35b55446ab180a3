/**
 * The lead form itself (see LeadForm.tsx, which loads this with the form, not with the page). A plain
 * POST to the page's action, so it works without JavaScript; with script, the form's schema checks it
 * first, the contact fields the shopper left empty are filled in from their local user details (kept
 * after a first enquiry or a sign-in, spec 000 section 3), and a form that is sent keeps its details for
 * the next one.
 */
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useMemo, useRef } from "react";
import { detailsFromLeadForm } from "~/domain/shopperDetails";
import type { PublicSite } from "@server/tenants/publicSite";
import { button } from "~/styles/ui.css";
import * as vehicleStyles from "~/components/vehicle/vehicle.css";
import { CheckboxField, FormMessage, HiddenField, Honeypot, TextAreaField, TextField } from "./Field";
import { KitForm, useIsSubmitting } from "./kitForm";
import { lazyLeadValidator } from "./lazyValidator";
import type { LeadFormProps } from "./LeadForm";
import { leadFormId } from "./leadFormNames";
import { keepDetails, usePrefilledContactFields } from "./shopperDetailsStore";

export function LeadFormImpl(props: LeadFormProps) {
  const { form, submitLabel, prefilled, message, optInShown, anchor, compact, intro, children } = props;
  const location = useLocation();
  const messageRequired = Boolean(message?.required);
  const validator = useMemo(() => lazyLeadValidator(form, { messageRequired }), [form, messageRequired]);
  const defaultValues = useMemo(
    () => ({ opt_in: "on", ...(message?.defaultValue ? { message: message.defaultValue } : {}), ...props.defaultValues }),
    [message?.defaultValue, props.defaultValues],
  );
  const wide = compact ? vehicleStyles.formWide : undefined;
  const siteSlug = useRouteLoaderData<{ site: PublicSite }>("root")?.site.slug;
  const formRef = useRef<HTMLFormElement>(null);
  usePrefilledContactFields(formRef, siteSlug);

  return (
    // Without script the answer is a new page: the anchor brings the shopper back to this form.
    <KitForm
      id={leadFormId(form)}
      validator={validator}
      defaultValues={defaultValues}
      method="post"
      action={`${location.pathname}${location.search}#${anchor}`}
      preventScrollReset
      aria-label={submitLabel}
      onFocus={validator.preload}
      formRef={formRef}
      // Called once the form has passed its checks, as it is sent.
      onSubmit={(data: Record<string, unknown>) => {
        if (siteSlug) keepDetails(siteSlug, detailsFromLeadForm(new Map(Object.entries(data))));
      }}
    >
      <HiddenField name="intent" value={form} />
      {prefilled ? <HiddenField name="prefilled" value={prefilled} /> : null}
      <Honeypot />
      <FormMessage />
      {intro}
      <div className={vehicleStyles.formGrid}>
        <TextField
          name="first_name"
          label="First Name"
          required
          className={wide}
          inputProps={{ autoComplete: "given-name", maxLength: 60 }}
        />
        <TextField name="last_name" label="Last Name" className={wide} inputProps={{ autoComplete: "family-name", maxLength: 60 }} />
        <TextField
          name="email"
          label="Email Address"
          type="email"
          required
          className={wide}
          inputProps={{ autoComplete: "email", maxLength: 120 }}
        />
        <TextField
          name="phone"
          label="Mobile Number"
          type="tel"
          required
          className={wide}
          inputProps={{ autoComplete: "tel", maxLength: 20, inputMode: "tel" }}
        />
        <TextField
          name="postcode"
          label="Postcode"
          className={wide}
          inputProps={{ autoComplete: "postal-code", maxLength: 4, inputMode: "numeric", pattern: "[0-9]{4}" }}
        />
        {message ? (
          <TextAreaField
            name="message"
            label={message.label}
            required={message.required}
            className={vehicleStyles.formWide}
            textareaProps={{ maxLength: 2000, placeholder: message.placeholder }}
          />
        ) : null}
        {optInShown ? (
          <CheckboxField name="opt_in" label="Keep me up to date with news and offers" className={vehicleStyles.formWide} />
        ) : null}
      </div>
      {children}
      <SendButton label={submitLabel} />
      <p className={`${vehicleStyles.small} ${vehicleStyles.muted}`}>
        By sending this you agree to our <a href="/privacy-policy">privacy policy</a>. Fields marked * are required.
      </p>
    </KitForm>
  );
}

function SendButton({ label }: { label: string }) {
  const sending = useIsSubmitting();
  return (
    <p className={vehicleStyles.actionsRow}>
      <button type="submit" className={button.accent} disabled={sending}>
        {sending ? "Sending..." : label}
      </button>
    </p>
  );
}
