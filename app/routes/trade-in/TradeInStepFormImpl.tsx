/**
 * The step forms themselves (see TradeInStepForm.tsx, which loads this with the form). Each is a plain
 * POST to the page's action naming its step (`intent`) and, after step 1, the valuation; with script the
 * step's schema checks it first (fetched on first touch), the contact fields fill in from the shopper's
 * kept details, and the next step arrives without a reload. Step 1 carries the captcha where the dealer
 * has it on (the lead forms' CaptchaField: the widget once the shopper starts, else the server's question).
 */
import { useActionData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ComponentProps } from "react";
import { CaptchaField } from "~/components/forms/CaptchaField";
import { CheckboxField, FormMessage, HiddenField, Honeypot, SelectField, TextField, useFormField } from "~/components/forms/Field";
import { KitForm, useIsSubmitting } from "~/components/forms/kitForm";
import { lazyValidator } from "~/components/forms/lazyValidator";
import { captchaQuestionIn } from "~/components/forms/leadFormFields";
import { AU_STATES, LINKED_QUERY_FIELD, VISITED_PAGE_FIELD } from "~/components/forms/leadFormNames";
import { keepDetails, usePrefilledContactFields } from "~/components/forms/shopperDetailsStore";
import { recordFormPage, type Visit } from "~/components/forms/visitStore";
import { detailsFromLeadForm } from "~/domain/shopperDetails";
import type { PublicSite } from "@server/tenants/publicSite";
import { button, fieldError } from "~/styles/ui.css";
import * as styles from "./tradeIn.css";
import type { TradeInStepFormProps } from "./TradeInStepForm";
import { ADJUSTMENT_PROMPTS, KM_SUFFIX, TRADE_IN_FORM_IDS, VALUATION_FIELD, type AdjustmentChoices } from "./tradeInSteps";

const SUBMIT_LABEL = { rego: "Find My Car", vehicle: "Continue", adjustments: "Get My Offer" } as const;

const STATES = [{ value: "", label: "Choose a state" }, ...AU_STATES.map((s) => ({ value: s, label: s }))];

export function TradeInStepFormImpl(props: TradeInStepFormProps) {
  const { step, valuationId, defaults, choices } = props;
  const location = useLocation();
  const validator = useMemo(
    () => lazyValidator(() => import("./tradeInSchemas").then((s) => s.stepValidator(step, choices))),
    [step, choices],
  );
  const site = useRouteLoaderData<{ site: PublicSite }>("root")?.site;
  const siteSlug = site?.slug;
  const formRef = useRef<HTMLFormElement>(null);
  // The captcha widget loads once the shopper starts on step 1, not with the page.
  const [started, setStarted] = useState(false);
  const refusedQuestion = captchaQuestionIn(useActionData(), TRADE_IN_FORM_IDS.rego);
  const captchaShown = step === "rego" && (site?.features.captcha ?? false);
  usePrefilledContactFields(formRef, step === "adjustments" ? siteSlug : undefined);

  return (
    // Without script the answer is a new page: the anchor brings the shopper back to the form.
    <KitForm
      key={step}
      id={TRADE_IN_FORM_IDS[step]}
      validator={validator}
      defaultValues={defaults}
      method="post"
      action={`${location.pathname}${location.search}#trade-in-form`}
      aria-label={SUBMIT_LABEL[step]}
      onFocus={() => {
        validator.preload();
        setStarted(true);
      }}
      formRef={formRef}
      onSubmit={(data: Record<string, unknown>) => {
        if (step === "adjustments" && siteSlug) keepDetails(siteSlug, detailsFromLeadForm(new Map(Object.entries(data))));
      }}
    >
      <HiddenField name="intent" value={step} />
      {valuationId ? <HiddenField name={VALUATION_FIELD} value={valuationId} /> : null}
      <Honeypot />
      <FormMessage />
      {step === "rego" ? <RegoFields from={props.from} linked={props.linked} siteSlug={siteSlug} /> : null}
      {step === "vehicle" && props.lists ? <VehicleFields lists={props.lists} defaultMake={defaults.make ?? ""} /> : null}
      {step === "adjustments" ? <AdjustmentFields choices={choices} optInShown={props.optInShown} /> : null}
      {captchaShown ? <CaptchaField upfront={props.captchaQuestion} refused={refusedQuestion} started={started} /> : null}
      <SendButton label={SUBMIT_LABEL[step]} />
      {step === "adjustments" ? (
        <p className={styles.small}>
          By sending this you agree to our <a href="/privacy-policy">privacy policy</a>. Fields marked * are required.
        </p>
      ) : null}
    </KitForm>
  );
}

/**
 * Step 1 carries this visit's pages and the link's query into the start lead (lead_attributes): the page
 * before this one as the server saw it, and with script the visit the forms kit keeps (visitStore).
 */
function RegoFields({ from, linked, siteSlug }: { from: string; linked: string; siteSlug: string | undefined }) {
  const [visit, setVisit] = useState<Visit | null>(null);
  useEffect(() => {
    if (siteSlug) setVisit(recordFormPage(siteSlug));
  }, [siteSlug]);
  const pages = visit?.pages.length ? visit.pages : from ? [from] : [];
  const query = visit?.linked || linked;
  return (
    <div className={styles.grid}>
      {pages.map((page) => (
        <HiddenField key={page} name={VISITED_PAGE_FIELD} value={page} />
      ))}
      {query ? <HiddenField name={LINKED_QUERY_FIELD} value={query} /> : null}
      <TextField
        name="rego"
        label="Rego"
        required
        hint="As on your number plate, e.g. ABC123"
        inputProps={{ maxLength: 10, autoComplete: "off", autoCapitalize: "characters", spellCheck: false }}
      />
      <SelectField name="state" label="State" required options={STATES} />
    </div>
  );
}

function VehicleFields({ lists, defaultMake }: { lists: NonNullable<TradeInStepFormProps["lists"]>; defaultMake: string }) {
  // With script the model suggestions follow the chosen make; without, every suggestion is offered.
  const [make, setMake] = useState(defaultMake);
  const models = useMemo(() => {
    const wanted = make.trim().toLowerCase();
    const own = wanted ? lists.models.filter((m) => m.make.toLowerCase() === wanted) : [];
    return own.length ? own : lists.models;
  }, [lists.models, make]);
  const makes = [{ value: "", label: "Choose a make" }, ...lists.makes.map((m) => ({ value: m, label: m }))];
  // A make the lookup spelt its own way stays choosable.
  if (defaultMake && !lists.makes.includes(defaultMake)) makes.splice(1, 0, { value: defaultMake, label: defaultMake });
  const years = [{ value: "", label: "Choose a year" }, ...lists.years.map((y) => ({ value: String(y), label: String(y) }))];
  return (
    <div className={styles.grid}>
      <SelectField name="year" label="Year" required options={years} />
      <SelectField name="make" label="Make" required options={makes} selectProps={{ onChange: (e) => setMake(e.currentTarget.value) }} />
      <TextField name="model" label="Model" required inputProps={{ maxLength: 60, list: "trade-in-models", autoComplete: "off" }} />
      <datalist id="trade-in-models">
        {models.map((m) => (
          <option key={`${m.make}|${m.model}`} value={m.model} label={m.make} />
        ))}
      </datalist>
      <TextField name="badge" label="Badge" hint="Optional: the model's grade, e.g. Ascent Sport" inputProps={{ maxLength: 60 }} />
      <TextField
        name="km"
        label="Kilometres"
        required
        suffix={KM_SUFFIX}
        hint="As on the odometer"
        className={styles.wide}
        inputProps={{ inputMode: "numeric", maxLength: 9, autoComplete: "off" }}
      />
    </div>
  );
}

function AdjustmentFields({ choices, optInShown }: { choices: AdjustmentChoices; optInShown: boolean }) {
  return (
    <>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Its condition</legend>
        <div className={styles.grid}>
          <TextField
            name="km"
            label="Kilometres"
            required
            suffix={KM_SUFFIX}
            hint="As on the odometer today"
            className={styles.wide}
            inputProps={{ inputMode: "numeric", maxLength: 9, autoComplete: "off" }}
          />
          {(Object.keys(ADJUSTMENT_PROMPTS) as (keyof AdjustmentChoices)[]).map((question) => (
            <ChoiceField key={question} name={question} legend={ADJUSTMENT_PROMPTS[question]} options={choices[question]} />
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Your details</legend>
        <div className={styles.grid}>
          <TextField name="first_name" label="First Name" required inputProps={{ autoComplete: "given-name", maxLength: 60 }} />
          <TextField name="last_name" label="Last Name" inputProps={{ autoComplete: "family-name", maxLength: 60 }} />
          <TextField name="email" label="Email Address" type="email" required inputProps={{ autoComplete: "email", maxLength: 120 }} />
          <TextField
            name="phone"
            label="Mobile Number"
            type="tel"
            required
            hint="We'll call to book your inspection"
            inputProps={{ autoComplete: "tel", maxLength: 20, inputMode: "tel" }}
          />
          {optInShown ? <CheckboxField name="opt_in" label="Keep me up to date with news and offers" className={styles.wide} /> : null}
        </div>
      </fieldset>
    </>
  );
}

/** One question answered by choosing one of its answers (radio buttons), with its message. */
function ChoiceField({ name, legend, options }: { name: string; legend: string; options: readonly { value: string; label: string }[] }) {
  const { error, getInputProps } = useFormField(name);
  const errorId = `${name}-choice-error`;
  return (
    <fieldset className={`${styles.choice} ${options.length > 3 ? styles.wide : ""}`} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.choiceLegend}>
        {legend}
        <span aria-hidden="true"> *</span>
      </legend>
      <div className={styles.choiceOptions}>
        {options.map((option) => (
          <label key={option.value} className={styles.choiceOption}>
            <input {...getInputProps<ComponentProps<"input">>({ type: "radio", value: option.value })} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function SendButton({ label }: { label: string }) {
  const sending = useIsSubmitting();
  return (
    <p className={styles.actions}>
      <button type="submit" className={button.accent} disabled={sending}>
        {sending ? "Please wait..." : label}
      </button>
    </p>
  );
}
