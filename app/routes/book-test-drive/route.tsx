/** /book-test-drive/: booking a test drive, about the car in ?car_id= when there is one (spec 000 section 2). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EnquiryLayout, ExtraFields, Note } from "~/components/enquiry/EnquiryPage";
import { enquiryMeta, enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { TextField } from "~/components/forms/Field";
import { LeadForm } from "~/components/forms/LeadForm";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { testDriveAction, testDriveLoader } from "./testDrive.server";

export const loader = (args: LoaderFunctionArgs) => testDriveLoader(args);
export const action = (args: ActionFunctionArgs) => testDriveAction(args);
export const meta = enquiryMeta("Book a Test Drive");
export const shouldRevalidate = enquiryShouldRevalidate;
export const ErrorBoundary = GeneralErrorBoundary;

export default function TestDrivePage() {
  const { car, optInShown } = useLoaderData<typeof loader>();
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
            <TextField
              name="preferred_time"
              label="Preferred date and time"
              type="datetime-local"
              hint="Optional. We'll confirm by phone."
            />
          </ExtraFields>
        }
      />
    </EnquiryLayout>
  );
}
