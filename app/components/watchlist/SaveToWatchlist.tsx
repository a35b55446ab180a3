/**
 * 'Save' to the watchlist (spec 000 section 4, 'Watchlist'), on the vehicle page and on every vehicle
 * card of a dealer with the garage: the shopper's list of cars kept on the dealer's server, for a
 * signed-in shopper. A plain form posting to /api/watchlist/save-car (or remove-car), so it works without
 * JavaScript: the server redirects back with the outcome in the address and the page shows the toast.
 *
 * Only the form's markup loads with the page; what the button does with JavaScript (the call, the
 * optimistic tick, the toasts: SaveToWatchlistImpl.tsx) loads after it (~/components/lazyPart.tsx),
 * one chunk for every Save on the page, so a page of cards stays light.
 */
import { useLocation, useSearchParams } from "@remix-run/react";
import type { FormEvent } from "react";
import { lazyPart } from "~/components/lazyPart";
import { REMOVE_CAR_PATH, SAVE_CAR_PATH, watchlistOutcomeFor, withoutWatchlistOutcome } from "~/domain/watchlistAddress";
import * as styles from "./SaveToWatchlist.css";

export interface SaveToWatchlistProps {
  carId: string;
  /** The car's name, for the button's label and the toasts. */
  carName: string;
  /** Whether the car may be saved (in stock or coming soon); a sold car can only be taken off the list. */
  available: boolean;
  /** The dealer's garage page, for the toast's 'View List'. */
  watchlistPath: string;
  /** Among the vehicle page's tools, or beside a card's price. */
  look?: "page" | "card";
}

/** This page's address without a previous outcome, for the server to come back to. */
export function useReturnPath(): string {
  const { pathname, search } = useLocation();
  return pathname + withoutWatchlistOutcome(search);
}

export function SaveForm(props: {
  carId: string;
  carName: string;
  saved: boolean;
  look: "page" | "card";
  /** aria-pressed: only once the page knows the shopper's list. */
  pressed?: boolean;
  disabled?: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { carId, carName, saved, look, pressed, disabled, onSubmit } = props;
  return (
    <form method="post" action={saved ? REMOVE_CAR_PATH : SAVE_CAR_PATH} className={styles.form} onSubmit={onSubmit}>
      <input type="hidden" name="car_id" value={carId} />
      <input type="hidden" name="redirect" value={useReturnPath()} />
      <button
        type="submit"
        className={styles.button[look]}
        disabled={disabled}
        aria-pressed={pressed}
        aria-label={saved ? `Remove ${carName} from your watchlist` : `Save ${carName} to your watchlist`}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z"
            fill={saved ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {saved ? "Saved" : "Save"}
      </button>
    </form>
  );
}

/** Until the button's code is here (a card that first appears after a client-side navigation): the plain form. */
function PlainSave({ carId, carName, available, look = "page" }: SaveToWatchlistProps) {
  const [params] = useSearchParams();
  const saved = watchlistOutcomeFor(params, carId) ?? false;
  if (!available && !saved) return null;
  return <SaveForm carId={carId} carName={carName} saved={saved} look={look} />;
}

export const SaveToWatchlist = lazyPart<SaveToWatchlistProps>(
  () => import("./SaveToWatchlistImpl").then((m) => m.SaveToWatchlistImpl),
  "SaveToWatchlist",
  PlainSave,
);
