/**
 * /trade-in: the trade-in valuation; /cars/trade-in?car_id= is the same page working out the change-over
 * price to that car, and /sell-my-car the same page again (remix.config.js). A multi-step form, one step
 * per post (tradeIn.server.ts): the rego, the car, its condition and the shopper's details, then the
 * offer to accept or decline, or our team's call for cars over 7 years old or 100,000 km. The FAQ below
 * opens and closes without JavaScript.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { EnquiryLayout, Note } from "~/components/enquiry/EnquiryPage";
import { enquiryMeta, enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { lazyPart, PendingPart } from "~/components/lazyPart";
import { formatMoney } from "~/domain/money";
import { alert, button, container } from "~/styles/ui.css";
import { useReportedLead } from "~/utils/dealerTags";
import { NO_STORE } from "@server/http/cachePolicy";
import * as styles from "./tradeIn.css";
import { TradeInStepForm } from "./TradeInStepForm";
import { tradeInAction, tradeInLoader, type TradeInPageData, type TradeInStep } from "./tradeIn.server";
import { TRADE_IN_FORM_IDS, VALUATION_FIELD } from "./tradeInSteps";
import { useSaveValuation } from "./useSaveValuation";

// The offer and the FAQ are parts whose code loads after the page (the server renders them whole, styled
// by the site's one stylesheet; without JavaScript they work as plain HTML), so the page keeps to the
// 100 KB first-load budget (decision 20).
const OfferStep = lazyPart(() => import("./OfferStep").then((m) => m.OfferStep), "OfferStep", PendingPart);
const TradeInFaq = lazyPart(() => import("./TradeInFaq").then((m) => m.TradeInFaq), "TradeInFaq", PendingPart);

export const loader = (args: LoaderFunctionArgs) => tradeInLoader(args);
export const action = (args: ActionFunctionArgs) => tradeInAction(args);
export const meta = enquiryMeta("Trade-In Valuation");
export const shouldRevalidate = enquiryShouldRevalidate;
export const ErrorBoundary = GeneralErrorBoundary;

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  "Cache-Control": actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? NO_STORE,
});

const STEPS = ["Your car", "Condition", "Your offer"] as const;
const STEP_INDEX: Record<TradeInStep, number> = { rego: 0, vehicle: 0, adjustments: 1, offer: 2, call: 2, accepted: 3, declined: 3 };

const FORM_TITLE: Record<TradeInStep, string> = {
  rego: "Your car's rego",
  vehicle: "Tell us about your car",
  adjustments: "Its condition and your details",
  offer: "Your offer",
  call: "Our team will call you",
  accepted: "Offer accepted",
  declined: "Offer declined",
};

export default function TradeInPage() {
  const data = useLoaderData<typeof loader>() as unknown as TradeInPageData;
  useReportedLead(data.dealerLead);
  useSaveValuation(
    data.saveValuation && data.valuationId
      ? {
          valuationId: data.valuationId,
          rego: data.rego?.rego ?? "",
          regoState: data.rego?.state ?? "",
          offerPrice: data.offer?.price ?? null,
        }
      : null,
  );
  const title = data.car ? "Get Your Change Over Price" : "Trade-In Valuation";
  return (
    <>
      <EnquiryLayout
        title={title}
        intro={
          data.car
            ? "Tell us about the car you're trading in and see what it costs to change over to this one."
            : "Enter your rego, tell us about your car's condition and get an offer online in a few minutes."
        }
        car={data.car}
        formTitle={FORM_TITLE[data.step]}
        formId="trade-in-form"
        aside={
          <Note>
            <p>
              <strong>How it works</strong>
            </p>
            <ol className={styles.small} style={{ margin: 0, paddingLeft: "18px" }}>
              <li>Enter your rego, or tell us about your car.</li>
              <li>Tell us about its condition.</li>
              <li>Get an offer online, confirmed by a quick inspection at {data.inspection.name}.</li>
            </ol>
          </Note>
        }
      >
        <StepProgress step={data.step} />
        {data.notice ? (
          <p role="alert" className={`${alert} ${styles.notice}`}>
            {data.notice}
          </p>
        ) : null}
        <StepBody data={data} />
      </EnquiryLayout>
      <div className={container}>
        <TradeInFaq siteName={data.siteName} inspection={data.inspection} />
      </div>
    </>
  );
}

function StepProgress({ step }: { step: TradeInStep }) {
  const current = STEP_INDEX[step];
  return (
    <ol className={styles.progress} aria-label="Valuation steps">
      {STEPS.map((label, i) => (
        <li
          key={label}
          className={`${styles.progressItem} ${i < current ? styles.progressDone : i === current ? styles.progressCurrent : ""}`}
          aria-current={i === current ? "step" : undefined}
        >
          {label}
        </li>
      ))}
    </ol>
  );
}

function StepBody({ data }: { data: TradeInPageData }) {
  switch (data.step) {
    case "rego":
    case "vehicle":
    case "adjustments":
      return (
        <>
          {data.step === "adjustments" && data.vehicle ? <FoundCar data={data} /> : null}
          {data.step === "vehicle" && data.rego ? (
            <p className={styles.notice}>
              We couldn't find rego {data.rego.rego} ({data.rego.state}) in our records, so tell us about the car yourself.
            </p>
          ) : null}
          <TradeInStepForm
            step={data.step}
            valuationId={data.valuationId}
            defaults={data.defaults}
            choices={data.choices}
            lists={data.lists}
            optInShown={data.optInShown}
            from={data.from}
            linked={data.linked}
            captchaQuestion={data.captchaQuestion}
          />
        </>
      );
    case "offer":
      return data.offer ? <OfferStep data={data} offer={data.offer} /> : null;
    case "call":
      return (
        <div className={styles.outcome} data-testid="trade-in-call">
          <p>
            <strong>Thanks{data.firstName ? `, ${data.firstName}` : ""}. Our team will call you.</strong>
          </p>
          <p>{data.callText}</p>
          {data.checkoutHref ? (
            <a href={data.checkoutHref} className={button.accent}>
              Continue buying online
            </a>
          ) : null}
          <a href={data.startHref} className={button.outline}>
            Value another car
          </a>
        </div>
      );
    case "accepted":
      return (
        <div className={styles.outcome} data-testid="trade-in-accepted">
          <p>
            <strong>
              Thanks{data.firstName ? `, ${data.firstName}` : ""}. You've accepted our offer of {formatMoney(data.offer?.price ?? 0)} for
              your {data.vehicle?.line ?? "car"}.
            </strong>
          </p>
          <p>
            Our team will call you to book a quick inspection at {data.inspection.name}, {data.inspection.address}. Bring the car, its keys
            and service books.
          </p>
          {data.checkoutHref ? (
            <a href={data.checkoutHref} className={button.accent}>
              Continue buying online
            </a>
          ) : data.car ? (
            <a href={data.car.href} className={button.primary}>
              Back to the {data.car.title}
            </a>
          ) : null}
        </div>
      );
    case "declined":
      return (
        <div className={styles.outcome} data-testid="trade-in-declined">
          <p>
            <strong>No problem{data.firstName ? `, ${data.firstName}` : ""}. You've declined our offer.</strong>
          </p>
          <p>If you change your mind or would like to talk it through, give us a call: we're happy to take another look at your car.</p>
          <a href={data.startHref} className={button.outline}>
            Value another car
          </a>
        </div>
      );
  }
}

/** The car being valued, with a way back to describing it by hand. */
function FoundCar({ data }: { data: TradeInPageData }) {
  const location = useLocation();
  const vehicle = data.vehicle!;
  return (
    <div className={styles.found} data-testid="trade-in-vehicle">
      <div>
        <p className={styles.foundLabel}>
          {vehicle.source === "stock" ? "Found in our records" : vehicle.source === "provider" ? "Found by your rego" : "Your car"}
          {data.rego ? ` · ${data.rego.rego} (${data.rego.state})` : ""}
        </p>
        <p className={styles.foundCar}>{vehicle.line}</p>
      </div>
      <Form method="post" action={`${location.pathname}${location.search}#trade-in-form`} id={TRADE_IN_FORM_IDS.manual}>
        <input type="hidden" name="intent" value="manual" />
        <input type="hidden" name={VALUATION_FIELD} value={data.valuationId ?? ""} />
        <button type="submit" className={styles.linkButton}>
          {vehicle.source === "shopper" ? "Change these details" : "Not your car?"}
        </button>
      </Form>
    </div>
  );
}
