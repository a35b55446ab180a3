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
};
