/**
 * Share (spec 000 sections 2 and 9): copy the link ('Copied' for 1.5 s and the toast 'Copied {car name}
 * to your clipboard!'), or Facebook, Twitter and WhatsApp in a 550x400 window. The menu is a <details>,
 * so the network links work without JavaScript (in a new tab); copying needs script.
 */
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { COPIED_LABEL_MS, copiedToast, shareLinks, shareWindowFeatures } from "~/domain/shareLinks";
import { Icon } from "./icons";
import { jsOnly } from "~/components/vehicle/JsOnly";
import * as styles from "./Sidebar.css";
import { toast as toastStyle } from "~/components/vehicle/vehicle.css";

const TOAST_MS = 4000;

export function ShareMenu({ url, carName }: { url: string; carName: string }) {
  const links = shareLinks(url, carName);
  const [copied, setCopied] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const later = (fn: () => void, ms: number) => timers.current.push(window.setTimeout(fn, ms));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setToast(copiedToast(carName));
      later(() => setCopied(false), COPIED_LABEL_MS);
      later(() => setToast(null), TOAST_MS);
    } catch (error) {
      console.warn("Could not copy the link", error);
      setToast("Sorry, we couldn't copy the link. Please copy it from the address bar.");
      later(() => setToast(null), TOAST_MS);
    }
  };
  const openWindow = (href: string) => (e: MouseEvent) => {
    const opened = window.open(href, "share", shareWindowFeatures(window.screen));
    // A blocked pop-up falls back to the link's own new tab.
    if (opened) {
      opened.opener = null;
      e.preventDefault();
    }
  };

  return (
    <details className={styles.shareDetails}>
      <summary className={`${styles.tool} ${styles.shareSummary}`}>
        <Icon name="share" size={18} /> Share
      </summary>
      <div className={styles.shareMenu}>
        <button type="button" className={`${styles.shareItem} ${jsOnly}`} onClick={copy}>
          {copied ? "Copied" : "Copy link"}
        </button>
        {links ? (
          <>
            <a
              className={styles.shareItem}
              href={links.facebook}
              target="_blank"
              rel="noopener noreferrer"
              onClick={openWindow(links.facebook)}
            >
              Facebook
            </a>
            <a
              className={styles.shareItem}
              href={links.twitter}
              target="_blank"
              rel="noopener noreferrer"
              onClick={openWindow(links.twitter)}
            >
              Twitter
            </a>
            <a
              className={styles.shareItem}
              href={links.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              onClick={openWindow(links.whatsapp)}
            >
              WhatsApp
            </a>
          </>
        ) : null}
      </div>
      {toast ? (
        <div className={toastStyle} role="status" aria-live="polite">
          {toast}
        </div>
      ) : null}
    </details>
  );
}
