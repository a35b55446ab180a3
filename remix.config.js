/**
 * Remix options, passed to the Remix Vite plugin by vite.config.ts.
 * Style files (*.css.ts) and tests beside route modules are not routes.
 */
export default {
  ignoredRouteFiles: ["**/*.css.ts", "**/*.test.ts", "**/*.test.tsx", "**/.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
  /** Alias paths: one route module answers several addresses (each needs its own route id). */
  routes(defineRoutes) {
    return defineRoutes((route) => {
      // Results: /search (this folder's own path), its filter paths, and the same page under /used-car.
      route("search/*", "routes/search/route.tsx", { id: "routes/search.$" });
      route("used-car", "routes/search/route.tsx", { id: "routes/used-car._index" });
      route("used-car/*", "routes/search/route.tsx", { id: "routes/used-car.$" });
    });
  },
};
