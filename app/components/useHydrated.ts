import { useEffect, useState } from "react";

/** False on the server and during hydration, true once the page is interactive. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Loads a module once `enabled` is true (after hydration), so heavy parts such as the spin viewer and
 * fullscreen slider stay out of the first download. Null until loaded or when loading fails.
 */
export function useLazyModule<T>(load: () => Promise<T>, enabled: boolean): T | null {
  const [mod, setMod] = useState<T | null>(null);
  // The first `load` is kept: callers pass a new arrow each render, and the module is loaded once.
  const [loadOnce] = useState(() => load);
  useEffect(() => {
    if (!enabled || mod) return;
    let live = true;
    loadOnce().then(
      (m) => live && setMod(() => m),
      (error) => console.warn("Could not load part of the page", error),
    );
    return () => {
      live = false;
    };
  }, [enabled, mod, loadOnce]);
  return mod;
}
