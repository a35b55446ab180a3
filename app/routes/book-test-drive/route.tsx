/** /book-test-drive/: booking a test drive, about the car in ?car_id= when there is one (spec 000 section 2). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { EnquiryLayout, ExtraFields, Note } from "~/components/enquiry/EnquiryPage";
import { enquiryMeta, enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { LeadForm } from "~/components/forms/LeadForm";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { testDriveAction, testDriveLoader } from "./testDrive.server";
import { TestDriveTimes } from "./TestDriveTimes";

export const loader = (args: LoaderFunctionArgs) => testDriveLoader(args);
export const action = (args: ActionFunctionArgs) => testDriveAction(args);
export const meta = enquiryMeta("Book a Test Drive");
export const shouldRevalidate = enquiryShouldRevalidate;
export const ErrorBoundary = GeneralErrorBoundary;

export default function TestDrivePage() {
  const { car, optInShown, locations, location, days } = useLoaderData<typeof loader>();
  const search = new URLSearchParams(useLocation().search);
  search.delete("location");
  return (
    <EnquiryLayout
      title="Book a Test Drive"
      intro={
        car
          ? "Pick a free time that suits you and we'll have the car ready. We'll call to confirm before you come in."
          : "Tell us which car you'd like to drive and pick a free time, and we'll call to confirm."
      }
      car={car}
      formTitle="Your test drive"
      formId="test-drive-form"
      aside={
        <Note>
          <p>
            <strong>Bring your driver's licence.</strong>
          </p>
          <p>
            Your time is held for you as soon as you send this. We'll call to confirm, so the car is washed and waiting when you arrive.
          </p>
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
            <TestDriveTimes locations={locations} location={location} days={days} search={search.toString()} />
          </ExtraFields>
        }
      />
    </EnquiryLayout>
  );
}
