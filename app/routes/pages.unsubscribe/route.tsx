/**
 * /pages/unsubscribe (the footer's Unsubscribe link): a shopper stops this dealer's marketing e-mails.
 * A plain form posting to this page, so it works without JavaScript; with it, Remix sends the same post.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { formatPhone, telHref } from "~/domain/phone";
import { alert, button, container, field, fieldError, label } from "~/styles/ui.css";
import { NO_STORE } from "@server/http/cachePolicy";
import { HONEYPOT_FIELD } from "~/components/forms/leadFormNames";
import { unsubscribeAction, unsubscribeLoader, type AlertsUnsubscribe, type UnsubscribeAnswer } from "./unsubscribe.server";
import * as styles from "./unsubscribe.css";

export const loader = (args: LoaderFunctionArgs) => unsubscribeLoader(args);
export const action = (args: ActionFunctionArgs) => unsubscribeAction(args);
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  "Cache-Control": actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? NO_STORE,
});
export const ErrorBoundary = GeneralErrorBoundary;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Unsubscribe | ${data?.siteName ?? ""}` },
  { name: "description", content: `Stop marketing e-mails from ${data?.siteName ?? "us"}.` },
];

/** The alerts link's page (`?t=TOKEN`): one button that stops this dealer's alerts, then the page saying so. */
function AlertsUnsubscribePage({ siteName, phone, alerts }: { siteName: string; phone: string; alerts: AlertsUnsubscribe }) {
  const answer = useActionData<UnsubscribeAnswer>();
  const sending = useNavigation().state === "submitting";
  return (
    <div className={`${container} ${styles.page}`}>
      <section className={styles.card} aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title" className={styles.title}>
          {alerts.state === "valid" && alerts.stopped ? "Alerts stopped" : "Stop alerts"}
        </h1>
        {alerts.state === "invalid" ? (
          <p className={alert} role="alert">
            {alerts.error}
          </p>
        ) : alerts.stopped ? (
          <div role="status">
            <p className={styles.done}>You will get no more alerts from {siteName}.</p>
            <p>
              We won't send {alerts.channel === "sms" ? "text messages" : "e-mails"} about new arrivals, price drops or sold cars to{" "}
              {alerts.address} any more. You can turn alerts on again when you save a search.
            </p>
            <p>
              <Link to="/" className={button.outline}>
                Back to the home page
              </Link>
            </p>
          </div>
        ) : (
          <>
            <p>
              You will get no more alerts from {siteName} at {alerts.address} once you press the button: no new arrivals, price drops or
              sold cars by {alerts.channel === "sms" ? "text message" : "e-mail"}.
            </p>
            <Form method="post" className={styles.form}>
              <input type="hidden" name="t" value={alerts.token} />
              {answer ? (
                <p className={alert} role="alert">
                  {answer.error}
                </p>
              ) : null}
              <button type="submit" className={button.primary} disabled={sending}>
                {sending ? "Unsubscribing..." : "Unsubscribe from alerts"}
              </button>
            </Form>
          </>
        )}
        <p className={styles.note}>
          Questions? Call <a href={telHref(phone)}>{formatPhone(phone)}</a>.
        </p>
      </section>
    </div>
  );
}

export default function UnsubscribePage() {
  const { siteName, phone, done, alerts } = useLoaderData<typeof loader>();
  const answer = useActionData<UnsubscribeAnswer>();
  const sending = useNavigation().state === "submitting";
  if (alerts) return <AlertsUnsubscribePage siteName={siteName} phone={phone} alerts={alerts} />;
  return (
    <div className={`${container} ${styles.page}`}>
      <section className={styles.card} aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title" className={styles.title}>
          Unsubscribe
        </h1>
        {done && !answer ? (
          <div role="status">
            <p className={styles.done}>You've been unsubscribed.</p>
            <p>
              {siteName} won't send marketing e-mails to that address any more, and enquiries you send us later won't sign you up again.
              We'll still reply to enquiries you make.
            </p>
            <p>
              <Link to="/" className={button.outline}>
                Back to the home page
              </Link>
            </p>
          </div>
        ) : (
          <>
            <p>Enter your e-mail address to stop receiving news and offers from {siteName}. We'll still reply to enquiries you make.</p>
            <Form method="post" noValidate className={styles.form} aria-describedby={answer ? "unsubscribe-error" : undefined}>
              <div>
                <label htmlFor="unsubscribe-email" className={label}>
                  Email
                </label>
                <input
                  id="unsubscribe-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  className={field}
                  defaultValue={answer?.email ?? ""}
                  aria-invalid={answer ? true : undefined}
                  aria-describedby={answer ? "unsubscribe-error" : undefined}
                />
                {answer ? (
                  <p id="unsubscribe-error" className={answer.error.startsWith("Sorry") ? alert : fieldError} role="alert">
                    {answer.error}
                  </p>
                ) : null}
              </div>
              <div className="visually-hidden" aria-hidden="true">
                <label htmlFor="unsubscribe-website">Leave this empty</label>
                <input id="unsubscribe-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
              </div>
              <button type="submit" className={button.primary} disabled={sending}>
                {sending ? "Unsubscribing..." : "Unsubscribe"}
              </button>
            </Form>
            <p className={styles.note}>
              Prefer to talk to us? Call <a href={telHref(phone)}>{formatPhone(phone)}</a>.
            </p>
          </>
        )}
      </section>
    </div>
  );
}
