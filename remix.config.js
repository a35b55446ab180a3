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
      // Older finance addresses, kept so existing links still work.
      route("finance-enquiry", "routes/finance/route.tsx", { id: "routes/finance-enquiry" });
      route("apply-for-finance", "routes/finance/route.tsx", { id: "routes/apply-for-finance" });
      // 'Get Change Over Price' from a car; a static path, so it wins over /cars/{slug}.
      route("cars/trade-in", "routes/trade-in/route.tsx", { id: "routes/cars.trade-in" });
      // Reserve: each dealer answers on one of the two paths (tenant paths.checkout).
      route("cars/:slug/buy-online", "routes/cars.$slug_.checkout/route.tsx", { id: "routes/cars.$slug_.buy-online" });
    });
  },
};
