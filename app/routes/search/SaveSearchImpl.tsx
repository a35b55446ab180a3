/**
 * What 'Save this search' is (SaveSearch.tsx loads it after the page): a disclosure opening the small form
 * (~/components/savedSearch). The page is cached for everyone, so nothing here is the shopper's: whether
 * they are signed in comes from the page's one GET /api/me after load. With JavaScript, a signed-out
 * shopper's button goes to sign-in and comes back to this page with the form open (#save-search);
 * without it, the form is there for everyone and a signed-out post goes through sign-in, which saves the
 * search on the way back. The outcome of a post without JavaScript comes back in the address
 * (?search_saved=1, ?search_error=<code>) and is said here.
 */
import { useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useState, type MouseEvent } from "react";
import { SaveSearchForm } from "~/components/savedSearch/SaveSearchForm";
import * as styles from "~/components/savedSearch/savedSearch.css";
import { useMe } from "~/components/shopperMe";
import { showToast, Toast, type ToastMessage } from "~/components/Toast";
import { SAVE_SEARCH_ANCHOR, SAVED_SEARCH_MESSAGES, saveOutcomeOf, savedSearchName, withoutSaveOutcome } from "~/domain/savedSearch";
import type { SaveSearchProps } from "./SaveSearch";
import { button } from "~/styles/ui.css";

export function SaveSearchImpl({ dealerName, state, garagePath, siteSlug }: SaveSearchProps) {
  const defaultName = savedSearchName(state);
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const me = useMe();
  const here = location.pathname + withoutSaveOutcome(location.search);
  const outcome = saveOutcomeOf(params);
  const [open, setOpen] = useState(outcome !== null && !outcome.saved);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Back from signing in (or sent here from a link to the form): the form opens.
  useEffect(() => {
    if (location.hash === `#${SAVE_SEARCH_ANCHOR}`) setOpen(true);
  }, [location.hash]);

  const toast: ToastMessage | null = outcome
    ? outcome.saved
      ? {
          tone: "success",
          title: "Search Saved",
          message: SAVED_SEARCH_MESSAGES.saved,
          link: { href: garagePath, label: "View My Garage" },
        }
      : { tone: "error", title: "Search Not Saved", message: SAVED_SEARCH_MESSAGES[outcome.error] }
    : null;
  // With JavaScript the page's toast host says it, and the outcome leaves the address (a reload does not say it again).
  useEffect(() => {
    if (!hydrated || !toast) return;
    showToast(toast);
    navigate(here + location.hash, { replace: true, preventScrollReset: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new outcome in the address matters here
  }, [hydrated, outcome?.saved, outcome && !outcome.saved ? outcome.error : null]);

  const signInHref = `/sign-in?${new URLSearchParams({ type: "saved-search", redirect: `${here}#${SAVE_SEARCH_ANCHOR}`, back: here })}`;
  const onSummary = (event: MouseEvent<HTMLElement>) => {
    // Known to be signed out: sign in first, then back here with the form open.
    if (me && !me.signedIn && !open) {
      event.preventDefault();
      window.location.assign(signInHref);
    }
  };
  const onSaved = useCallback(() => setOpen(false), []);

  return (
    <>
      <details
        id={SAVE_SEARCH_ANCHOR}
        className={styles.disclosure}
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        data-testid="save-search"
        // Its button knows whether the shopper is signed in (a browser test waits for this before a click).
        data-interactive={hydrated && me ? "" : undefined}
      >
        <summary className={`${button.outline} ${styles.summary}`} onClick={onSummary}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M12 3a6 6 0 0 0-6 6v3.5L4 16h16l-2-3.5V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          Save this search
        </summary>
        <div className={styles.panel}>
          <p className={styles.panelIntro}>Get an SMS or e-mail from {dealerName} when a car matching this search arrives.</p>
          <SaveSearchForm
            dealerName={dealerName}
            searchPath={here}
            defaultName={defaultName}
            garagePath={garagePath}
            siteSlug={siteSlug}
            inPlace
            onSaved={onSaved}
          />
        </div>
      </details>
      {!hydrated && toast ? <Toast toast={toast} dismissHref={here} /> : null}
    </>
  );
}
