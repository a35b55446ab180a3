/**
 * /cars/{slug}/buy-online: 'Reserve this Car' for dealers whose reserve path is 'buy-online' (a 404
 * elsewhere). For now a reserve request the dealer follows up by phone; online payment comes later.
 * The trailing underscore keeps it out of the vehicle page's layout.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ReservePage } from "~/components/enquiry/EnquiryPages";
import { enquiryMeta, enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { reserveAction, reserveLoader } from "~/components/enquiry/pages.server";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";

export const loader = (args: LoaderFunctionArgs) => reserveLoader(args, "buy-online");
export const action = (args: ActionFunctionArgs) => reserveAction(args, "buy-online");
export const meta = enquiryMeta("Reserve this Car");
export const shouldRevalidate = enquiryShouldRevalidate;
export default ReservePage;
export const ErrorBoundary = GeneralErrorBoundary;
