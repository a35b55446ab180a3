/**
 * One stylesheet for the whole site (decision 20). With `build.cssCodeSplit: false` Vite writes every
 * page's and component's vanilla-extract CSS into one file, but links it from no chunk, so Remix's
 * manifest (which gives a route the CSS of its chunks) would list no stylesheet at all. This plugin hangs
 * that file on the root route's chunk: the manifest lists it for the root route, `<Links/>` renders it on
 * every page, and every page shares one cached file instead of blocking on six or seven.
 */
import type { Plugin } from "vite";

/** The chunk of the root route (app/root.tsx), whatever query Remix adds to its module id. */
export function isRootRouteModule(id: string | null | undefined): boolean {
  return Boolean(id && /[/\\]app[/\\]root\.tsx(\?|$)/.test(id));
}

export function oneStylesheet(): Plugin {
  return {
    name: "dealer-sites:one-stylesheet",
    apply: "build",
    enforce: "post",
    config(_config, env) {
      // The browser build only: the server build's CSS is never served.
      return env.isSsrBuild ? undefined : { build: { cssCodeSplit: false } };
    },
    generateBundle(_options, bundle) {
      if (this.environment?.config.build.ssr) return;
      // The bundled stylesheet is the asset Vite names style.css (a `?url` import stays a file of its own).
      const stylesheets = Object.values(bundle).filter((file) => file.type === "asset" && file.names.includes("style.css"));
      if (stylesheets.length !== 1) this.error(`expected one site stylesheet in the browser build, found ${stylesheets.length}`);
      const root = Object.values(bundle).find((file) => file.type === "chunk" && isRootRouteModule(file.facadeModuleId));
      if (!root || root.type !== "chunk" || !root.viteMetadata) this.error("the root route's chunk is missing from the browser build");
      root.viteMetadata.importedCss.add(stylesheets[0].fileName);
    },
  };
}
