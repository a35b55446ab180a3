/**
 * The browser's entry: Remix's own (the document hydrated in a transition), started once the browser has
 * drawn the server's HTML (decision 35) and the code of the page's lazy parts is here (decision 37).
 * - When the page's scripts arrive before the first frame, hydrating at once kept the page blank until
 *   hydration had run: on a slow phone, a second or more.
 * - A part hydrated on its own, after the page, could lose what a shopper had typed into it
 *   (~/components/lazyPart.tsx). Should a part's code fail to load, the page is not hydrated: it stays the
 *   server's working HTML, as without JavaScript.
 * - While React hydrates, taps and keys stay with the plain page (~/utils/holdInputUntilHydrated.ts).
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { afterFirstPaint } from "~/utils/afterFirstPaint";
import { loadPartsCode } from "~/components/lazyPart";
import { holdInputUntilHydrated } from "~/utils/holdInputUntilHydrated";

/** Calls `onHydrated` as React commits the hydrated page (it draws nothing of its own). */
function Hydrated({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useLayoutEffect(onHydrated, [onHydrated]);
  return children;
}

afterFirstPaint(
  () =>
    void loadPartsCode().then((allHere) => {
      if (!allHere) return;
      const letInputThrough = holdInputUntilHydrated(window);
      startTransition(() => {
        hydrateRoot(
          document,
          <StrictMode>
            <Hydrated onHydrated={letInputThrough}>
              <RemixBrowser />
            </Hydrated>
          </StrictMode>,
        );
      });
    }),
  {
    visibilityState: document.visibilityState,
    requestAnimationFrame: (callback) => window.requestAnimationFrame(callback),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  },
);
