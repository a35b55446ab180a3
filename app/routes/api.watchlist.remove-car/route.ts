/**
 * POST (and GET) /api/watchlist/remove-car: see server/watchlist/watchlistRequest.ts. The GET finishes a remove after
 * the sign-in it asked for (the sign-in screen comes back here).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleWatchlistRequest } from "@server/watchlist/watchlistRequest";

export function action(args: ActionFunctionArgs) {
  return handleWatchlistRequest(args, "remove");
}

export function loader(args: LoaderFunctionArgs) {
  return handleWatchlistRequest(args, "remove");
}
