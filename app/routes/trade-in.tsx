/** /trade-in: trade-in valuation; /cars/trade-in?car_id= is the same page about changing over to a car. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { TradeInPage } from "~/components/enquiry/EnquiryPages";
import { enquiryMeta, enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { tradeInAction, tradeInLoader } from "~/components/enquiry/pages.server";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";

export const loader = (args: LoaderFunctionArgs) => tradeInLoader(args);
export const action = (args: ActionFunctionArgs) => tradeInAction(args);
export const meta = enquiryMeta("Trade-In Valuation");
export const shouldRevalidate = enquiryShouldRevalidate;
export default TradeInPage;
export const ErrorBoundary = GeneralErrorBoundary;
