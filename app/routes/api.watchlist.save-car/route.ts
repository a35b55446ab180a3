/**
 * POST (and GET) /api/watchlist/save-car: see server/watchlist/watchlistRequest.ts. The GET finishes a save after
 * the sign-in it asked for (the sign-in screen comes back here).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleWatchlistRequest } from "@server/watchlist/watchlistRequest";

export function action(args: ActionFunctionArgs) {
  return handleWatchlistRequest(args, "save");
}

export function loader(args: LoaderFunctionArgs) {
  return handleWatchlistRequest(args, "save");
}
