/**
 * The finance journey itself (spec 001 sections 2 and 4): the title, the four-step header, then the
 * form split in two at the name field.
 *
 * Step 1 (Quick Estimate): price (raw digits while focused, clamped and formatted on blur), quick picks,
 * term slider, credit history, the helper's name in staff-assisted mode, and the quote box. Step 2 (Your
 * Details): name, last name, e-mail, mobile with 'Send Code' (then 'Resend Code', the mobile locked,
 * 'Code sent!'), the code, the postcode where the dealer asks, the opt-in; 'Get A Personalised Quote'
 * runs the final step (journey.ts finishJourney) and the browser goes on to the broker's address.
 *
 * The server renders plain forms, so every step works without JavaScript: step 1 is a GET form to
 * /personalised/finance (the quote worked out by the server), step 2 a POST to the same route whose
 * action sends the code and finishes. With JavaScript the same forms stay on the page: the quote box
 * asks POST /api/youx/quote 500 ms after a change, and the steps call the route's action and the
 * broker's API directly.
 */
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "~/components/useHydrated";
import {
  QUOTE_DEBOUNCE_MS,
  QUOTE_FAILED,
  SMS_TIMEOUT_MS,
  MOBILE_PLACEHOLDER,
  UNKNOWN_ERROR,
  LEAD_SUBMISSION_FAILED,
} from "~/domain/finance/financeForm";
import { formatMoney } from "~/domain/money";
import { CheckboxField, Honeypot, TextField } from "~/components/forms/Field";
import { PlainFieldState } from "~/components/forms/PlainFieldState";
import { button, label as labelStyle } from "~/styles/ui.css";
import * as styles from "./financeJourney.css";
import {
  customerAdditionalData,
  customerData,
  detailErrors,
  finishJourney,
  hasErrors,
  isVerifiedPhone,
  isWebAddress,
  journeyQuery,
  leadAttributes,
  NOTHING_DONE,
  priceFieldText,
  quoteFromBody,
  quoteKey,
  quoteQuestion,
  requestCode,
  settledPrice,
  typedPriceText,
  type FinishProgress,
  type JourneyCalls,
  type QuoteQuestion,
} from "./journey";
import {
  BACK_LABEL,
  CODE_SENT_HINT,
  CREDIT_OPTIONS,
  EMPTY_DETAILS,
  HELPER_LABEL,
  JOURNEY_PATH,
  JOURNEY_API_PATH,
  JOURNEY_TABS,
  JOURNEY_TITLE,
  RESEND_CODE_LABEL,
  SEND_CODE_LABEL,
  SUBMIT_LABEL,
  VERIFIED_HINT,
  type DetailErrors,
  type DetailValues,
  type JourneyAnswer,
  type JourneyData,
  type JourneyIntent,
  type JourneyStep,
  type LoginStatus,
  type QuoteFigures,
  type QuoteValues,
} from "./journeyCopy";
import { Photo } from "~/components/photo/Photo";
import { reportLead } from "~/utils/dealerTags";

export interface FinanceJourneyProps {
  data: JourneyData;
  mode: "page" | "popup";
  /** The route action's answer to the last post (the page without JavaScript). */
  answer?: JourneyAnswer | null;
  /** The pages the shopper came through, as the server saw them (the Referer); the browser adds its own. */
  visitedPages?: string[];
  /** The popup's close button. */
  onClose?: () => void;
}

export function FinanceJourneyImpl({ data, mode, answer, visitedPages = [], onClose }: FinanceJourneyProps) {
  const { car, vehicle, options } = data;
  const hydrated = useHydrated();
  const ids = useId();
  const answered = answer && "details" in answer ? answer : null;
  const refusal = answer?.status === "refused" ? answer : null;

  const [step, setStep] = useState<JourneyStep>(answered ? 2 : data.start.step);
  const [values, setValues] = useState<QuoteValues>({
    price: data.start.price,
    loanTerm: data.start.loanTerm,
    credit: data.start.credit,
    whoIsHelping: data.start.whoIsHelping,
  });
  const [priceFocused, setPriceFocused] = useState(false);
  const [priceTyped, setPriceTyped] = useState(String(data.start.price));
  const [details, setDetails] = useState<DetailValues>({ ...EMPTY_DETAILS, ...data.known, ...answered?.details, code: "" });
  const [status, setStatus] = useState<LoginStatus>(
    answer?.status === "verificationSent" || (refusal?.codeSent && !refusal.verified) ? "verificationSent" : "default",
  );
  const [verifiedNow, setVerifiedNow] = useState(Boolean(refusal?.verified));
  const [errors, setErrors] = useState<DetailErrors>(refusal?.errors ?? {});
  const [busy, setBusy] = useState<null | "send" | "submit">(null);
  const progress = useRef<FinishProgress>(NOTHING_DONE);
  const firstDetail = useRef<HTMLInputElement>(null);
  const stepMoved = useRef(false);

  const question = useMemo(() => quoteQuestion(values, vehicle), [values, vehicle]);
  const quote = useQuote(question, data.quote, hydrated);
  const verified = verifiedNow || isVerifiedPhone(details.phone, data.verifiedPhone);
  const codeSent = status !== "default";

  // Moving between the steps puts the shopper at the start of the new one.
  useEffect(() => {
    if (!stepMoved.current) return;
    if (step === 2) firstDetail.current?.focus();
  }, [step]);

  const setDetail = (name: keyof DetailValues, value: string | boolean) => {
    setDetails((d) => ({ ...d, [name]: value }));
    if (errors[name as keyof DetailErrors]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const onSubscribeChange = (e: ChangeEvent<HTMLInputElement>) => setDetail("subscribe", e.target.checked);

  const step1Query = journeyQuery(values, car, vehicle);
  const linkedQuery = useMemo(() => {
    const merged = new URLSearchParams(data.linkedQuery);
    if (hydrated && mode === "popup")
      for (const [k, v] of new URLSearchParams(window.location.search)) if (!merged.has(k)) merged.set(k, v);
    return merged.toString();
  }, [data.linkedQuery, hydrated, mode]);
  const pages = useMemo(() => (hydrated ? browserVisitedPages(visitedPages) : visitedPages), [hydrated, visitedPages]);

  const calls = useMemo(
    () => browserCalls({ query: step1Query, linkedQuery, pages, details, values, data }),
    [step1Query, linkedQuery, pages, details, values, data],
  );

  // --- Step 1 ---------------------------------------------------------------------------------------------
  const settlePrice = (text: string | number) => {
    const price = settledPrice(text, options.bounds);
    setValues((v) => ({ ...v, price }));
    setPriceTyped(String(price));
    return price;
  };

  const onStep1Submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (priceFocused) settlePrice(priceTyped);
    if (submitter?.name === "step") {
      stepMoved.current = true;
      setStep(2);
    }
  };

  // --- Step 2 ---------------------------------------------------------------------------------------------
  const sendCode = async () => {
    setBusy("send");
    setErrors({});
    const refused = await requestCode(details, calls);
    setBusy(null);
    if (refused) {
      setErrors(refused);
      return false;
    }
    setStatus("verificationSent");
    return true;
  };

  const finish = async () => {
    const checks = detailErrors(details, options, codeSent && !verified);
    if (hasErrors(checks)) {
      setErrors(checks);
      return;
    }
    // Before any code was sent, the final button sends one; the shopper types it and sends again.
    if (!codeSent && !verified) {
      await sendCode();
      return;
    }
    setBusy("submit");
    setErrors({});
    setStatus(verified ? status : "verificationSubmitted");
    try {
      // The route checks the details (the postcode against the bundled list) and the code, or that the
      // mobile is the signed-in shopper's, before anything is created.
      const outcome = await finishJourney(calls, details, progress.current, true);
      progress.current = outcome.progress;
      if (outcome.progress.verified) setVerifiedNow(true);
      if ("redirectUrl" in outcome) {
        if (isWebAddress(outcome.redirectUrl)) {
          window.location.assign(outcome.redirectUrl);
          return;
        }
        setErrors({ form: UNKNOWN_ERROR });
      } else {
        setErrors(outcome.errors);
      }
    } catch (error) {
      console.error(error);
      setErrors({ form: UNKNOWN_ERROR });
    }
    setBusy(null);
    setStatus((s) => (s === "verificationSubmitted" ? "verificationSent" : s));
  };

  const onStep2Submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = (submitter?.value as JourneyIntent | undefined) ?? "submit";
    if (intent === "send") {
      const bad = detailErrors({ ...details }, { postcode: false }, false).phone;
      if (bad) return setErrors({ phone: bad });
      void sendCode();
    } else void finish();
  };

  const back = (event: React.MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    stepMoved.current = true;
    setErrors({});
    setStep(1);
  };

  const currentTab = step - 1;
  const heading =
    mode === "page" ? (
      <h1 className={styles.title} id={`${ids}-title`}>
        {JOURNEY_TITLE}
      </h1>
    ) : (
      <h2 className={`${styles.title} ${styles.withClose}`} id="finance-journey-title">
        {JOURNEY_TITLE}
      </h2>
    );

  return (
    <div className={styles.journey} data-step={step} data-status={status} data-interactive={hydrated ? "" : undefined}>
      {heading}
      <ol className={styles.tabs} aria-label="Finance steps">
        {JOURNEY_TABS.map((tab, i) => (
          <li
            key={tab}
            className={styles.tab}
            aria-current={i === currentTab ? "step" : undefined}
            data-state={i < currentTab ? "done" : i === currentTab ? "current" : "next"}
          >
            {tab}
          </li>
        ))}
      </ol>
      {car ? (
        <div className={styles.car} data-testid="journey-car">
          {car.image ? (
            <Photo source={car.image} layout="thumb" sizes="88px" alt="" width={88} height={66} className={styles.carImage} />
          ) : (
            <span />
          )}
          <div>
            <p className={styles.carTitle}>{car.title}</p>
            <p className={styles.carPrice}>{car.priceText}</p>
          </div>
        </div>
      ) : null}

      {step === 1 ? (
        <form method="get" action={JOURNEY_PATH} className={styles.form} onSubmit={onStep1Submit} noValidate aria-label="Quick Estimate">
          {/* Enter in a field recalculates (the first submit button is the form's default). */}
          <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
            Update Quote
          </button>
          <input type="hidden" name="step" value="1" />
          {/* Each step is a new address without JavaScript: where the shopper came from and the link's query go along. */}
          {hydrated || !visitedPages[0] ? null : <input type="hidden" name="from" value={visitedPages[0]} />}
          {hydrated ? null : <input type="hidden" name="linked" value={new URLSearchParams(data.linkedQuery).toString()} />}
          {car ? (
            <input type="hidden" name="car_id" value={car.id} />
          ) : (
            <>
              {vehicle.vin ? <input type="hidden" name="vin" value={vehicle.vin} /> : null}
              {vehicle.nvic ? <input type="hidden" name="nvic" value={vehicle.nvic} /> : null}
              {vehicle.year !== null ? <input type="hidden" name="year" value={String(vehicle.year)} /> : null}
            </>
          )}
          <TextInput
            name="price"
            label="Purchase Price"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            value={priceFocused ? typedPriceText(priceTyped) : priceFieldText(values.price, false)}
            onFocus={() => {
              setPriceFocused(true);
              setPriceTyped(priceFieldText(values.price, true));
            }}
            onChange={(v) => setPriceTyped(typedPriceText(v))}
            onBlur={() => {
              setPriceFocused(false);
              settlePrice(priceTyped);
            }}
            hint={`Between ${formatMoney(options.bounds.min)} and ${formatMoney(options.bounds.max)}`}
          />
          {options.quickPicks.length ? (
            <div className={styles.picks} role="group" aria-label="Quick picks">
              {options.quickPicks.map((amount) => (
                <button
                  key={amount}
                  type="submit"
                  name="pick"
                  value={String(amount)}
                  className={styles.pick}
                  aria-pressed={values.price === amount}
                  onClick={(e) => {
                    if (!hydrated) return;
                    e.preventDefault();
                    settlePrice(amount);
                  }}
                >
                  {formatMoney(amount)}
                </button>
              ))}
            </div>
          ) : null}
          <div>
            <label className={labelStyle} htmlFor={`${ids}-term`}>
              Loan Term: <span className={styles.sliderValue}>{`${values.loanTerm} year${values.loanTerm === 1 ? "" : "s"}`}</span>
            </label>
            <input
              id={`${ids}-term`}
              name="loanTerm"
              type="range"
              min={1}
              max={7}
              step={1}
              className={styles.slider}
              value={values.loanTerm}
              onChange={(e) => setValues((v) => ({ ...v, loanTerm: Number(e.target.value) }))}
              aria-valuetext={`${values.loanTerm} years`}
            />
            <div className={styles.sliderScale} aria-hidden="true">
              {[1, 2, 3, 4, 5, 6, 7].map((y) => (
                <span key={y}>{y}</span>
              ))}
            </div>
          </div>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>Credit History</legend>
            <div className={styles.segments}>
              {CREDIT_OPTIONS.map((o) => (
                <label key={o.value} className={styles.segment}>
                  <input
                    type="radio"
                    name="selfAssessedCreditScore"
                    value={o.value}
                    className={styles.segmentInput}
                    checked={values.credit === o.value}
                    onChange={() => setValues((v) => ({ ...v, credit: o.value }))}
                  />
                  {o.label}
                </label>
              ))}
            </div>
          </fieldset>
          {options.staffAssisted ? (
            <TextInput
              name="whoIsHelping"
              label={HELPER_LABEL}
              maxLength={80}
              autoComplete="off"
              value={values.whoIsHelping}
              onChange={(text) => setValues((v) => ({ ...v, whoIsHelping: text }))}
            />
          ) : null}
          <QuoteBox quote={quote.figures} loading={quote.loading} />
          <div className={styles.actions}>
            {hydrated ? null : (
              <button type="submit" className={button.ghost}>
                Update Quote
              </button>
            )}
            <button type="submit" name="step" value="2" className={`${button.accent} ${styles.grow}`}>
              {SUBMIT_LABEL}
            </button>
          </div>
        </form>
      ) : (
        <form
          method="post"
          action={`${JOURNEY_PATH}?${carriedQuery(journeyQuery(values, car, vehicle, 2), visitedPages[0], data.linkedQuery)}`}
          className={styles.form}
          onSubmit={onStep2Submit}
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
            We send a code to your mobile to check it's yours. Getting a quote has no impact on your credit score. By continuing you agree
            to our <a href="/privacy-policy">privacy policy</a>.
          </p>
        </form>
      )}
      {mode === "popup" && onClose ? (
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          ×
        </button>
      ) : null}
    </div>
  );
}

function QuoteBox({ quote, loading }: { quote: QuoteFigures | null; loading: boolean }) {
  return (
    <div className={styles.quoteBox} aria-live="polite" aria-busy={loading} data-testid="quote-box">
      <p className={styles.quoteLabel}>Your quick estimate</p>
      {loading ? (
        <p className={styles.quoteRates}>Calculating your estimate...</p>
      ) : quote ? (
        <>
          <p className={styles.quoteAmount} data-testid="quote-weekly">
            {formatMoney(quote.weeklyRepaymentAmount)}
            <span style={{ fontSize: "16px", fontWeight: 600 }}> per week</span>
          </p>
          <p className={styles.quoteRates}>
            Rate {quote.advertisedRate.toFixed(2)}% p.a. · Comparison rate {quote.comparisonRate.toFixed(2)}% p.a.
          </p>
          <p className={styles.quoteNote}>An estimate only, not an offer of finance.</p>
        </>
      ) : (
        <p className={styles.quoteRates}>We can't show an estimate right now. You can still get a personalised quote.</p>
      )}
    </div>
  );
}

/** One of the journey's text fields: the forms kit's TextField, its value held by the journey. */
function TextInput(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  type?: "text" | "email" | "tel";
  required?: boolean;
  error?: string;
  hint?: string;
  wide?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  maxLength?: number;
  /** Names a message shown elsewhere (the code's alert) while the field has none of its own. */
  describedBy?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}): ReactNode {
  const { error, hint, describedBy } = props;
  return (
    <PlainFieldState>
      <TextField
        name={props.name}
        label={props.label}
        type={props.type}
        required={props.required}
        error={error}
        hint={hint}
        className={props.wide ? styles.wide : undefined}
        inputProps={{
          // The field's own ref (the kit's inputProps carry no ref type; React takes it from the props).
          ...({ ref: props.inputRef } as object),
          value: props.value,
          onChange: (e) => props.onChange(e.target.value),
          onFocus: props.onFocus,
          onBlur: props.onBlur,
          readOnly: props.readOnly,
          "aria-readonly": props.readOnly || undefined,
          placeholder: props.placeholder,
          autoComplete: props.autoComplete,
          inputMode: props.inputMode,
          maxLength: props.maxLength,
          ...(describedBy && !error && !hint ? { "aria-describedby": describedBy } : {}),
        }}
      />
    </PlainFieldState>
  );
}

/** Without JavaScript each post is a new address: the page before the journey and the link's query go along. */
function carriedQuery(query: URLSearchParams, from: string | undefined, linked: Record<string, string>): string {
  const carried = new URLSearchParams(query);
  if (from) carried.set("from", from);
  carried.set("linked", new URLSearchParams(linked).toString());
  return carried.toString();
}

// --- The quote box's calls ---------------------------------------------------------------------------------

/** The quote for the current inputs: asked again 500 ms after a change, loading meanwhile, cleared on failure. */
function useQuote(question: QuoteQuestion, initial: QuoteFigures | null, live: boolean) {
  const key = quoteKey(question);
  const [state, setState] = useState<{ figures: QuoteFigures | null; loading: boolean }>({ figures: initial, loading: false });
  const answered = useRef(key);
  const latest = useRef(question);
  latest.current = question;

  useEffect(() => {
    if (!live || key === answered.current) return;
    setState((s) => ({ ...s, loading: true }));
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch("/api/youx/quote", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(latest.current),
          signal: controller.signal,
        });
        const body: unknown = await response.json().catch(() => null);
        const figures = response.ok ? quoteFromBody(body) : null;
        if (!figures) throw new Error((body as { error?: string } | null)?.error ?? `status ${response.status}`);
        answered.current = key;
        setState({ figures, loading: false });
      } catch (error) {
        if (controller.signal.aborted) return;
        answered.current = key;
        console.error(QUOTE_FAILED, error);
        setState({ figures: null, loading: false });
      }
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, live]);
  return state;
}

// --- The final step's calls from the browser -----------------------------------------------------------------

/** The pages the shopper came through: the server's (Referer), the page before this one, and this one. */
function browserVisitedPages(fromServer: string[]): string[] {
  const pages = [...fromServer];
  try {
    if (document.referrer) {
      const from = new URL(document.referrer);
      if (from.origin === window.location.origin) pages.push(from.pathname + from.search);
    }
  } catch {
    // A referrer that is not an address is ignored.
  }
  pages.push(window.location.pathname + window.location.search);
  return leadAttributes(pages, {}).visited_pages;
}

function detailForm(intent: JourneyIntent, details: DetailValues, extra: { pages: string[]; linkedQuery: string }): FormData {
  const form = new FormData();
  form.set("intent", intent);
  form.set("name", details.firstName);
  form.set("last_name", details.lastName);
  form.set("email", details.email);
  form.set("phone", details.phone);
  form.set("postcode", details.postcode);
  form.set("subscribe", details.subscribe ? "on" : "");
  if (intent === "verify") form.set("code", details.code);
  for (const page of extra.pages) form.append("visited_page", page);
  if (extra.linkedQuery) form.set("linked_query", extra.linkedQuery);
  return form;
}

/** A post to the journey's action, answered as JSON (app/routes/api.finance-journey, with the journey's query). */
async function routePost(query: string, form: FormData, timeoutMs?: number): Promise<JourneyAnswer> {
  const url = `${JOURNEY_API_PATH}${query ? `?${query}` : ""}`;
  const response = await fetch(url, {
    method: "POST",
    body: form,
    headers: { Accept: "application/json" },
    signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
  });
  const body = (await response.json().catch(() => null)) as JourneyAnswer | null;
  if (!body || typeof body !== "object" || !("status" in body))
    throw new Error(`the journey's answer was not readable (${response.status})`);
  return body;
}

function browserCalls(context: {
  query: URLSearchParams;
  linkedQuery: string;
  pages: string[];
  details: DetailValues;
  values: QuoteValues;
  data: JourneyData;
}): JourneyCalls {
  const { query, linkedQuery, pages, values, data } = context;
  const extra = { pages, linkedQuery };
  return {
    async mayRequestCode(phone) {
      const response = await fetch("/api/rate-limit", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ phone }),
      });
      return response.ok;
    },
    async sendCode(details) {
      // The code request gives up after 15 s (spec 001 section 9); the shopper can send again.
      const answer = await routePost(query.toString(), detailForm("send", details, extra), SMS_TIMEOUT_MS);
      return answer.status === "verificationSent" ? null : answer.status === "refused" ? answer.errors : { code: UNKNOWN_ERROR };
    },
    async verifyCode(details) {
      const answer = await routePost(query.toString(), detailForm("verify", details, extra));
      return answer.status === "verified" ? null : answer.status === "refused" ? answer.errors : { code: UNKNOWN_ERROR };
    },
    async createCustomer() {
      const details = context.details;
      const attributes = leadAttributes(pages, Object.fromEntries(new URLSearchParams(linkedQuery)));
      const response = await fetch("/api/youx/create-customer", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          data: customerData(values, details, data.vehicle, data.options.postcode),
          additionalData: customerAdditionalData(data.car?.id ?? null, attributes, window.location.pathname),
        }),
      });
      const body = (await response.json().catch(() => null)) as { redirectUrl?: string; error?: string } | null;
      if (!response.ok) return { error: body?.error || `status ${response.status}` };
      return { redirectUrl: body?.redirectUrl ?? null };
    },
    async submitLead() {
      const answer = await routePost(query.toString(), detailForm("lead", context.details, extra));
      if (answer.status === "leadStored") {
        reportLead(answer.dealerLead);
        return { ok: true };
      }
      return { error: answer.status === "refused" ? answer.errors.form || LEAD_SUBMISSION_FAILED : LEAD_SUBMISSION_FAILED };
    },
  };
}
