/**
 * /success: shown after a successful enquiry (spec 000 section 2), the single-step forms' and the
 * multi-step ones' (the trade-in's decision, the online order) alike. Thanks the shopper for the category
 * of the lead they sent, read on the server by the lead's reference (success.server.ts); where the lead
 * ended a multi-step form, says what it decided and links back to it. Links back to the car when the
 * enquiry was about one (built from the slug, so it can only ever be a path on this site). Where the dealer
 * has its own analytics tags, this is where the shopper's browser learns the lead was stored: the page
 * reports it to them (generate_lead, Lead) once, however often it is reloaded.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { formatMoney } from "~/domain/money";
import { button, container } from "~/styles/ui.css";
import { useReportedLead } from "~/utils/dealerTags";
import { useSaveValuation } from "../trade-in/useSaveValuation";
import { successLoader, type SuccessDetails } from "./success.server";

export const loader = successLoader;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Thank you | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export default function Success() {
  const { carHref, searchPath, siteName, category, details, dealerLead } = useLoaderData<typeof loader>();
  useReportedLead(dealerLead);
  useSaveValuation(details?.kind === "trade-in" ? details.saveValuation : null);
  return (
    <div className={container}>
      <section style={{ maxWidth: "640px", margin: "48px auto", textAlign: "center" }} aria-labelledby="success-title">
        <h1 id="success-title">{category ? `Thank you for your ${category}!` : "Thank you! We've received your enquiry."}</h1>
        {details ? <Decided details={details} /> : null}
        <p data-testid="success-text">
          {category ? "We've received it, and a" : "A"} member of the {siteName} team will be in touch shortly. If it's urgent, please give
          us a call.
        </p>
        <p style={{ display: "flex", gap: "12px", justifyContent: "center", flexWrap: "wrap", marginTop: "24px" }}>
          {details?.kind === "trade-in" && details.checkoutHref ? (
            <a href={details.checkoutHref} className={button.accent}>
              Continue buying online
            </a>
          ) : null}
          {carHref ? (
            <Link to={carHref} className={button.primary}>
              Back to the car
            </Link>
          ) : null}
          <Link to={searchPath} className={button.outline}>
            Browse our stock
          </Link>
        </p>
      </section>
    </div>
  );
}

/** What the multi-step form decided, as its lead keeps it. */
function Decided({ details }: { details: SuccessDetails }) {
  if (details.kind === "order") {
    return (
      <div data-testid="success-outcome">
        <p>
          Your order reference is{" "}
          <strong data-testid="order-reference" style={{ whiteSpace: "nowrap" }}>
            {details.reference}
          </strong>
          . Keep it handy when we call to confirm your order.
        </p>
        {details.orderHref ? (
          <p>
            <a href={details.orderHref}>See your order request</a>
          </p>
        ) : null}
      </div>
    );
  }
  const car = details.vehicle ? `your ${details.vehicle}` : "your car";
  const offer = details.offer === null ? "our offer" : `our offer of ${formatMoney(details.offer)}`;
  return (
    <div data-testid="success-outcome">
      <p>
        <strong>{details.accepted ? `You've accepted ${offer} for ${car}.` : `You've declined ${offer} for ${car}.`}</strong>
      </p>
      <p>
        {details.accepted
          ? "Our team will call you to book a quick inspection. Bring the car, its keys and service books."
          : "If you change your mind or would like to talk it through, give us a call: we're happy to take another look at your car."}
      </p>
      <p>
        <a href={details.valuationHref}>See your valuation</a>
      </p>
    </div>
  );
}
