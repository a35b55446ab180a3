/** /finance: the dealer's finance enquiry page (spec 001 section 2); /finance-enquiry and /apply-for-finance are the same page. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FinancePage } from "~/components/enquiry/EnquiryPages";
import { enquiryMeta, enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { financeAction, financeLoader } from "~/components/enquiry/pages.server";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";

export const loader = (args: LoaderFunctionArgs) => financeLoader(args);
export const action = (args: ActionFunctionArgs) => financeAction(args);
export const meta = enquiryMeta("Car Finance");
export const shouldRevalidate = enquiryShouldRevalidate;
export default FinancePage;
export const ErrorBoundary = GeneralErrorBoundary;
