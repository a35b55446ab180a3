/**
 * The click that opens the finance popup (spec 001 section 2), listened for from the moment the vehicle
 * page has hydrated (before that, the link opens the finance journey's page, as without script): a click
 * on any same-site link to /personalised/finance adds the popup's fragment to the page's address, with the
 * link in the history entry's state. The popup's code (FinancePopupLauncher, then FinancePopup) is
 * fetched only then.
 *
 * Each entry this page adds carries a token it remembers, so closing knows whether Back leaves the popup
 * (an entry it added) or the fragment must be replaced (a reload or a shared address kept the entry).
 */
import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { sameSiteLinkOf, type LinkClick } from "~/components/Link";
import { JOURNEY_PATH, POPUP_HASH } from "./journeyAddress";

export interface PopupState {
  financeJourney?: string;
  openedBy?: string;
}

const openedHere = new Set<string>();
let opened = 0;

/** The journey's path and query the entry's state names, when it is one. */
export function journeyHref(state: unknown): string | null {
  const href = (state as PopupState | null)?.financeJourney;
  return typeof href === "string" && href.startsWith(`${JOURNEY_PATH}?`) ? href : null;
}

/** True when this page (not an earlier load of it) added the history entry of this state. */
export function openedOnThisPage(state: unknown): boolean {
  const token = (state as PopupState | null)?.openedBy;
  return typeof token === "string" && openedHere.has(token);
}

/** The journey's path and query when this plain left click follows a same-site link to it, else null. */
export function journeyLinkOf(event: LinkClick, page: string): string | null {
  const url = sameSiteLinkOf(event, page, "a[href]")?.url;
  return url && url.pathname === JOURNEY_PATH && url.search ? url.pathname + url.search : null;
}

export function useFinancePopupClicks(enabled: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();
  const here = useRef(location);
  here.current = location;

  useEffect(() => {
    if (!enabled) return;
    const onClick = (event: MouseEvent) => {
      const financeJourney = journeyLinkOf(event, window.location.href);
      if (!financeJourney) return;
      event.preventDefault();
      const openedBy = `${Date.now()}-${++opened}`;
      openedHere.add(openedBy);
      const { pathname, search } = here.current;
      const state: PopupState = { financeJourney, openedBy };
      navigate({ pathname, search, hash: POPUP_HASH }, { state, preventScrollReset: true });
    };
    // On window, in the capture phase: before React's own listener on the document, so nothing React does
    // with the click (it stops some from going further) keeps the link from opening the popup.
    window.addEventListener("click", onClick, { capture: true });
    return () => window.removeEventListener("click", onClick, { capture: true });
  }, [enabled, navigate]);
}
