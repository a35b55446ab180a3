/**
 * Build guard: server code never reaches the shopper's browser. Remix drops loaders and actions from
 * the browser bundle, and with them their server imports; anything from server/ that is still imported
 * after that (a value a component uses, a helper a route module exports) would ship database, secret
 * or file-system code to every shopper, so the client build stops and names the module and its importer.
 */
import path from "node:path";
import type { Plugin } from "vite";

/** A module id without Vite's query (`?v=…`, `?import`) or a virtual module's `\0` prefix. */
function filePath(id: string): string | undefined {
  if (id.startsWith("\0") || id.startsWith("virtual:")) return undefined;
  const bare = id.split("?")[0];
  return path.isAbsolute(bare) ? path.normalize(bare) : undefined;
}

/** True when `id` (a resolved module id) is a file under `<root>/server/` and the build is for the browser. */
export function isServerCodeInBrowser(root: string, id: string, ssr: boolean | undefined): boolean {
  if (ssr) return false;
  const file = filePath(id);
  if (!file) return false;
  const relative = path.relative(path.join(path.resolve(root), "server"), file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** The build error: which server module, and through which importer. */
export function serverCodeMessage(root: string, id: string, importer: string | undefined): string {
  const show = (file: string) => path.relative(root, filePath(file) ?? file).replaceAll(path.sep, "/");
  return (
    `server module ${show(id)} reached the browser bundle through ${importer ? show(importer) : "an unknown importer"}. ` +
    `Browser code may import only types from server/ (\`import type\`); move the value to app/domain or to a loader.`
  );
}

/** The Vite plugin: fails the client build (never the SSR build, never the dev server) on server code. */
export function serverCodeGuard(): Plugin {
  let root = process.cwd();
  return {
    name: "dealer-sites:server-code-guard",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    async resolveId(source, importer, options) {
      // Only specifiers that can lead into server/ (`@server/*`, `../server/*`, absolute paths) are resolved here.
      if (options?.ssr || !source.includes("server")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && isServerCodeInBrowser(root, resolved.id, options?.ssr)) {
        this.error(serverCodeMessage(root, resolved.id, importer));
      }
      return resolved;
    },
    load(id, options) {
      // A second net for modules another plugin resolved without asking this one.
      if (isServerCodeInBrowser(root, id, options?.ssr)) {
        this.error(serverCodeMessage(root, id, this.getModuleInfo(id)?.importers[0]));
      }
      return null;
    },
  };
}
