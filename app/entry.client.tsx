/**
 * The browser's entry: Remix's own (the document hydrated in a transition), started once the browser has
 * drawn the server's HTML (decision 35). When the page's scripts arrive before the first frame, hydrating
 * at once kept the page blank until hydration had run: on a slow phone, a second or more.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { afterFirstPaint } from "~/utils/afterFirstPaint";

afterFirstPaint(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    }),
  {
    visibilityState: document.visibilityState,
    requestAnimationFrame: (callback) => window.requestAnimationFrame(callback),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  },
);
