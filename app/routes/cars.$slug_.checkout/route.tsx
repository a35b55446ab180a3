/**
 * 'Reserve this Car' at /cars/{slug}/checkout or /cars/{slug}/buy-online, whichever is the dealer's
 * (the other is a 404; both paths map here in remix.config.js). For now a reserve request the dealer
 * follows up by phone; online payment comes later. Outside the vehicle page's layout.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EnquiryLayout, Note } from "~/components/enquiry/EnquiryPage";
import * as styles from "~/components/enquiry/enquiry.css";
import { enquiryMeta, enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { LeadForm } from "~/components/forms/LeadForm";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { button } from "~/styles/ui.css";
import { reserveAction, reserveLoader } from "./reserve.server";

export const loader = (args: LoaderFunctionArgs) => reserveLoader(args);
export const action = (args: ActionFunctionArgs) => reserveAction(args);
export const meta = enquiryMeta("Reserve this Car");
export const shouldRevalidate = enquiryShouldRevalidate;
export const ErrorBoundary = GeneralErrorBoundary;

export default function ReservePage() {
  const { car, reservable, depositLabel, similarHref, optInShown } = useLoaderData<typeof loader>();
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
      intro={`Hold this car with a ${depositLabel} deposit. Send us your details and we'll call you to take the deposit over the phone.`}
      car={car}
      formTitle="Your details"
      formId="reserve-form"
      aside={
        <Note>
          <p>
            <strong>{depositLabel} deposit, taken by phone</strong>
          </p>
          <p>Once we've taken your deposit the car is held for you while we sort out the rest.</p>
        </Note>
      }
    >
      <LeadForm
        form="reserve"
        submitLabel="Reserve Car Now"
        anchor="reserve-form"
        optInShown={optInShown}
        message={{ label: "Message", required: false, placeholder: "Optional" }}
      />
    </EnquiryLayout>
  );
}
