/**
 * /checkout-journey?car_id={slug}: buying a car online, one step per page (plain forms that post and
 * come back, so it works without JavaScript): the shopper's details, a trade-in (the valuation from
 * /cars/trade-in, or the car described), cash or finance (the finance journey), delivery (estimate by
 * postcode) or pick-up, then review and submit as one order lead. Only where the dealer's
 * checkoutJourney flag is on; see journey.server.ts for the order's storage and gating.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { EnquiryLayout, Note } from "~/components/enquiry/EnquiryPage";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PaymentsStrip, ThreePointBanner } from "~/components/checkout/afterThePage";
import { lazyPart, PendingPart } from "~/components/lazyPart";
import { button } from "~/styles/ui.css";
import { useReportedLead } from "~/utils/dealerTags";
import { journeyAction, journeyLoader } from "./journey.server";
import { orderReference, STEP_TITLES } from "./journeyNames";
import type { Refusal } from "./JourneyForm";

// The step's form is a part whose code loads after the page, like the banner and the payments strip (the
// server renders it whole; without JavaScript the form posts as plain HTML), so the page keeps to the
// 100 KB first-load budget (decision 20).
const JourneyForm = lazyPart(() => import("./JourneyForm").then((m) => m.JourneyForm), "JourneyForm", PendingPart);

export const loader = (args: LoaderFunctionArgs) => journeyLoader(args);
export const action = (args: ActionFunctionArgs) => journeyAction(args);
export const ErrorBoundary = GeneralErrorBoundary;
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Buy Online${data?.car ? ` - ${data.car.title}` : ""} | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export default function CheckoutJourneyPage() {
  const data = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as Refusal | undefined;
  const { car, step, submitted, available } = data;
  useReportedLead(data.dealerLead);

  if (submitted) {
    return (
      <EnquiryLayout
        title="Order request received"
        intro={`Thanks! We have your order for ${car.title}.`}
        car={car}
        formTitle="What happens next"
        formId="checkout-journey"
      >
        <div data-testid="order-received">
          <p>
            Your order reference is <strong data-testid="order-reference">{orderReference(data.orderId ?? "")}</strong>. No money has been
            taken online.
          </p>
          <p>
            One of our team will call you shortly to confirm the price, your trade-in, payment and delivery, and to arrange the paperwork.
          </p>
          <p>
            <Link to={car.href}>Back to the car</Link>
          </p>
        </div>
      </EnquiryLayout>
    );
  }
  if (!available) {
    return (
      <EnquiryLayout
        title="This car is no longer available"
        intro="It has been sold. Similar cars may still be available."
        car={car}
        formTitle="Looking for something like it?"
        formId="checkout-journey"
      >
        <p>
          <Link to="/search" className={button.primary}>
            Search our stock
          </Link>
        </p>
      </EnquiryLayout>
    );
  }
  return (
    <EnquiryLayout
      title="Buy this car online"
      intro="Five short steps. We'll confirm everything with you by phone before anything is signed or paid."
      car={car}
      formTitle={STEP_TITLES[step]}
      formId="checkout-journey"
      aside={
        <Note>
          <p>
            <strong>No money is taken online</strong>
          </p>
          <p>Your order request reaches our team straight away. We confirm the final price and the paperwork with you before you pay.</p>
          {data.showPaymentsStrip ? <PaymentsStrip online={false} /> : null}
        </Note>
      }
    >
      <ThreePointBanner financeHref={data.financeHref} online={false} />
      <JourneyForm data={data} refusal={refusal} />
    </EnquiryLayout>
  );
}
