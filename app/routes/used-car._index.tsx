/** Results page: one module serves every search path (see ~/components/search/SearchPage). */
export { headers, loader } from "~/components/search/searchRoute.server";
export { default, ErrorBoundary, meta } from "~/components/search/SearchPage";
