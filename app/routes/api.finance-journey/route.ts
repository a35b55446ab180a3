/**
 * GET and POST /api/finance-journey?car_id={id}&... : the finance journey (app/routes/personalised.finance)
 * for the browser's own calls, from the journey's page and from the vehicle page's popup. The same loader
 * and action as the page, answered as JSON: the journey's data for a link's query (200), or the answer
 * to a step ('send', 'verify', 'lead'; JourneyAnswer, 200 or the step's refusal status). Where the page
 * asks for sign-in first, the answer is that redirect: the browser then opens the page itself, as a link
 * would. Never stored by a cache (the journey is the shopper's).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isDataAnswer } from "@server/http/dataAnswer";
import { personalisedFinanceAction, personalisedFinanceLoader } from "../personalised.finance/personalisedFinance.server";

/**
 * The page's answer as this route's JSON Response. The page returns its data with `data(value, init)`
 * (single fetch sends it with turbo-stream); a resource route answers with a Response, so the status and
 * headers go with the JSON here. A Response (a redirect, a refused form) is sent as it is.
 */
async function asJson(answer: Promise<unknown>): Promise<Response> {
  const value = await answer;
  if (value instanceof Response) return value;
  if (isDataAnswer(value)) return json(value.data, value.init ?? undefined);
  return json(value);
}

export const loader = (args: LoaderFunctionArgs) => asJson(personalisedFinanceLoader(args));
export const action = (args: ActionFunctionArgs) => asJson(personalisedFinanceAction(args));
