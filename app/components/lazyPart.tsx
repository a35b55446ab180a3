/**
 * A part of the page whose code loads after the page, not with it (a lead form's kit, the Save
 * buttons' calls), while the server still renders it whole.
 *
 * The server renders the part into the page (app/entry.server.tsx waits for every lazy part), so a
 * shopper without JavaScript gets it complete and working as plain HTML. In the browser the page
 * hydrates without the part's code; React keeps the server's HTML (working as plain HTML meanwhile) and
 * hydrates it when its chunk arrives, keeping whatever the shopper has typed into it.
 *
 * One React 18 rule makes this safe: a Suspense boundary still waiting to hydrate must not be given
 * new props, or React throws the server's HTML away and shows the fallback. Pages re-render right after
 * hydrating (the vehicle page's `useHydrated`), so until the chunk has loaded the boundary ignores
 * re-renders, and renders once more when it has (props changed meanwhile, such as a new search on the
 * same path, then reach the part); a new page (another path) mounts a new boundary. The fallback shows
 * only where the part first appears in the browser (after a client-side navigation) before its code is
 * there. A part's styles are in the site's one stylesheet (decision 20), so the server's HTML is styled
 * before the part's code arrives.
 *
 * Moving between pages: a part whose code is already here renders at once, never its fallback. A part
 * defined after the first page has hydrated (its page's module fetched for a client-side navigation, or
 * a lazy chunk's nested part) starts on its code in its turn (below), alongside the page's data, not
 * when it first renders. The results and vehicle pages fetch each other's modules when idle
 * (./PrefetchWhenIdle.tsx), so their parts' code is usually here before the shopper goes there.
 *
 * Parts take turns: a page asks for its parts' code one part per task, not all at once as it hydrates.
 * Asking for a chunk is work on the page's one thread, and a dozen asks in the task that hydrates the
 * page made it one long task that kept the shopper's first tap waiting (decision 33). A part the page
 * renders before its turn (after a client-side navigation) asks at once.
 */
import { useLocation } from "@remix-run/react";
import { lazy, memo, startTransition, Suspense, useEffect, useState, type ComponentType } from "react";

function shallowEqual(a: object, b: object): boolean {
  return Object.keys({ ...a, ...b }).every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** A lazy part, with the promise of its code (a page can wait for its parts before calling itself ready). */
export type LazyPartComponent<P> = ComponentType<P> & { preload(): Promise<void> };

/** True once a page has hydrated here: parts defined from then on belong to pages reached in the browser. */
let hydrated = false;

/** The parts waiting for their turn to ask for their code, in the order the page asked. */
const waiting: Array<() => void> = [];

function nextTurn() {
  // A task of its own (not an idle moment, which a busy phone may not have for a while): the page's
  // parts start within a few milliseconds of each other, and the shopper's taps go between them.
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
  // Code already here: a thenable that answers at once, so React renders the part without suspending.
  const Part = lazy(() =>
    loaded
      ? ({ then: (done: (module: object) => void) => done({ default: loaded }) } as never)
      : loadNow().then((component) => ({ default: component })),
  ) as unknown as ComponentType<P>;
  if (hydrated) void loadInTurn();
  const Boundary = memo(
    function Boundary(props: P) {
      return (
        <Suspense fallback={<Fallback {...props} />}>
          <Part {...props} />
        </Suspense>
      );
    },
    // Until the code is here, re-renders do not reach the boundary (see above).
    (previous, next) => !loaded || shallowEqual(previous, next),
  );
  function LazyPart(props: P) {
    const { pathname } = useLocation();
    // Once the code is here, render again: props the page changed meanwhile (a new search on the same
    // path) reach the part, as React may hydrate a boundary with new props once its code has loaded.
    const [, setLoaded] = useState(!!loaded);
    useEffect(() => {
      // In a transition: React hydrates the boundary (its code just came) before it takes this update, which
      // would otherwise reach a boundary still waiting to hydrate and make React throw its HTML away (error 421).
      if (!loaded) void loadInTurn().then(() => startTransition(() => setLoaded(true)));
      hydrated = true;
    }, []);
    return <Boundary key={pathname} {...props} />;
  }
  LazyPart.displayName = displayName;
  LazyPart.preload = () => loadInTurn().then(() => undefined);
  return LazyPart;
}

/** The usual fallback of a lazy part: an empty, busy box until the part's code is here. */
export function PendingPart() {
  return <div aria-busy="true" />;
}
