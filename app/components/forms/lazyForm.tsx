/**
 * A form whose code (the form kit, `remix-validated-form`) loads with the form, not with the page.
 *
 * The server renders the whole form into the page (app/entry.server.tsx waits for every lazy part), so
 * a shopper without JavaScript gets a complete, working HTML form. In the browser the page hydrates
 * without the form's code; React keeps the server's form (it works as a plain HTML form meanwhile) and
 * hydrates it when its chunk arrives, keeping whatever the shopper has typed (the kit's fields are
 * uncontrolled, so React leaves their values alone).
 *
 * One React 18 rule makes this safe: a Suspense boundary still waiting to hydrate must not be given
 * new props, or React throws the server's form away and shows the fallback (an empty gap, what was
 * typed lost). Pages re-render right after hydrating (the vehicle page's `useHydrated`), so until
 * the chunk has loaded the boundary ignores re-renders; the form's props come from the page's data,
 * which changes only with the page, and a new page (another path) mounts a new boundary.
 */
import { useLocation } from "@remix-run/react";
import { lazy, memo, Suspense, type ComponentType } from "react";
// Importing the fields' styles here puts them in the page's stylesheet, not the form's chunk: the
// server's form is styled (and its honeypot hidden) before its script arrives, and without JavaScript.
import { pendingForm } from "./Field.css";

function shallowEqual(a: object, b: object): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

export function lazyForm<P extends object>(load: () => Promise<ComponentType<P>>, displayName: string): ComponentType<P> {
  let loaded = false;
  const Form = lazy(() =>
    load().then((component) => {
      loaded = true;
      return { default: component };
    }),
  ) as unknown as ComponentType<P>;
  const Boundary = memo(
    function Boundary(props: P) {
      return (
        <Suspense fallback={<div className={pendingForm} aria-busy="true" />}>
          <Form {...props} />
        </Suspense>
      );
    },
    // Until the code is here, re-renders do not reach the boundary (see above).
    (previous, next) => !loaded || shallowEqual(previous, next),
  );
  function LazyForm(props: P) {
    const { pathname } = useLocation();
    return <Boundary key={pathname} {...props} />;
  }
  LazyForm.displayName = displayName;
  return LazyForm;
}
