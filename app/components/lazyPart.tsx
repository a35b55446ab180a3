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
 * re-renders; the part's props come from the page's data, which changes only with the page, and a new
 * page (another path) mounts a new boundary. The fallback shows only where the part first appears in
 * the browser (after a client-side navigation) before its code is there.
 */
import { useLocation } from "@remix-run/react";
import { lazy, memo, Suspense, type ComponentType } from "react";

function shallowEqual(a: object, b: object): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  displayName: string,
  Fallback: ComponentType<P>,
): ComponentType<P> {
  let loaded = false;
  const Part = lazy(() =>
    load().then((component) => {
      loaded = true;
      return { default: component };
    }),
  ) as unknown as ComponentType<P>;
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
    return <Boundary key={pathname} {...props} />;
  }
  LazyPart.displayName = displayName;
  return LazyPart;
}
