/**
 * The results page and the vehicle page are the pages shoppers move between most. Each renders this for
 * the other once the browser is idle after the page has hydrated: Remix's `<PrefetchPageLinks>`, which
 * preloads that page's route modules and data (`/<path>.data`, answered from the page cache) and imports
 * its route modules to read their `links`. Importing the module defines the page's lazy parts, which then
 * start on their code at once (~/components/lazyPart.tsx): the results grid; the vehicle page's
 * breadcrumbs, gallery, sidebar, sold panel, main column, similar cars, sticky bars and finance pop-up
 * launcher. A shopper who then opens results or a car sees each part at once, never an empty busy box
 * while its code arrives. None of it is first-load JavaScript (it is fetched after the page is
 * interactive), and nothing is fetched where the browser asks to save data.
 */
import { PrefetchPageLinks, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** How long to wait for an idle moment before prefetching anyway. */
const IDLE_TIMEOUT_MS = 5000;

export function PrefetchWhenIdle({ page }: { page: string | null | undefined }) {
  const [idle, setIdle] = useState(false);
  // Read so this re-renders when Remix learns new routes (the page's links are discovered after it
  // hydrates), and PrefetchPageLinks matches the page once its route is known.
  useNavigation();
  useEffect(() => {
    if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
    if (window.requestIdleCallback) {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 1000);
    return () => clearTimeout(id);
  }, []);
  return idle && page ? <PrefetchPageLinks page={page} /> : null;
}
