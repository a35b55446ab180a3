/**
 * The finance popup (spec 001 section 2: 'Get Finance' on a car opens the journey over the vehicle
 * page, 450 px wide). A modal <dialog>: focus stays inside it, Esc closes it, and the page's address
 * carries it (FinancePopupLauncher), so Back closes it too. Its data is the /personalised/finance
 * loader's for the link that was clicked; where that page asks for sign-in first (a dealer that gates
 * finance), the shopper goes there instead, as without JavaScript.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FinanceJourneyImpl } from "./FinanceJourneyImpl";
import * as styles from "./financeJourney.css";
import { JOURNEY_API_PATH, JOURNEY_PATH, JOURNEY_TITLE, type JourneyData } from "./journeyCopy";

export interface FinancePopupProps {
  /** The 'Get Finance' link's path and query (/personalised/finance?car_id=...). */
  href: string;
  onClose: () => void;
}

type Loaded = { mode: "journey"; journey: JourneyData } | { mode: "landing" };

export function FinancePopup({ href, onClose }: FinancePopupProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [data, setData] = useState<JourneyData | null>(null);
  const [failed, setFailed] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    // A click on the backdrop (the dialog element itself, outside its body) closes it; Esc is the keyboard's way.
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === element) onCloseRef.current();
    };
    element.addEventListener("click", onBackdrop);
    return () => {
      element.removeEventListener("click", onBackdrop);
      element.close();
    };
  }, []);

  useEffect(() => {
    let live = true;
    // The journey's own data for this link, as JSON (app/routes/api.finance-journey).
    const url = JOURNEY_API_PATH + href.slice(JOURNEY_PATH.length);
    fetch(url, { headers: { Accept: "application/json" }, redirect: "manual" })
      .then(async (response) => {
        if (!live) return;
        // The page asks for something first (sign-in on a gated dealer): open it, as the link would, and it sends the shopper there.
        if (response.type === "opaqueredirect") {
          navigate(href, { replace: true });
          return;
        }
        const body = (await response.json().catch(() => null)) as Loaded | null;
        if (!response.ok || !body || body.mode !== "journey") throw new Error(`finance journey not loaded (${response.status})`);
        setData(body.journey);
      })
      .catch((error) => {
        if (!live) return;
        console.error("Finance journey not loaded", error);
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [href, navigate]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="finance-journey-title"
      data-testid="finance-popup"
      onCancel={(event) => {
        // Esc: closed through the address, like the close button, so Back and Esc agree.
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.dialogBody}>
        {data ? (
          <FinanceJourneyImpl data={data} mode="popup" onClose={onClose} />
        ) : (
          <>
            <h2 id="finance-journey-title" className={`${styles.title} ${styles.withClose}`}>
              {JOURNEY_TITLE}
            </h2>
            {failed ? (
              <p className={styles.loading}>
                We couldn't open finance here. <a href={href}>Continue to finance</a>
              </p>
            ) : (
              <p className={styles.loading} aria-busy="true">
                Loading...
              </p>
            )}
            <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
              ×
            </button>
          </>
        )}
      </div>
    </dialog>
  );
}
