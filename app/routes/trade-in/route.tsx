/** /trade-in: trade-in valuation; /cars/trade-in?car_id= is the same page about changing over to a car. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EnquiryLayout, ExtraFields, Note } from "~/components/enquiry/EnquiryPage";
import { enquiryMeta, enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { SelectField, TextField } from "~/components/forms/Field";
import { LeadForm } from "~/components/forms/LeadForm";
import { AU_STATES } from "~/components/forms/leadFormNames";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { tradeInAction, tradeInLoader } from "./tradeIn.server";

export const loader = (args: LoaderFunctionArgs) => tradeInLoader(args);
export const action = (args: ActionFunctionArgs) => tradeInAction(args);
export const meta = enquiryMeta("Trade-In Valuation");
export const shouldRevalidate = enquiryShouldRevalidate;
export const ErrorBoundary = GeneralErrorBoundary;

const STATES = [{ value: "", label: "Choose a state" }, ...AU_STATES.map((s) => ({ value: s, label: s }))];

export default function TradeInPage() {
  const { car, optInShown } = useLoaderData<typeof loader>();
  return (
    <EnquiryLayout
      title={car ? "Get Your Change Over Price" : "Trade-In Valuation"}
      intro={
        car
          ? "Tell us about the car you're trading in and we'll work out what it costs to change over to this one."
          : "Tell us about your car and our team will get back to you with a trade-in valuation."
      }
      car={car}
      formTitle="About your car"
      formId="trade-in-form"
      aside={
        <Note>
          <p>
            <strong>A firm price needs a quick look.</strong>
          </p>
          <p>We'll give you an estimate from these details and confirm it once we've seen the car.</p>
        </Note>
      }
    >
      <LeadForm
        form="trade-in"
        submitLabel="Get My Valuation"
        anchor="trade-in-form"
        optInShown={optInShown}
        message={{ label: "Condition, service history, extras", required: false, placeholder: "Optional" }}
        intro={
          <ExtraFields legend="Your car">
            <TextField
              name="rego"
              label="Rego"
              required
              inputProps={{ maxLength: 10, autoComplete: "off", autoCapitalize: "characters" }}
            />
            <SelectField name="state" label="State" required options={STATES} />
            <TextField name="make" label="Make" required inputProps={{ maxLength: 40 }} />
            <TextField name="model" label="Model" required inputProps={{ maxLength: 60 }} />
            <TextField name="year" label="Year" required inputProps={{ inputMode: "numeric", maxLength: 4 }} />
            <TextField name="km" label="Kilometres" required inputProps={{ inputMode: "numeric", maxLength: 9 }} />
          </ExtraFields>
        }
      />
    </EnquiryLayout>
  );
}
