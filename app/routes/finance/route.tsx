/** /finance: the dealer's finance enquiry page (spec 001 section 2); /finance-enquiry and /apply-for-finance are the same page. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { EnquiryLayout, ExtraFields, Note } from "~/components/enquiry/EnquiryPage";
import * as styles from "~/components/enquiry/enquiry.css";
import { enquiryMeta, enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { SelectField, TextField } from "~/components/forms/Field";
import { LeadForm } from "~/components/forms/LeadForm";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { financeAction, financeLoader } from "./finance.server";
import * as financeStyles from "./finance.css";

export const loader = (args: LoaderFunctionArgs) => financeLoader(args);
export const action = (args: ActionFunctionArgs) => financeAction(args);
export const meta = enquiryMeta("Car Finance");
export const shouldRevalidate = enquiryShouldRevalidate;
export const ErrorBoundary = GeneralErrorBoundary;

const TERMS = [1, 2, 3, 4, 5, 6, 7].map((y) => ({ value: String(y), label: `${y} year${y > 1 ? "s" : ""}` }));
const money = { inputMode: "numeric", maxLength: 12, autoComplete: "off" } as const;

/** The dealer's three 'STEP' cards beside the form when no car was chosen (features.financeStepCards). */
const STEP_CARDS = [
  { title: "Fill in the contact form", text: "Tell us a little about you and the car you're after. It only takes a minute." },
  { title: "Our finance team contacts you", text: "A finance specialist calls you to talk through options that suit your budget." },
  { title: "Purchase the car", text: "Once you're approved, we get your new car ready for you to drive away." },
];

function StepCards() {
  return (
    <ol className={financeStyles.stepCards} aria-label="How finance works" data-testid="finance-step-cards">
      {STEP_CARDS.map((card, i) => (
        <li key={card.title} className={financeStyles.stepCard}>
          <p className={financeStyles.stepLabel}>STEP {i + 1}</p>
          <p className={financeStyles.stepTitle}>{card.title}</p>
          <p className={financeStyles.stepText}>{card.text}</p>
        </li>
      ))}
    </ol>
  );
}

export default function FinancePage() {
  const { car, amount, optInShown, stepCards, postcodeRequired, staffAssisted, rules, dealership } = useLoaderData<typeof loader>();
  const defaultValues = useMemo(
    () => ({ amount: String(amount), term: "5", ...(dealership ? { preferred_dealership: dealership } : {}) }),
    [amount, dealership],
  );
  return (
    <EnquiryLayout
      title="Car Finance"
      intro="Tell us what you'd like to borrow and our finance team will come back to you with a quote. It costs nothing to ask and won't affect your credit score."
      car={car}
      formTitle="Get a finance quote"
      formId="finance-form"
      aside={
        stepCards ? (
          <StepCards />
        ) : (
          <Note>
            <p>
              <strong>What happens next</strong>
            </p>
            <ol className={styles.steps}>
              <li>We look at the car, the amount and the term you chose.</li>
              <li>A finance specialist calls you with options.</li>
              <li>You decide - there's no obligation.</li>
            </ol>
          </Note>
        )
      }
    >
      <LeadForm
        form="finance"
        submitLabel="Get Finance Quote"
        anchor="finance-form"
        optInShown={optInShown}
        message={{ label: "Anything else we should know?", required: false }}
        postcodeRequired={postcodeRequired}
        rules={rules}
        defaultValues={defaultValues}
        intro={
          <ExtraFields legend="Your loan">
            <TextField name="amount" label="Amount to borrow ($)" required inputProps={money} />
            <SelectField name="term" label="Loan term" required options={TERMS} />
            <TextField
              name="deposit"
              label="Deposit ($)"
              hint="Optional. Include any trade-in you plan to put towards it."
              inputProps={money}
            />
            {staffAssisted ? (
              <TextField name="whoIsHelping" label="Who's Helping You Today?" inputProps={{ maxLength: 80, autoComplete: "off" }} />
            ) : null}
            {postcodeRequired ? (
              <p className={financeStyles.postcodeNote}>Please include your postcode with your contact details below.</p>
            ) : null}
          </ExtraFields>
        }
      />
    </EnquiryLayout>
  );
}
