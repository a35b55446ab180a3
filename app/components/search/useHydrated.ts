import { useEffect, useState } from "react";

/** False on the server and in the first browser render (so hydration matches), true once JavaScript runs. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
