/**
 * The finance popup over the vehicle page (spec 001 section 2), while the page's address carries the
 * popup's fragment and its history entry the journey's link (useFinancePopupClicks puts them there). Its
 * code is fetched when it first opens, never with the page. Back (or Esc, or the close button) takes the
 * fragment away and closes it. Without JavaScript, or when the car cannot be financed (canFinance, so the
 * page has no such link), the links simply go to the finance page.
 */
import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType } from "react";
import type { FinancePopupProps } from "./FinancePopup";
import { journeyHref, openedOnThisPage } from "./financePopupClicks";
import { POPUP_HASH } from "./journeyAddress";

export function FinancePopupLauncher({ enabled }: { enabled: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [Popup, setPopup] = useState<ComponentType<FinancePopupProps> | null>(null);
  const href = enabled && location.hash === POPUP_HASH ? journeyHref(location.state) : null;
  const here = useRef(location);
  here.current = location;

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
    if (openedOnThisPage(here.current.state)) {
      navigate(-1);
    } else {
      const { pathname, search } = here.current;
      navigate({ pathname, search, hash: "" }, { replace: true, preventScrollReset: true });
    }
  };
  return <Popup href={href} onClose={close} />;
}
