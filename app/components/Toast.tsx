/**
 * One toast at a time (spec 001 section 4, 'Toasts: one at a time'): a title, a message and an optional
 * link, in a live region so screen readers announce it; a failure is an alert. Without JavaScript a
 * toast can still be shown (the page renders it from its address); the close button is there only
 * when something can close it.
 */
import * as styles from "./Toast.css";

export interface ToastMessage {
  tone: "success" | "error";
  title: string;
  message: string;
  link?: { href: string; label: string };
}

export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss?: () => void }) {
  return (
    <div className={styles.region}>
      {/* Both regions are always present, so a toast put into one is announced. */}
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast?.tone === "success" ? <ToastBody toast={toast} onDismiss={onDismiss} /> : null}
      </div>
      <div role="alert" aria-atomic="true">
        {toast?.tone === "error" ? <ToastBody toast={toast} onDismiss={onDismiss} /> : null}
      </div>
    </div>
  );
}

function ToastBody({ toast, onDismiss }: { toast: ToastMessage; onDismiss?: () => void }) {
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
      ) : null}
    </div>
  );
}
