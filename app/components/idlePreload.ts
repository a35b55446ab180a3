/**
 * The results page and the vehicle page are the pages shoppers move between most. Mounted on each of them
 * (useIdlePreload), this fetches both pages' route modules when the browser is idle after the page has
 * hydrated: the very modules Remix imports when the shopper goes there, named by the page's Remix
 * manifest once its links have made Remix discover them. Each defines its lazy parts after the first
 * page has hydrated, so those start on their code at once (~/components/lazyPart.tsx): the results grid;
 * the vehicle page's breadcrumbs, gallery, sidebar, sold panel, main column, similar cars, sticky bars
 * and finance pop-up launcher. A shopper who then opens results or a car sees each part at once, never
 * an empty busy box while its code arrives. None of it is first-load JavaScript (it is fetched after the
 * page is interactive), and nothing is fetched where the browser asks to save data.
 */
import { useEffect } from "react";

type Browser = Window & { __remixManifest?: { routes: Record<string, { module: string } | undefined> } };

/** Route ids whose modules (and so their lazy parts' code) are fetched when idle. */
export const IDLE_PRELOADED_PAGES = ["routes/search", "routes/cars.$slug"];

/**
 * Imports each page's route module once the manifest names it. Remix discovers routes lazily (the
 * manifest first holds only the page's own; the page's links add theirs a moment after hydrating), so a
 * page not named yet is tried again, a few times, a second apart.
 */
function preloadPages(pending = IDLE_PRELOADED_PAGES, triesLeft = 10): void {
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const routes = (window as Browser).__remixManifest?.routes ?? {};
  // A page whose code fails to come here loads it again when the shopper opens it.
  for (const id of pending) if (routes[id]) import(/* @vite-ignore */ routes[id].module).catch(() => undefined);
  const unnamed = pending.filter((id) => !routes[id]);
  if (unnamed.length && triesLeft > 1) setTimeout(() => preloadPages(unnamed, triesLeft - 1), 1000);
}

/** After the page has hydrated, when the browser is idle: the results and vehicle pages' code. */
export function useIdlePreload(): void {
  useEffect(() => {
    if (window.requestIdleCallback) {
      const id = window.requestIdleCallback(() => preloadPages(), { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => preloadPages(), 1000);
    return () => clearTimeout(id);
  }, []);
}
