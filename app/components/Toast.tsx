/**
 * One toast at a time (spec 001 section 4, 'Toasts: one at a time'): a title, a message and an optional
 * link, in a live region so screen readers announce it; a failure is an alert. Without JavaScript a
 * toast can still be shown (the page renders it from its address), and its close button is then a link
 * to the same page without the outcome.
 *
 * Once the page is interactive every toast goes through the page's one toast host (ToastHost.tsx, in the
 * root layout): a part of the page calls `showToast`, and the toast it shows replaces whatever was there.
 * This module loads after the page, with the host.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { WATCHLIST_ERROR_TITLE, watchlistErrorMessage } from "~/domain/watchlist";
import { WATCHLIST_ADDRESS_KEYS, withoutWatchlistOutcome } from "~/domain/watchlistAddress";
import * as styles from "./Toast.css";

export interface ToastMessage {
  tone: "success" | "error";
  title: string;
  message: string;
  link?: { href: string; label: string };
}

interface Dismiss {
  /** Closes the toast on the page (with JavaScript). */
  onDismiss?: () => void;
  /** Otherwise: the page to go to instead (this page without the outcome that shows the toast). */
  dismissHref?: string;
}

export function Toast({ toast, ...dismiss }: { toast: ToastMessage | null } & Dismiss) {
  return (
    <div className={styles.region}>
      {/* The status region is always present, so a toast put into it is announced; an alert is announced
          as it appears, so it is there only while there is one (a page has no empty alert). */}
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast?.tone === "success" ? <ToastBody toast={toast} {...dismiss} /> : null}
      </div>
      {toast?.tone === "error" ? (
        <div role="alert" aria-atomic="true">
          <ToastBody toast={toast} {...dismiss} />
        </div>
      ) : null}
    </div>
  );
}

function ToastBody({ toast, onDismiss, dismissHref }: { toast: ToastMessage } & Dismiss) {
  return (
    <div className={styles.toast[toast.tone]} data-testid="toast">
      <p className={styles.title}>{toast.title}</p>
      <p className={styles.message}>{toast.message}</p>
      {toast.link ? (
        <a className={styles.link} href={toast.link.href}>
          {toast.link.label}
        </a>
      ) : null}
      {onDismiss ? (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      ) : dismissHref ? (
        <a className={styles.dismiss} href={dismissHref} aria-label="Dismiss">
          ×
        </a>
      ) : null}
    </div>
  );
}

let current: ToastMessage | null = null;
let hostHydrated = false;
const listeners = new Set<() => void>();

/** Shows this toast in the page's one toast host, in place of any other; null takes the toast away. */
export function showToast(toast: ToastMessage | null): void {
  current = toast;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The page's one toast (ToastHost.tsx loads this after the page; the root layout renders it once). A save or removal sent without JavaScript
 * comes back with its outcome in the address: a refusal (`?watchlist_error=`) is shown from here, from
 * the page's first paint; a car saved or removed is shown by that car's Save button, which knows its
 * name. Once the page is interactive and the toast is up, the outcome leaves the address bar (the page
 * is not loaded again), so reloading or sharing the page does not repeat it.
 */
export function ToastHostImpl() {
  const toast = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const { pathname, search } = useLocation();
  // Hydrated once for the page's life: the host is mounted again on each new page, and must not drop
  // the toast it shows for one render each time.
  const [hydrated, setHydrated] = useState(hostHydrated);
  useEffect(() => {
    hostHydrated = true;
    setHydrated(true);
  }, []);
  const refusal = watchlistErrorMessage(new URLSearchParams(search).get("watchlist_error"));
  const refusalToast: ToastMessage | null = refusal ? { tone: "error", title: WATCHLIST_ERROR_TITLE, message: refusal } : null;
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!WATCHLIST_ADDRESS_KEYS.some((key) => params.has(key))) return;
    if (refusalToast) showToast(refusalToast);
    // The router keeps its own copy of the address, so the page goes on as it is; only the bar changes.
    window.history.replaceState(
      window.history.state,
      "",
      window.location.pathname + withoutWatchlistOutcome(window.location.search) + window.location.hash,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new address is what matters here
  }, [search]);
  if (hydrated) return <Toast toast={toast} onDismiss={() => showToast(null)} />;
  return <Toast toast={refusalToast} dismissHref={pathname + withoutWatchlistOutcome(search)} />;
}
