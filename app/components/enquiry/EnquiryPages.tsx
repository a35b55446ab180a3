/**
 * The enquiry pages themselves: Finance, Book a Test Drive, Trade-In Valuation and Reserve. Each is
 * a lead form about the chosen car for now; later work (YouX quotes, online checkout, valuations)
 * extends these pages in place.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { LeadForm } from "~/components/vehicle/LeadForm";
import { AU_STATES } from "~/components/vehicle/leadForms";
import { button } from "~/styles/ui.css";
import { EnquiryLayout, ExtraFields, ExtraInput, ExtraSelect, Note } from "./EnquiryPage";
import * as styles from "./enquiry.css";
import type { financeLoader, reserveLoader, testDriveLoader, tradeInLoader } from "./pages.server";

const TERMS = [1, 2, 3, 4, 5, 6, 7].map((y) => ({ value: String(y), label: `${y} year${y > 1 ? "s" : ""}` }));

export function FinancePage() {
  const { car, amount, optInShown } = useLoaderData<typeof financeLoader>();
  return (
    <EnquiryLayout
      title="Car Finance"
      intro="Tell us what you'd like to borrow and our finance team will come back to you with a quote. It costs nothing to ask and won't affect your credit score."
      car={car}
      formTitle="Get a finance quote"
      formId="finance-form"
      aside={
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
      }
    >
      <LeadForm
        form="finance"
        submitLabel="Get Finance Quote"
        anchor="finance-form"
        optInShown={optInShown}
        message={{ label: "Anything else we should know?", required: false }}
        intro={
          <ExtraFields legend="Your loan">
            <ExtraInput
              name="amount"
              text="Amount to borrow ($)"
              required
              defaultValue={String(amount)}
              inputProps={{ inputMode: "numeric", maxLength: 12, autoComplete: "off" }}
            />
            <ExtraSelect name="term" text="Loan term" required defaultValue="5" options={TERMS} />
            <ExtraInput
              name="deposit"
              text="Deposit ($)"
              hint="Optional. Include any trade-in you plan to put towards it."
              inputProps={{ inputMode: "numeric", maxLength: 12, autoComplete: "off" }}
            />
          </ExtraFields>
        }
      />
    </EnquiryLayout>
  );
}

export function TestDrivePage() {
  const { car, optInShown } = useLoaderData<typeof testDriveLoader>();
  return (
    <EnquiryLayout
      title="Book a Test Drive"
      intro={
        car
          ? "Pick a time that suits you and we'll have the car ready. We'll call to confirm before you come in."
          : "Tell us which car you'd like to drive and when suits you, and we'll call to confirm a time."
      }
      car={car}
      formTitle="Your test drive"
      formId="test-drive-form"
      aside={
        <Note>
          <p>
            <strong>Bring your driver's licence.</strong>
          </p>
          <p>We'll confirm the time by phone, so the car is washed and waiting when you arrive.</p>
        </Note>
      }
    >
      <LeadForm
        form="test-drive"
        submitLabel="Book a Test Drive"
        anchor="test-drive-form"
        optInShown={optInShown}
        message={{
          label: car ? "Message" : "Which car would you like to drive?",
          required: false,
          placeholder: car ? "Anything we should know?" : "Make, model or stock number",
        }}
        intro={
          <ExtraFields legend="When suits you?">
            <ExtraInput
              name="preferred_time"
              text="Preferred date and time"
              type="datetime-local"
              hint="Optional. We'll confirm by phone."
            />
          </ExtraFields>
        }
      />
    </EnquiryLayout>
  );
}

export function TradeInPage() {
  const { car, optInShown } = useLoaderData<typeof tradeInLoader>();
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
            <ExtraInput
              name="rego"
              text="Rego"
              required
              inputProps={{ maxLength: 10, autoComplete: "off", autoCapitalize: "characters" }}
            />
            <ExtraSelect
              name="state"
              text="State"
              required
              options={[{ value: "", label: "Choose a state" }, ...AU_STATES.map((s) => ({ value: s, label: s }))]}
            />
            <ExtraInput name="make" text="Make" required inputProps={{ maxLength: 40 }} />
            <ExtraInput name="model" text="Model" required inputProps={{ maxLength: 60 }} />
            <ExtraInput name="year" text="Year" required inputProps={{ inputMode: "numeric", maxLength: 4 }} />
            <ExtraInput name="km" text="Kilometres" required inputProps={{ inputMode: "numeric", maxLength: 9 }} />
          </ExtraFields>
        }
      />
    </EnquiryLayout>
  );
}

export function ReservePage() {
  const { car, reservable, depositLabel, similarHref, optInShown } = useLoaderData<typeof reserveLoader>();
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
