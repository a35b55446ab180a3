/**
 * A part of the page whose code is its own chunk (a lead form's kit, the vehicle page's columns, the
 * results grid), while the server still renders it whole.
 *
 * The page's first load (decision 37): the server renders a page once the code of every part is here
 * (app/entry.server.tsx), so a shopper without JavaScript gets every part complete and working as plain
 * HTML. The browser draws that HTML, then asks for the code of the page's parts (and of the parts those
 * chunks define), and hydrates the page when all of it has arrived (app/entry.client.tsx); until then the
 * page works as plain HTML, and it stays so if a chunk fails. Server and browser both draw each part
 * directly, with no Suspense boundary around it, so the page hydrates in one pass.
 *
 * Why not hydrate each part on its own, as its code arrives (as before decision 37): a Suspense boundary
 * still waiting to hydrate must not see the page change. Remix's browser entry gives its context a new
 * value, outside any transition, whenever the location changes (a new search on the results page), and
 * React then threw the part's server HTML away (error 421) and drew it anew, empty: a price the shopper
 * had just typed into the range boxes was lost. React hydrates even a boundary whose code is here in a
 * later pass than the page, so any boundary left in the server's HTML keeps that window open.
 *
 * Moving between pages: a part whose code is already here is drawn at once. One that is not (its page's
 * module fetched for a client-side move) shows its fallback behind a Suspense boundary until its code
 * arrives. A part defined after the page has hydrated (a new page's module, or a chunk's nested part)
 * starts on its code in its turn, alongside the page's data, not when it first renders; the results and
 * vehicle pages fetch each other's modules when idle (./PrefetchWhenIdle.tsx), so their parts' code is
 * usually here before the shopper goes there. Those parts take turns: one part's ask per task, so that
 * the asks of a dozen parts are not one long task that keeps the shopper's tap waiting (decision 33).
 * A part's styles are in the site's one stylesheet (decision 20), so the server's HTML is styled before
 * the part's code arrives.
 */
import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useState, type ComponentType } from "react";

/** A lazy part, with the promise of its code (a page can wait for its parts before calling itself ready). */
export type LazyPartComponent<P> = ComponentType<P> & { preload(): Promise<void> };

/** True once the page has hydrated in this browser: parts defined from then on belong to pages reached in it. */
let hydrated = false;

/** The code of the parts defined so far and not yet asked for, which the page waits for before it is drawn. */
const notAsked: Array<() => Promise<unknown>> = [];

/**
 * Asks for the code of every part defined so far and of the parts its chunks define, and settles when all
 * of it has arrived or failed: true when all of it is here. The server renders a page only then, and the
 * browser hydrates one only then, so both draw every part directly, with no Suspense boundary between.
 */
export async function loadPartsCode(): Promise<boolean> {
  let allHere = true;
  while (notAsked.length) {
    const settled = await Promise.allSettled(notAsked.splice(0).map((load) => load()));
    allHere &&= settled.every((result) => result.status === "fulfilled");
  }
  if (typeof document !== "undefined") hydrated = true;
  return allHere;
}

/** The parts waiting for their turn to ask for their code, in the order the page asked. */
const waiting: Array<() => void> = [];

function nextTurn() {
  // A task of its own (not an idle moment, which a busy phone may not have for a while): the parts start
  // within a few milliseconds of each other, and the shopper's taps go between them.
  setTimeout(() => {
    waiting.shift()?.();
    if (waiting.length) nextTurn();
  }, 0);
}

/** Runs `start` in a task of its own, after the starts asked for before it. */
function inTurn(start: () => void) {
  waiting.push(start);
  if (waiting.length === 1) nextTurn();
}

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  displayName: string,
  Fallback: ComponentType<P>,
): LazyPartComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  let waitingTurn: Promise<ComponentType<P>> | null = null;
  const loadNow = () => (loading ??= load().then((component) => (loaded = component)));
  const loadInTurn = () => loading ?? (waitingTurn ??= new Promise((resolve) => inTurn(() => resolve(loadNow()))));
  const Part = lazy(() => loadNow().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  if (hydrated) void loadInTurn();
  else notAsked.push(loadNow);
  function LazyPart(props: P) {
    const { pathname } = useLocation();
    // A part that began with its code here is drawn directly, as the server draws it and the browser
    // hydrates it. One that began without (after a client-side move) waits for its code behind a Suspense
    // boundary, and keeps that boundary all its life, so that the code's arrival does not draw it anew.
    // Either way another path (another car) starts the part afresh.
    const [direct] = useState(() => loaded !== null);
    if (direct && loaded) {
      const Loaded = loaded;
      return <Loaded key={pathname} {...props} />;
    }
    return (
      <Suspense key={pathname} fallback={<Fallback {...props} />}>
        <Part {...props} />
      </Suspense>
    );
  }
  LazyPart.displayName = displayName;
  LazyPart.preload = () => loadInTurn().then(() => undefined);
  return LazyPart;
}

/** The usual fallback of a lazy part: an empty, busy box until the part's code is here. */
export function PendingPart() {
  return <div aria-busy="true" />;
}
