/**
 * Opens the finance journey as a popup instead of leaving the vehicle page (spec 001 section 2): a
 * click on any link to /personalised/finance (the sidebar's, the sticky header's, the calculator's and
 * the call-to-action's 'Get Finance') adds a fragment to the page's address, with the link in the
 * history entry's state, and the popup's code is fetched on that first click, never with the page.
 * Back (or Esc, or the close button) takes the fragment away and closes it. Without JavaScript, or
 * when the car cannot be financed (canFinance, so the page has no such link), the links simply go to
 * the finance page.
 */
import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType } from "react";
import type { FinancePopupProps } from "./FinancePopup";
import { JOURNEY_PATH, POPUP_HASH } from "./journeyAddress";

interface PopupState {
  financeJourney?: string;
}

function journeyHref(state: unknown): string | null {
  const href = (state as PopupState | null)?.financeJourney;
  return typeof href === "string" && href.startsWith(`${JOURNEY_PATH}?`) ? href : null;
}

export function FinancePopupLauncher({ enabled }: { enabled: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [Popup, setPopup] = useState<ComponentType<FinancePopupProps> | null>(null);
  // True when this page added the popup's history entry (a reload keeps the entry but not this).
  const pushed = useRef(false);
  const href = enabled && location.hash === POPUP_HASH ? journeyHref(location.state) : null;
  const here = useRef(location);
  here.current = location;

  useEffect(() => {
    if (!enabled) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self")) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname !== JOURNEY_PATH || !url.search) return;
      event.preventDefault();
      const { pathname, search } = here.current;
      pushed.current = true;
      navigate({ pathname, search, hash: POPUP_HASH }, { state: { financeJourney: url.pathname + url.search }, preventScrollReset: true });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [enabled, navigate]);

  useEffect(() => {
    if (!href || Popup) return;
    import("./FinancePopup").then(
      (m) => setPopup(() => m.FinancePopup),
      // The code could not be fetched (a dropped connection): the finance page itself still works.
      () => window.location.assign(href),
    );
  }, [href, Popup]);

  if (!href || !Popup) return null;
  const close = () => {
    if (pushed.current) {
      pushed.current = false;
      navigate(-1);
    } else {
      const { pathname, search } = here.current;
      navigate({ pathname, search, hash: "" }, { replace: true, preventScrollReset: true });
    }
  };
  return <Popup href={href} onClose={close} />;
}
