/**
 * The browser entry. The server's HTML is the page a shopper sees first; hydrating it makes it
 * interactive. On a slow phone the hydration is the longest piece of work the page does, so it waits
 * until the browser has painted that HTML once: the shopper sees the car while the page wakes up,
 * instead of looking at a blank screen until the JavaScript has run.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// A frame callback runs just before the next paint; the task after it runs once that paint is done.
if (typeof requestAnimationFrame === "function" && document.visibilityState === "visible") {
  requestAnimationFrame(() => setTimeout(hydrate, 0));
} else {
  // A page opened in a background tab gets no frames until it is shown: hydrate at once.
  hydrate();
}
