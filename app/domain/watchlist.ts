/**
 * The watchlist's words (spec 000 sections 4 and 8): the toasts after a save or a removal, and the
 * errors a save or removal can end in, by a short code that a page address can carry (`?watchlist_error=`).
 */

export const WATCHLIST_ERRORS = {
  invalid: "That car could not be found. Please refresh the page and try again.",
  notFound: "That car is no longer listed on this site.",
  otherPhone: "You can only change the watchlist of the phone you signed in with.",
  sold: "This car has been sold, so it can no longer be saved to your watchlist.",
  failed: "Your watchlist could not be updated. Please try again.",
} as const;

export type WatchlistErrorCode = keyof typeof WATCHLIST_ERRORS;

export function watchlistErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return Object.prototype.hasOwnProperty.call(WATCHLIST_ERRORS, code) ? WATCHLIST_ERRORS[code as WatchlistErrorCode] : null;
}

export interface WatchlistToast {
  title: string;
  message: string;
}

/** 'Car Saved In Watchlist' / 'Car Removed', with the car's name. */
export function watchlistToast(saved: boolean, carName: string): WatchlistToast {
  return saved
    ? { title: "Car Saved In Watchlist", message: `${carName} is now available in your watchlist` }
    : { title: "Car Removed", message: `${carName} is no longer in your watchlist` };
}

/** Refusals of a save or removal say this above their message. */
export const WATCHLIST_ERROR_TITLE = "Watchlist not updated";
