/**
 * The lead form itself (see LeadForm.tsx, which loads this with the form, not with the page). A plain
 * POST to the page's action, so it works without JavaScript; with script, the form's schema checks it
 * first, the contact fields the shopper left empty are filled in from their local user details (kept
 * after a first enquiry or a sign-in, spec 000 section 3), and a form that is sent keeps its details for
 * the next one.
 */
import { useActionData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { DEFAULT_ENQUIRY_CATEGORY, ENQUIRY_CATEGORIES, REGO_PLACEHOLDER, type EnquiryFormRules } from "~/domain/enquiryRules";
import { detailsFromLeadForm } from "~/domain/shopperDetails";
import type { PublicSite } from "@server/tenants/publicSite";
import { button } from "~/styles/ui.css";
import * as vehicleStyles from "~/components/vehicle/vehicle.css";
import { CaptchaField } from "./CaptchaField";
import * as fieldStyles from "./Field.css";
import { CheckboxField, FormMessage, HiddenField, Honeypot, SelectField, TextAreaField, TextField } from "./Field";
import { KitForm, useIsSubmitting } from "./kitForm";
import { lazyLeadValidator } from "./lazyValidator";
import type { LeadFormProps } from "./LeadForm";
import { captchaQuestionIn, type CaptchaQuestion } from "./leadFormFields";
import { leadFormId, LINKED_QUERY_FIELD, VISITED_PAGE_FIELD } from "./leadFormNames";
import { keepDetails, usePrefilledContactFields } from "./shopperDetailsStore";
import { recordFormPage, type Visit } from "./visitStore";

export function LeadFormImpl(props: LeadFormProps) {
  const { form, submitLabel, prefilled, message, optInShown, anchor, compact, intro, children, rules, postcodeRequired } = props;
  const location = useLocation();
  const messageRequired = Boolean(message?.required);
  const validator = useMemo(
    () => lazyLeadValidator(form, { messageRequired, rules, postcodeRequired }),
    [form, messageRequired, rules, postcodeRequired],
  );
  const defaultValues = useMemo(
    () => ({
      opt_in: "on",
      ...(rules?.categories ? { category: DEFAULT_ENQUIRY_CATEGORY } : {}),
      ...(message?.defaultValue ? { message: message.defaultValue } : {}),
      ...props.defaultValues,
    }),
    [message?.defaultValue, props.defaultValues, rules?.categories],
  );
  const wide = compact ? vehicleStyles.formWide : undefined;
  const root = useRouteLoaderData<{ site: PublicSite; captchaQuestion?: CaptchaQuestion | null }>("root");
  const site = root?.site;
  const siteSlug = site?.slug;
  const formRef = useRef<HTMLFormElement>(null);
  usePrefilledContactFields(formRef, siteSlug);
  const visit = useFormVisit(siteSlug);
  // The captcha widget loads once the shopper starts on the form, not with the page.
  const [started, setStarted] = useState(false);
  const captchaOn = site?.features.captcha ?? false;
  const refusedQuestion = captchaQuestionIn(useActionData(), leadFormId(form));

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
      onFocus={() => {
        validator.preload();
        setStarted(true);
      }}
      formRef={formRef}
      // Called once the form has passed its checks, as it is sent.
      onSubmit={(data: Record<string, unknown>) => {
        if (siteSlug) keepDetails(siteSlug, detailsFromLeadForm(new Map(Object.entries(data))));
      }}
    >
      <HiddenField name="intent" value={form} />
      {prefilled ? <HiddenField name="prefilled" value={prefilled} /> : null}
      {visit ? (
        visit.pages.map((page) => <HiddenField key={page} name={VISITED_PAGE_FIELD} value={page} />)
      ) : props.cameFrom ? (
        // Until the script keeps the visit (and without JavaScript): the page before this one, as the server saw it.
        <HiddenField name={VISITED_PAGE_FIELD} value={props.cameFrom} />
      ) : null}
      {visit?.linked ? <HiddenField name={LINKED_QUERY_FIELD} value={visit.linked} /> : null}
      <Honeypot />
      <FormMessage />
      {rules ? <RuleSelects rules={rules} /> : null}
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
          required={postcodeRequired}
          className={wide}
          inputProps={{ autoComplete: "postal-code", maxLength: 4, inputMode: "numeric", pattern: "[0-9]{4}" }}
        />
        {rules?.rego ? (
          <TextField
            name="rego"
            label="Rego"
            className={wide}
            inputProps={{ placeholder: REGO_PLACEHOLDER, maxLength: 10, autoComplete: "off", autoCapitalize: "characters" }}
          />
        ) : null}
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
      {captchaOn ? (
        // The page's own question (a private page), else the one every cached page of this minute shares (root loader).
        <CaptchaField upfront={props.captchaQuestion ?? root?.captchaQuestion ?? null} refused={refusedQuestion} started={started} />
      ) : null}
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

/** The category, dealership and location or department selects the dealer's rules ask for (spec 000 section 5). */
function RuleSelects({ rules }: { rules: EnquiryFormRules }) {
  const choose = (label: string, options: { value: string; label: string }[]) => [{ value: "", label }, ...options];
  return (
    <div className={`${vehicleStyles.formGrid} ${fieldStyles.ruleFields}`}>
      {rules.categories ? (
        <SelectField
          name="category"
          label="Enquiry Type"
          required
          className={vehicleStyles.formWide}
          options={ENQUIRY_CATEGORIES.map((c) => ({ value: c, label: c }))}
        />
      ) : null}
      {rules.dealership ? (
        <SelectField
          name="preferred_dealership"
          label={rules.dealership.label}
          required
          className={vehicleStyles.formWide}
          options={choose("Choose a dealership", rules.dealership.options)}
        />
      ) : null}
      {rules.location ? (
        <SelectField
          name={rules.location.kind}
          label={rules.location.label}
          required
          className={vehicleStyles.formWide}
          options={choose(rules.location.kind === "location" ? "Choose a location" : "Choose a department", rules.location.options)}
        />
      ) : null}
    </div>
  );
}

/** This visit's pages and the link's query, once the form is interactive (the server's HTML is the same for everyone). */
function useFormVisit(siteSlug: string | undefined): Visit | null {
  const [visit, setVisit] = useState<Visit | null>(null);
  useEffect(() => {
    if (siteSlug) setVisit(recordFormPage(siteSlug));
  }, [siteSlug]);
  return visit;
}
