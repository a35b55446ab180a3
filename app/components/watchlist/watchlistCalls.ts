/**
 * What a page does after a watchlist call: nothing its loaders send changes when a car is saved or
 * removed (the ticks come from GET /api/me), so a Save on a page of results does not run the search again.
 */
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { REMOVE_CAR_PATH, SAVE_CAR_PATH } from "~/domain/watchlistAddress";

export function isWatchlistCall(formAction: string | undefined): boolean {
  return formAction !== undefined && (formAction.startsWith(SAVE_CAR_PATH) || formAction.startsWith(REMOVE_CAR_PATH));
}

/** A page's `shouldRevalidate` when a watchlist call is the only thing posted from it (results, home, the layout). */
export const keepPageOnWatchlistCalls: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  isWatchlistCall(formAction) ? false : defaultShouldRevalidate;
