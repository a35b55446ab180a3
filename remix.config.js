/** Style files (*.css.ts) and tests beside route modules are not routes (app/routes.ts). */
export const IGNORED_ROUTE_FILES = ["**/*.css.ts", "**/*.test.ts", "**/*.test.tsx", "**/.*"];

/**
 * Remix options, passed to the Remix Vite plugin by vite.config.ts. The routes themselves are in
 * app/routes.ts (v3_routeConfig, as React Router 7 has them): the folder routes under app/routes/ and the
 * alias paths below.
 */
export default {
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    // One request per navigation for every loader's data (`/<path>.data`, turbo-stream): decision 0028.
    v3_singleFetch: true,
    // The routes in app/routes.ts.
    v3_routeConfig: true,
  },
};

/** Alias paths: one route module answers several addresses (each needs its own route id). */
export function aliasRoutes(defineRoutes) {
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
    route("sell-my-car", "routes/trade-in/route.tsx", { id: "routes/sell-my-car" });
    // The garage: each dealer answers on one of the spec's garage paths (tenant paths.watchlist), the
    // others move to it (routes/my-garage answers /my-garage itself).
    route("mymotorama", "routes/my-garage/route.tsx", { id: "routes/mymotorama" });
    route("mybigboxcars", "routes/my-garage/route.tsx", { id: "routes/mybigboxcars" });
    route("myblinkr", "routes/my-garage/route.tsx", { id: "routes/myblinkr" });
    route("myservco", "routes/my-garage/route.tsx", { id: "routes/myservco" });
    // Reserve: each dealer answers on one of the two paths (tenant paths.checkout).
    route("cars/:slug/buy-online", "routes/cars.$slug_.checkout/route.tsx", { id: "routes/cars.$slug_.buy-online" });
    // An offer under its manufacturer: the same page as /offers/{id}.
    route("offers/:manufacturer/:id", "routes/offers.$id/route.tsx", { id: "routes/offers.$manufacturer.$id" });
    // Dealers' content pages have no route of their own: the one-segment route (routes/$page) shows them.
    // Locations: the grid also at /dealerships (tenant paths.locations), a location at each spec form of its address.
    route("dealerships", "routes/locations/route.tsx", { id: "routes/dealerships" });
    route("contact-us/:slug", "routes/locations_.$slug/route.tsx", { id: "routes/contact-us.$slug" });
    route("our-location/:slug", "routes/locations_.$slug/route.tsx", { id: "routes/our-location.$slug" });
  });
}
