/**
 * GET and POST /api/finance-journey?car_id={id}&... : the finance journey (app/routes/personalised.finance)
 * for the browser's own calls, from the journey's page and from the vehicle page's popup. The same loader
 * and action as the page, answered as JSON: the journey's data for a link's query (200), or the answer
 * to a step ('send', 'verify', 'lead'; JourneyAnswer, 200 or the step's refusal status). Where the page
 * asks for sign-in first, the answer is that redirect: the browser then opens the page itself, as a link
 * would. Never stored by a cache (the journey is the shopper's).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { asJsonResponse } from "@server/http/dataAnswer";
import { personalisedFinanceAction, personalisedFinanceLoader } from "../personalised.finance/personalisedFinance.server";

// The page answers with data() (single fetch); this resource route sends the same as JSON, status and headers kept.
export const loader = (args: LoaderFunctionArgs) => asJsonResponse(personalisedFinanceLoader(args));
export const action = (args: ActionFunctionArgs) => asJsonResponse(personalisedFinanceAction(args));
