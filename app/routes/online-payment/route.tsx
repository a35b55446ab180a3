/**
 * /online-payment: a shopper pays the dealer an amount against an invoice, order or stock number
 * (features.onlinePayment). A plain form post (payment.server.ts); with a payment provider the shopper
 * pays on its page and comes back to the confirmation, without one the request is recorded and the
 * page says no money was taken.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useState, type ComponentProps } from "react";
import { TextField } from "~/components/forms/Field";
import { PlainCaptchaField } from "~/components/forms/PlainCaptchaField";
import { PlainFieldState } from "~/components/forms/PlainFieldState";
import { PaymentsStrip } from "~/components/checkout/afterThePage";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { alert, button, container } from "~/styles/ui.css";
import { useReportedLead } from "~/utils/dealerTags";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { paymentAction, paymentLoader } from "./payment.server";
import { formatCents, type PaymentField } from "./paymentForm";
import * as styles from "./payment.css";

export const loader = (args: LoaderFunctionArgs) => paymentLoader(args);
export const action = (args: ActionFunctionArgs) => paymentAction(args);
export const headers: HeadersFunction = () => ({ "Cache-Control": PRIVATE_NO_STORE });
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Online Payment | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];
export const ErrorBoundary = GeneralErrorBoundary;

type InputProps = NonNullable<ComponentProps<typeof TextField>["inputProps"]>;

/** The form's fields in order: the forms kit's text fields, every one required. */
const PAYMENT_INPUTS: { name: PaymentField; label: string; type?: "email" | "tel"; hint?: string; input: InputProps }[] = [
  { name: "reference", label: "Reference", hint: "Your invoice, order or stock number", input: { maxLength: 40, autoComplete: "off" } },
  {
    name: "amount",
    label: "Amount (AUD)",
    hint: "Between $1 and $50,000",
    input: { inputMode: "decimal", maxLength: 12, autoComplete: "off" },
  },
  { name: "first_name", label: "First name", input: { autoComplete: "given-name", maxLength: 60 } },
  { name: "last_name", label: "Last name", input: { autoComplete: "family-name", maxLength: 60 } },
  { name: "email", label: "Email", type: "email", input: { autoComplete: "email", maxLength: 120 } },
  { name: "phone", label: "Mobile", type: "tel", input: { autoComplete: "tel", maxLength: 20 } },
];

function Confirmation({
  payment,
  takesMoney,
}: {
  payment: { status: string; reference: string; amountCents: number };
  takesMoney: boolean;
}) {
  const paid = payment.status === "paid";
  const recorded = payment.status === "recorded";
  return (
    <div className={styles.card} data-testid="payment-confirmation" aria-live="polite">
      <p className={styles.note}>
        {paid
          ? "Payment received"
          : recorded
            ? "Payment request received"
            : payment.status === "cancelled"
              ? "Payment not made"
              : "Payment in progress"}
      </p>
      <p className={styles.amount}>{formatCents(payment.amountCents)}</p>
      <p className={styles.reference}>Reference: {payment.reference}</p>
      <p className={styles.note} style={{ marginTop: 12 }}>
        {paid
          ? "Thank you. Your payment has been received and our team has been told. Keep this reference for your records."
          : recorded
            ? "No money has been taken online. Our team will call you to take the payment against this reference."
            : payment.status === "cancelled"
              ? "The payment was cancelled and nothing was charged. You can try again below."
              : takesMoney
                ? "We're waiting for the payment provider to confirm your payment. Refresh this page in a moment."
                : "We're still recording your request."}
      </p>
    </div>
  );
}

export default function OnlinePaymentPage() {
  const { takesMoney, showPaymentsStrip, defaults, payment, captcha, captchaQuestion, dealerLead } = useLoaderData<typeof loader>();
  useReportedLead(dealerLead);
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors: Record<string, string> = answer?.fieldErrors ?? {};
  const values: Record<string, string> = { ...defaults, ...(answer?.values ?? {}) };
  const done = payment && payment.status !== "cancelled";
  const sending = navigation.state === "submitting";
  // The captcha widget loads once the shopper starts on the form, not with the page.
  const [started, setStarted] = useState(false);
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.title}>Online Payment</h1>
      <p className={styles.intro}>
        Pay an invoice, an order or a deposit on a car. Enter the reference we gave you (invoice, order or stock number) and the amount.
      </p>
      <div className={styles.layout}>
        {done ? (
          <div>
            <Confirmation payment={payment} takesMoney={takesMoney} />
            <p style={{ marginTop: 16 }}>
              <Link to="/online-payment">Make another payment</Link>
            </p>
          </div>
        ) : (
          <div className={styles.card}>
            {payment?.status === "cancelled" ? <Confirmation payment={payment} takesMoney={takesMoney} /> : null}
            <Form method="post" replace aria-label="Online payment" id="online-payment-form" onFocus={() => setStarted(true)}>
              {answer?.formError ? (
                <p className={alert} role="alert">
                  {answer.formError}
                </p>
              ) : null}
              <PlainFieldState errors={errors} values={values}>
                <div className={styles.grid}>
                  {PAYMENT_INPUTS.map((f) => (
                    <TextField key={f.name} name={f.name} label={f.label} type={f.type} hint={f.hint} required inputProps={f.input} />
                  ))}
                </div>
              </PlainFieldState>
              {captcha ? (
                <PlainCaptchaField
                  upfront={captchaQuestion}
                  refused={answer?.captcha ?? null}
                  error={errors.captcha_answer}
                  started={started}
                />
              ) : null}
              <div className={styles.actions}>
                <button type="submit" className={button.accent} disabled={sending}>
                  {sending ? "Sending…" : takesMoney ? "Continue to secure payment" : "Send payment request"}
                </button>
                <p className={styles.note}>
                  {takesMoney
                    ? "You pay on our payment provider's secure page. Card details never reach us."
                    : "No card details are asked for online: we record your request and call you to take the payment."}
                </p>
              </div>
            </Form>
          </div>
        )}
        <aside className={styles.card}>
          <p style={{ margin: 0 }}>
            <strong>How it works</strong>
          </p>
          <ol className={styles.steps}>
            <li>Enter the reference and amount on your invoice or order.</li>
            <li>{takesMoney ? "Pay securely by card." : "Send the request; we call you to take the payment."}</li>
            <li>We confirm your payment against the reference.</li>
          </ol>
          {showPaymentsStrip ? (
            <div style={{ marginTop: 16 }}>
              <PaymentsStrip online={takesMoney} />
            </div>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
