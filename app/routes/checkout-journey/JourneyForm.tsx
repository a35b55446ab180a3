/**
 * The checkout journey's step (route.tsx): the step list, the step's fields and its captcha, posted as a
 * plain form (without JavaScript it posts and comes back as HTML). A lazy part of the page: its code
 * loads after the page, while the server renders it whole.
 */
import { Form, useNavigation, type useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import type { ReactNode } from "react";
import { PlainCaptchaField } from "~/components/forms/PlainCaptchaField";
import { formatMoney } from "~/domain/money";
import { NO_DELIVERY_ESTIMATE } from "~/domain/deliveryEstimate";
import { button, field, fieldError, label } from "~/styles/ui.css";
import { deliveryPriceText, STEP_TITLES, type JourneyStep, type OrderAnswers } from "./journeyNames";
import { formatPhone } from "~/domain/phone";
import * as styles from "./journey.css";
import type { loader } from "./route";

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** A step the server did not accept: its messages, what the shopper sent and a new captcha question. */
export type Refusal = {
  step: JourneyStep;
  errors: Record<string, string>;
  values: Record<string, string>;
  captcha: { question: string; token: string } | null;
};

export function JourneyForm({ data, refusal }: { data: Data; refusal: Refusal | undefined }) {
  const { step } = data;
  const errors = refusal?.step === step ? refusal.errors : {};
  const values = refusal?.step === step ? refusal.values : {};
  return (
    <>
      <StepList data={data} />
      {errors.form ? (
        <p role="alert" className={fieldError}>
          {errors.form}
        </p>
      ) : null}
      <Form method="post" action={data.action} className={styles.form} data-testid={`step-${step}`} noValidate>
        <input type="hidden" name="intent" value={step === "review" ? "submit" : step} />
        <StepFields data={data} values={values} errors={errors} />
        {step === "review" && data.captcha ? (
          // The review is there to be sent: its widget starts with the page, the question without JavaScript.
          <PlainCaptchaField
            upfront={data.captchaQuestion}
            refused={refusal?.step === "review" ? refusal.captcha : null}
            error={errors.captcha_answer}
            started
          />
        ) : null}
        <Submit label={step === "review" ? "Submit Order Request" : "Continue"} />
      </Form>
    </>
  );
}

function Submit({ label: text }: { label: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <p className={styles.actions}>
      <button type="submit" className={button.accent} disabled={busy}>
        {busy ? "Sending..." : text}
      </button>
    </p>
  );
}

function stepHref(data: Data, step: JourneyStep) {
  const params = new URLSearchParams({ car_id: data.car.slug, step });
  if (data.orderId) params.set("order", data.orderId);
  return `/checkout-journey?${params}`;
}

function StepList({ data }: { data: Data }) {
  return (
    <ol className={styles.steps} aria-label="Steps">
      {data.steps.map((s, i) => {
        const current = s.step === data.step;
        return (
          <li
            key={s.step}
            className={`${styles.stepItem}${current ? ` ${styles.stepCurrent}` : ""}`}
            aria-current={current ? "step" : undefined}
          >
            <span className={styles.stepNumber}>{i + 1}</span>
            {s.open && !current && data.orderId ? (
              <Link to={stepHref(data, s.step)}>{STEP_TITLES[s.step]}</Link>
            ) : (
              <span>{STEP_TITLES[s.step]}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

type StepProps = { data: Data; values: Record<string, string>; errors: Record<string, string> };

/** Each step's fields, by step. */
const STEP_FIELDS: Record<JourneyStep, (props: StepProps) => ReactNode> = {
  details: DetailsStep,
  "trade-in": TradeInStep,
  payment: PaymentStep,
  delivery: DeliveryStep,
  review: ReviewStep,
};

function StepFields(props: StepProps) {
  const Fields = STEP_FIELDS[props.data.step];
  return <Fields {...props} />;
}

function Text(props: {
  name: string;
  label: string;
  value: string;
  error?: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  maxLength?: number;
  inputMode?: "numeric" | "tel" | "email" | "text";
  required?: boolean;
}) {
  const id = `journey-${props.name}`;
  return (
    <div>
      <label htmlFor={id} className={label}>
        {props.label}
        {props.required ? " *" : ""}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        className={field}
        defaultValue={props.value}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        inputMode={props.inputMode}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined}
      />
      {props.error ? (
        <p id={`${id}-error`} className={fieldError}>
          {props.error}
        </p>
      ) : props.hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

function Choice(props: { name: string; value: string; checked: boolean; title: string; text?: ReactNode }) {
  return (
    <label className={styles.choice}>
      <input type="radio" name={props.name} value={props.value} defaultChecked={props.checked} />
      <span>
        <span className={styles.choiceTitle}>{props.title}</span>
        {props.text ? <span className={styles.choiceText}>{props.text}</span> : null}
      </span>
    </label>
  );
}

function Choices({ legend, name, error, children }: { legend: string; name: string; error?: string; children: ReactNode }) {
  return (
    <fieldset className={styles.choices} aria-describedby={error ? `journey-${name}-error` : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
      {error ? (
        <p id={`journey-${name}-error`} className={fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type DetailsName = keyof NonNullable<OrderAnswers["details"]>;

/** The details step's fields in order, every one required. */
const DETAILS_FIELDS: {
  name: DetailsName;
  label: string;
  type?: string;
  autoComplete: string;
  maxLength: number;
  inputMode?: "numeric" | "tel";
}[] = [
  { name: "first_name", label: "First Name", autoComplete: "given-name", maxLength: 60 },
  { name: "last_name", label: "Last Name", autoComplete: "family-name", maxLength: 60 },
  { name: "email", label: "Email Address", type: "email", autoComplete: "email", maxLength: 120 },
  { name: "phone", label: "Mobile Number", type: "tel", autoComplete: "tel", maxLength: 20, inputMode: "tel" },
  { name: "postcode", label: "Postcode", autoComplete: "postal-code", maxLength: 4, inputMode: "numeric" },
];

function DetailsStep({ data, values, errors }: StepProps) {
  const { prefill } = data;
  const d = data.answers.details;
  const v = (name: DetailsName) => values[name] ?? d?.[name] ?? prefill?.[name] ?? "";
  return (
    <div className={styles.grid}>
      {DETAILS_FIELDS.map((f) => (
        <Text key={f.name} {...f} value={v(f.name)} error={errors[f.name]} required />
      ))}
    </div>
  );
}

function TradeInStep({ data, values, errors }: StepProps) {
  const t = data.answers.tradeIn;
  const has = values.has_trade_in ?? (t ? t.has : data.valuationGiven ? "yes" : "");
  const saved = t?.has === "yes" ? t : null;
  return (
    <>
      <Choices legend="Do you have a car to trade in?" name="has_trade_in" error={errors.has_trade_in}>
        <Choice name="has_trade_in" value="no" checked={has === "no"} title="No trade-in" />
        <Choice
          name="has_trade_in"
          value="yes"
          checked={has === "yes"}
          title="Yes, I have a car to trade in"
          text="Its value comes off the price of this car."
        />
      </Choices>
      <p className={styles.notice}>
        No valuation yet? <a href={data.tradeInHref}>Get an online trade-in valuation</a>, then come back here with its reference. Or just
        tell us about your car below and we'll value it.
      </p>
      <div className={styles.grid}>
        <Text
          name="valuation"
          label="Valuation reference (optional)"
          value={values.valuation ?? saved?.valuation?.id ?? data.valuationGiven ?? ""}
          error={errors.valuation}
          maxLength={64}
          hint="From your trade-in valuation's page."
        />
        <Text
          name="trade_rego"
          label="Rego (optional)"
          value={values.trade_rego ?? saved?.rego ?? ""}
          error={errors.trade_rego}
          maxLength={10}
        />
      </div>
      <Text
        name="trade_car"
        label="Your car"
        value={values.trade_car ?? saved?.car ?? ""}
        error={errors.trade_car}
        maxLength={200}
        hint="Year, make, model and kilometres, e.g. 2016 Toyota Corolla Ascent, 98,000 km"
      />
      {saved?.valuation ? (
        <p className={styles.notice} data-testid="valuation-found">
          Valuation {saved.valuation.id}: {saved.valuation.vehicle}
          {saved.valuation.offerPrice != null
            ? `, online offer ${formatMoney(saved.valuation.offerPrice)}`
            : ", our team will call you with a figure"}
          .
        </p>
      ) : null}
    </>
  );
}

function PaymentStep({ data, values, errors }: StepProps) {
  const method = values.payment_method ?? data.answers.payment?.method ?? "";
  return (
    <>
      <Choices legend="How would you like to pay?" name="payment_method" error={errors.payment_method}>
        <Choice
          name="payment_method"
          value="cash"
          checked={method === "cash"}
          title="Cash or my own funds"
          text="Bank transfer or bank cheque when you collect."
        />
        <Choice
          name="payment_method"
          value="finance"
          checked={method === "finance"}
          title="Finance"
          text="Get a personalised quote in minutes, with no impact on your credit score."
        />
      </Choices>
      {data.financeHref ? (
        <p className={styles.notice}>
          Choosing finance? <a href={data.financeHref}>Start the finance journey</a> for this car; your order here is kept for when you come
          back.
        </p>
      ) : null}
    </>
  );
}

function DeliveryStep({ data, values, errors }: StepProps) {
  const d = data.answers.delivery;
  const method = values.delivery_method ?? d?.method ?? "";
  return (
    <>
      <Choices legend="Delivery or pick-up?" name="delivery_method" error={errors.delivery_method}>
        <Choice
          name="delivery_method"
          value="pickup"
          checked={method === "pickup"}
          title="Pick up from the dealership"
          text={data.pickupName}
        />
        <Choice
          name="delivery_method"
          value="delivery"
          checked={method === "delivery"}
          title="Deliver it to me"
          text="We'll estimate the cost from your postcode."
        />
      </Choices>
      <Text
        name="delivery_postcode"
        label="Delivery postcode"
        value={values.delivery_postcode ?? (d?.method === "delivery" ? d.postcode : (data.answers.details?.postcode ?? ""))}
        error={errors.delivery_postcode}
        maxLength={4}
        inputMode="numeric"
        hint="Only needed for delivery."
      />
    </>
  );
}

/** What the review says of each answered step, in the journey's order: its name and the shopper's answer. */
const STEP_SUMMARIES: { step: Exclude<JourneyStep, "review">; term: string; value: (a: OrderAnswers, data: Data) => ReactNode | null }[] = [
  {
    step: "details",
    term: "Your details",
    value: ({ details: d }) => (d ? `${d.first_name} ${d.last_name}, ${d.email}, ${formatPhone(d.phone)}, ${d.postcode}` : null),
  },
  {
    step: "trade-in",
    term: "Trade-in",
    value: ({ tradeIn: t }) => {
      if (!t) return null;
      if (t.has === "no") return "No trade-in";
      const valuation = t.valuation
        ? `${t.valuation.vehicle} (valuation ${t.valuation.id}${t.valuation.offerPrice != null ? `, ${formatMoney(t.valuation.offerPrice)}` : ""})`
        : "";
      return [valuation, t.car, t.rego ? `rego ${t.rego}` : ""].filter(Boolean).join(", ");
    },
  },
  {
    step: "payment",
    term: "Payment",
    value: ({ payment }) => (payment ? (payment.method === "cash" ? "Cash or my own funds" : "Finance") : null),
  },
  {
    step: "delivery",
    term: "Delivery or pick-up",
    value: ({ delivery: d }, data) => {
      if (!d) return null;
      if (d.method === "pickup") return `Pick up from ${data.pickupName}`;
      return d.estimate ? (
        <>
          Deliver to {d.postcode} ({d.estimate.name}): <span className={styles.estimate}>{deliveryPriceText(d.estimate.price)}</span>{" "}
          estimated
        </>
      ) : (
        <>
          Deliver to {d.postcode}. {NO_DELIVERY_ESTIMATE}
        </>
      );
    },
  },
];

function ReviewStep({ data }: StepProps) {
  const rows = STEP_SUMMARIES.map((summary) => ({ ...summary, value: summary.value(data.answers, data) })).filter((r) => r.value !== null);
  return (
    <>
      <dl className={styles.review} data-testid="order-review">
        {rows.map((r) => (
          <div key={r.step} className={styles.reviewRow}>
            <dt className={styles.reviewTerm}>{r.term}</dt>
            <dd className={styles.reviewValue}>{r.value}</dd>
            <dd className={styles.reviewEdit}>
              <Link to={stepHref(data, r.step)} aria-label={`Change ${r.term}`}>
                Change
              </Link>
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.hint}>
        Price shown: <strong>{data.car.priceText}</strong>. Sending this is a request to buy: nothing is charged, and we confirm every
        detail with you before you commit.
      </p>
    </>
  );
}
