/**
 * Keeps a shopper's taps and typing away from React while it hydrates the page (decision 37).
 *
 * React 18 answers a tap or a key on a page it has not hydrated yet by hydrating it at once,
 * synchronously. If the page cannot be drawn at that moment, because Remix's browser entry is still
 * reading the page's data (it suspends the whole page until it has: single fetch), React gives up with
 * "Root did not complete. This is a bug in React." (error 345) and the page is never hydrated: its
 * script never works (remix-run/remix#10214, remix-run/react-router#12763, both open). A busy phone
 * showed it when a price was typed just as the page began to hydrate.
 *
 * Until the page has hydrated, these events stop at the window, before React's listeners on the document.
 * Nothing is prevented: a link still opens its page, a form is still sent, a box still takes the text.
 * The page simply works as the plain HTML it is until then, as it does before its script arrives; what
 * was typed is read by the page's parts when they start (the range boxes do).
 */

/** The events React 18 hydrates a page at once for: its "discrete replayable" events (react-dom 18.3). */
export const HELD_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
] as const;

type Listening = Pick<Window, "addEventListener" | "removeEventListener">;

/** Holds the events from now on; the function returned lets them through again (once is enough). */
export function holdInputUntilHydrated(target: Listening): () => void {
  const stop = (event: Event) => event.stopPropagation();
  for (const type of HELD_EVENTS) target.addEventListener(type, stop, { capture: true });
  return () => {
    for (const type of HELD_EVENTS) target.removeEventListener(type, stop, { capture: true });
  };
}
