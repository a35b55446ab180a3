/**
 * 'Save' to the watchlist (spec 000 section 4, 'Watchlist'): the shopper's list of cars kept on the
 * dealer's server, for a signed-in shopper. A plain form posting to /api/watchlist/save-car (or
 * remove-car), so it works without JavaScript: the server redirects back with the outcome in the
 * address (`?saved=`, `?removed=`, `?watchlist_error=`) and this shows the toast from it. With
 * JavaScript a fetcher sends it: the button flips at once (optimistic) and stays disabled until the
 * server answers; signed out, the shopper goes to sign-in and comes back with the car saved. Whether
 * the car is already saved comes from GET /api/me after the page loads, so the page itself stays the
 * same for everyone. A sold car offers only removal, and only when it is already saved.
 */
import { useFetcher, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { loadMe } from "~/components/shopperMe";
import { Toast, type ToastMessage } from "~/components/Toast";
import { watchlistErrorMessage, watchlistToast } from "~/domain/watchlist";
import * as styles from "./SaveToWatchlist.css";

const SAVE = "/api/watchlist/save-car";
const REMOVE = "/api/watchlist/remove-car";

type Answer = { success: true; saved: boolean; carName: string } | { success: false; signIn?: string; error?: string };

export interface SaveToWatchlistProps {
  carId: string;
  carName: string;
  /** Whether the car may be saved (in stock or coming soon). */
  available: boolean;
  /** The dealer's garage page, for the toast's 'View List'. */
  watchlistPath: string;
}

export function SaveToWatchlist({ carId, carName, available, watchlistPath }: SaveToWatchlistProps) {
  const [params] = useSearchParams();
  const location = useLocation();
  const fetcher = useFetcher<Answer>();
  const fromAddress = params.get("saved") === carId ? true : params.get("removed") === carId ? false : null;
  const [saved, setSaved] = useState<boolean | null>(fromAddress);
  const toastFor = (isSaved: boolean, name: string): ToastMessage => ({
    tone: "success",
    ...watchlistToast(isSaved, name),
    link: { href: watchlistPath, label: "View List" },
  });
  const [toast, setToast] = useState<ToastMessage | null>(() => {
    if (fromAddress !== null) return toastFor(fromAddress, carName);
    const error = watchlistErrorMessage(params.get("watchlist_error"));
    return error ? { tone: "error", title: "Watchlist not updated", message: error } : null;
  });
  const [hydrated, setHydrated] = useState(false);

  // After load: is this car in the signed-in shopper's watchlist?
  useEffect(() => {
    setHydrated(true);
    let live = true;
    void loadMe().then((me) => {
      if (live && me?.signedIn) setSaved(me.savedCarIds.includes(carId));
    });
    return () => {
      live = false;
    };
  }, [carId]);

  // A save or removal that came back through the address (no JavaScript when it was sent, or the
  // sign-in it needed): the page may be the same one, so follow the address, not just the first render.
  const outcome = `${params.get("saved") ?? ""}|${params.get("removed") ?? ""}|${params.get("watchlist_error") ?? ""}`;
  useEffect(() => {
    if (fromAddress !== null) {
      setSaved(fromAddress);
      setToast(toastFor(fromAddress, carName));
      return;
    }
    const error = watchlistErrorMessage(params.get("watchlist_error"));
    if (error) setToast({ tone: "error", title: "Watchlist not updated", message: error });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new outcome in the address matters here
  }, [outcome]);

  // The server's answer to the last save or removal.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.success) {
      setSaved(answer.saved);
      setToast(toastFor(answer.saved, answer.carName));
    } else if (answer.signIn) {
      // Signed out: sign in, then the sign-in screen comes back through the save.
      window.location.assign(answer.signIn);
    } else {
      setToast({ tone: "error", title: "Watchlist not updated", message: answer.error ?? "Your watchlist could not be updated." });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- toastFor only reads props; the answer is what changed
  }, [answer]);

  const busy = fetcher.state !== "idle";
  // Optimistic: while a call runs, the button shows what it asked for.
  const pending = fetcher.formAction ? fetcher.formAction.startsWith(SAVE) : null;
  const shownSaved = busy && pending !== null ? pending : (saved ?? false);
  // A sold car cannot be saved: its control is there only to take it off the list.
  if (!available && !shownSaved) return <Toast toast={toast} onDismiss={hydrated ? () => setToast(null) : undefined} />;

  const redirect = currentPath(location.pathname, params);
  return (
    <>
      <fetcher.Form method="post" action={shownSaved ? REMOVE : SAVE} className={styles.form}>
        <input type="hidden" name="car_id" value={carId} />
        <input type="hidden" name="redirect" value={redirect} />
        <button
          type="submit"
          className={styles.button}
          disabled={busy}
          aria-pressed={hydrated ? shownSaved : undefined}
          aria-label={shownSaved ? `Remove ${carName} from your watchlist` : `Save ${carName} to your watchlist`}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z"
              fill={shownSaved ? "currentColor" : "none"}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          {shownSaved ? "Saved" : "Save"}
        </button>
      </fetcher.Form>
      <Toast toast={toast} onDismiss={hydrated ? () => setToast(null) : undefined} />
    </>
  );
}

/** This page's address without a previous outcome, for the server to come back to. */
function currentPath(pathname: string, params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const key of ["saved", "removed", "watchlist_error"]) kept.delete(key);
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
