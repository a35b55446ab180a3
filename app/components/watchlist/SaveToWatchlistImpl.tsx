/**
 * What a Save button does once the page is interactive (SaveToWatchlist.tsx loads this after the page).
 * A fetcher sends the same form: the button flips at once (optimistic) and every Save button on the page
 * is disabled until the server answers (spec 000 section 4). Signed out, the shopper goes to sign-in
 * (type=watchlist) and comes back with the car saved. Whether the car is already saved comes from the
 * page's one GET /api/me after load, so the page itself stays the same for everyone. The toasts go to
 * the page's one toast host, so a page of cards never shows two at once.
 */
import { useFetcher, useSearchParams } from "@remix-run/react";
import { useEffect, useState, useSyncExternalStore, type FormEvent } from "react";
import { useBrowserLayoutEffect } from "~/components/useBrowserLayoutEffect";
import { markSavedCar, useMe } from "~/components/shopperMe";
import { showToast, Toast, type ToastMessage } from "~/components/Toast";
import { WATCHLIST_ERROR_TITLE, watchlistToast } from "~/domain/watchlist";
import { SAVE_CAR_PATH, watchlistOutcomeFor } from "~/domain/watchlistAddress";
import { SaveForm, useReturnPath, type SaveToWatchlistProps } from "./SaveToWatchlist";

type Answer = { success: true; saved: boolean; carName: string } | { success: false; signIn?: string; error?: string };

/** How many Save or Remove calls are running on the page: while any is, every Save button waits. */
let running = 0;
const listeners = new Set<() => void>();
function setRunning(change: number) {
  running += change;
  for (const listener of listeners) listener();
}
function useAnyCallRunning(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => running > 0,
    () => false,
  );
}

export function SaveToWatchlistImpl({ carId, carName, available, watchlistPath, look = "page" }: SaveToWatchlistProps) {
  const [params] = useSearchParams();
  const fetcher = useFetcher<Answer>();
  const me = useMe();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const savedToast = (saved: boolean, name: string): ToastMessage => ({
    tone: "success",
    ...watchlistToast(saved, name),
    link: { href: watchlistPath, label: "View List" },
  });

  // A save or removal that came back through the address (sent without JavaScript, or finished by the
  // sign-in it needed): shown in place until the page is interactive, then by the page's toast host.
  const fromAddress = watchlistOutcomeFor(params, carId);
  const here = useReturnPath();
  // Handed to the host only once this button has taken its own copy away (the render after hydrating),
  // so the page never shows the toast twice, not even for a frame.
  useEffect(() => {
    if (hydrated && fromAddress !== null) showToast(savedToast(fromAddress, carName));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new outcome in the address matters here
  }, [hydrated, fromAddress, carId]);

  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (!busy) return;
    setRunning(1);
    return () => setRunning(-1);
  }, [busy]);
  const anyRunning = useAnyCallRunning();

  // The server's answer to the last save or removal, taken in before the button is painted again.
  const answer = busy ? undefined : fetcher.data;
  useBrowserLayoutEffect(() => {
    if (!answer) return;
    if (answer.success) {
      markSavedCar(carId, answer.saved);
      showToast(savedToast(answer.saved, answer.carName));
    } else if (answer.signIn) {
      // Signed out: sign in, then the sign-in screen comes back through the save.
      window.location.assign(answer.signIn);
    } else {
      showToast({ tone: "error", title: WATCHLIST_ERROR_TITLE, message: answer.error ?? "Your watchlist could not be updated." });
    }
    // savedToast only reads props: the answer is what changed.
  }, [answer]);

  // Optimistic: while a call runs, the button shows what it asked for.
  const asked = busy && fetcher.formAction ? fetcher.formAction.startsWith(SAVE_CAR_PATH) : null;
  const known = me?.signedIn ? me.savedCarIds.includes(carId) : null;
  const saved = asked ?? known ?? fromAddress ?? false;
  const addressToast = !hydrated && fromAddress !== null ? <Toast toast={savedToast(fromAddress, carName)} dismissHref={here} /> : null;
  // A sold car cannot be saved: its button is there only to take it off the list.
  if (!available && !saved) return addressToast;

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    fetcher.submit(event.currentTarget);
  };
  return (
    <>
      <SaveForm
        carId={carId}
        carName={carName}
        saved={saved}
        look={look}
        pressed={hydrated ? saved : undefined}
        disabled={busy || anyRunning}
        onSubmit={send}
      />
      {addressToast}
    </>
  );
}
