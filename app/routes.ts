/**
 * The site's routes (Remix's v3_routeConfig, as React Router 7 reads them): every folder route under
 * app/routes/ by the flat routes convention, then the alias paths that give one route module several
 * addresses (remix.config.js `aliasRoutes`: the results page's filter paths, the garage's and reserve's
 * other paths, the dealers' content pages...).
 */
import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";
import { remixRoutesOptionAdapter } from "@remix-run/routes-option-adapter";
import { aliasRoutes, IGNORED_ROUTE_FILES } from "../remix.config.js";

export default [
  ...(await flatRoutes({ ignoredRouteFiles: IGNORED_ROUTE_FILES })),
  ...(await remixRoutesOptionAdapter(aliasRoutes)),
] satisfies RouteConfig;
