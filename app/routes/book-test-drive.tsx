/** /book-test-drive/: booking a test drive, about the car in ?car_id= when there is one (spec 000 section 2). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { TestDrivePage } from "~/components/enquiry/EnquiryPages";
import { enquiryMeta, enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { testDriveAction, testDriveLoader } from "~/components/enquiry/pages.server";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";

export const loader = (args: LoaderFunctionArgs) => testDriveLoader(args);
export const action = (args: ActionFunctionArgs) => testDriveAction(args);
export const meta = enquiryMeta("Book a Test Drive");
export const shouldRevalidate = enquiryShouldRevalidate;
export default TestDrivePage;
export const ErrorBoundary = GeneralErrorBoundary;
