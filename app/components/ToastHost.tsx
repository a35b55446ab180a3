/**
 * The page's one toast host (spec 001 section 4: one toast at a time), rendered once by the root layout.
 * Its code (Toast.tsx) loads after the page (~/components/lazyPart.tsx); the server still renders it, so
 * a refusal sent back in the address is on screen without JavaScript.
 */
import { lazyPart } from "~/components/lazyPart";
// The toast's styles come with the layout, not with the toast's chunk: a toast the server renders (here,
// or by a Save button from the address) is styled before its script arrives, and without JavaScript.
import { region } from "./Toast.css";

/** Until the host's code is here: its empty live region. */
function EmptyRegion() {
  return (
    <div className={region}>
      <div role="status" aria-live="polite" aria-atomic="true" />
    </div>
  );
}

export const ToastHost = lazyPart<Record<string, never>>(() => import("./Toast").then((m) => m.ToastHostImpl), "ToastHost", EmptyRegion);
