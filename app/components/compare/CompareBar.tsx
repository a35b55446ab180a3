/**
 * The compare bar (CompareBarImpl.tsx): the list it counts lives in the browser, so there is nothing to
 * show before the page is interactive, and its code loads after the page.
 */
import { useLazyModule } from "../useHydrated";

export function CompareBar({ siteSlug }: { siteSlug: string }) {
  const bar = useLazyModule(() => import("./CompareBarImpl"), true);
  return bar ? <bar.CompareBarImpl siteSlug={siteSlug} /> : null;
}
