/**
 * 'Reserve this Car' at /cars/{slug}/checkout or /cars/{slug}/buy-online, whichever is the dealer's
 * (the other is a 404; both paths map here in remix.config.js). The shopper's details, then the
 * deposit: paid on Stripe's page where the dealer takes payments online, else a reservation request
 * recorded without taking money (the page says so). ?reservation={id} shows where a reservation
 * stands (and hands the shopper on to the payment page). Outside the vehicle page's layout.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect, type ReactNode } from "react";
import { EnquiryLayout, Note } from "~/components/enquiry/EnquiryPage";
import * as styles from "~/components/enquiry/enquiry.css";
import { enquiryMeta, enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { LeadForm } from "~/components/forms/LeadForm";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PaymentsStrip, ThreePointBanner } from "~/components/checkout/afterThePage";
import { formatMoney } from "~/domain/money";
import { button } from "~/styles/ui.css";
import { useReportedLead } from "~/utils/dealerTags";
import { reserveAction, reserveLoader } from "./reserve.server";

export const loader = (args: LoaderFunctionArgs) => reserveLoader(args);
export const action = (args: ActionFunctionArgs) => reserveAction(args);
export const meta = enquiryMeta("Reserve this Car");
export const shouldRevalidate = enquiryShouldRevalidate;
export const ErrorBoundary = GeneralErrorBoundary;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function ReservePage() {
  const data = useLoaderData<typeof loader>();
  const { car, reservable, depositLabel, similarHref, optInShown, takesMoney, reservation } = data;
  useReportedLead(data.dealerLead);
  if (reservation && reservation.status !== "cancelled") return <ReservationStatus data={data} />;
  if (!reservable) {
    return (
      <EnquiryLayout
        title="This car can't be reserved"
        intro="It has been sold or is already on hold for another buyer. Similar cars may still be available."
        car={car}
        formTitle="Looking for something like it?"
        formId="reserve-form"
      >
        <div className={styles.unavailable} data-testid="not-reservable">
          <p style={{ margin: 0 }}>We regularly get cars like this one in. Have a look at what's in stock now.</p>
          <Link to={similarHref} className={button.primary}>
            See Similar Cars
          </Link>
        </div>
      </EnquiryLayout>
    );
  }
  return (
    <EnquiryLayout
      title="Reserve this Car"
      intro={
        takesMoney
          ? `Hold this car with a ${depositLabel} deposit, paid securely online. Send your details, then pay on the next page.`
          : `Send your details to reserve this car. No money is taken online: we'll call you to arrange the ${depositLabel} deposit.`
      }
      car={car}
      formTitle="Your details"
      formId="reserve-form"
      aside={
        <Note>
          {takesMoney ? (
            <>
              <p>
                <strong data-testid="deposit-label">{depositLabel} deposit, paid securely online</strong>
              </p>
              <p>
                Your card details go straight to our payment provider. Once the deposit is paid the car is held for you while we sort out
                the rest.
              </p>
            </>
          ) : (
            <>
              <p>
                <strong data-testid="deposit-label">{depositLabel} deposit, arranged by phone</strong>
              </p>
              <p data-testid="no-money-note">
                This sends a reservation request: no money is taken and no card details are asked for. The car is marked reserved for you
                straight away, and we'll call to take the deposit.
              </p>
            </>
          )}
          {data.showPaymentsStrip ? <PaymentsStrip online={takesMoney} /> : null}
        </Note>
      }
    >
      <ThreePointBanner financeHref={data.financeHref} online={takesMoney} />
      {reservation?.status === "cancelled" ? (
        <p className={styles.unavailable} role="status" data-testid="payment-cancelled">
          Payment cancelled: no money was taken and the car has not been reserved. You can try again below.
        </p>
      ) : null}
      <LeadForm
        form="reserve"
        submitLabel={takesMoney ? `Continue to pay ${depositLabel} deposit` : "Reserve Car Now"}
        anchor="reserve-form"
        optInShown={optInShown}
        message={{ label: "Message", required: false, placeholder: "Optional" }}
      />
    </EnquiryLayout>
  );
}

/** Where a reservation stands: recorded, paid, waiting for payment, or paid too late to hold the car. */
function ReservationStatus({ data }: { data: Data }) {
  const { car, reservation, depositLabel, payUrl, similarHref } = data;
  const deposit = reservation ? formatMoney(reservation.deposit / 100) : depositLabel;
  useEffect(() => {
    // The form keeps the scroll position as it sends; where the reservation stands is read from the top.
    window.scrollTo({ top: 0 });
  }, []);
  useEffect(() => {
    // With JavaScript the shopper goes straight on to the payment page; without it, the link below.
    if (reservation?.status === "pending" && payUrl) window.location.assign(payUrl);
  }, [reservation?.status, payUrl]);
  if (!reservation) return null;

  const views: Record<string, { title: string; intro: string; body: ReactNode }> = {
    confirmed: {
      title: "Reservation request received",
      intro: `Thanks! ${car?.title ?? "The car"} is now marked reserved for you.`,
      body: (
        <>
          <p data-testid="no-money-taken">
            <strong>No money has been taken.</strong> We'll call you shortly to arrange the {deposit} deposit and the next steps.
          </p>
          <p>Keep your phone handy. If you have questions in the meantime, just give us a call.</p>
        </>
      ),
    },
    paid: {
      title: "Deposit paid: the car is reserved for you",
      intro: `Thanks! Your ${deposit} deposit is paid and ${car?.title ?? "the car"} is reserved for you.`,
      body: <p>We'll call you shortly to arrange the rest. A receipt is on its way to your e-mail from our payment provider.</p>,
    },
    "paid-unheld": {
      title: "Deposit paid, but the car was just taken",
      intro: "Your deposit is paid, but someone reserved this car moments before you.",
      body: <p>We're sorry. We'll call you to refund your {deposit} deposit in full, or to find you a similar car.</p>,
    },
    pending: {
      title: "Pay your deposit",
      intro: `One more step: pay the ${deposit} deposit on our payment provider's secure page to reserve the car.`,
      body: payUrl ? (
        <p>
          <a href={payUrl} className={button.accent} data-testid="continue-to-payment">
            Continue to secure payment
          </a>
        </p>
      ) : (
        <p>We're waiting to hear from our payment provider. Refresh this page in a moment.</p>
      ),
    },
  };
  const view = views[reservation.status] ?? {
    title: "This car can't be reserved",
    intro: "It has been sold or is already on hold for another buyer.",
    body: (
      <p>
        <Link to={similarHref}>See similar cars</Link>
      </p>
    ),
  };
  return (
    <EnquiryLayout title={view.title} intro={view.intro} car={car} formTitle="Your reservation" formId="reserve-form">
      <div data-testid={`reservation-${reservation.status}`}>{view.body}</div>
      <p>
        <Link to={car?.href ?? "/"}>Back to the car</Link>
      </p>
    </EnquiryLayout>
  );
}
