/** /cars/trade-in?car_id=: "Get Change Over Price" from a car; the same page as /trade-in (a static path, so it wins over /cars/{slug}). */
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
