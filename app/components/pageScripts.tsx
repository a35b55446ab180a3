/**
 * Remix's `<Scripts/>`, with its start-up script made to wait for the page's first paint (decision 24).
 *
 * Remix ends every page with modulepreload links for the page's modules and an inline module that imports
 * them and then the browser entry. The browser fetches them at once, beside the stylesheet and the car's
 * photo, and runs them as soon as they have arrived, which on a fast connection is before it has painted
 * anything. Here the start-up module first waits for the first frame, then asks for the same modules (all
 * at once, as the links did) and imports them: the server's HTML, which works without JavaScript, is on
 * the screen first, and the photo does not share the phone's connection with 95 KB of code.
 */
import { Scripts, UNSAFE_RemixContext } from "@remix-run/react";
import { cloneElement, Fragment, isValidElement, useContext, type ComponentProps, type ReactNode } from "react";
import { isFrameworkFile } from "~/domain/frameworkChunk";

/**
 * Waits until the page's pictures are on the screen: the window's load event (the stylesheet and every
 * picture not marked lazy have arrived), their decoding, then a frame and the task after it, so that
 * frame has painted them. The page's code then never shares the phone's connection with the car's
 * photo, nor its main thread with drawing it. A page whose load is held up (an embedded map or video)
 * goes on after PAINT_WAIT_CAP_MS; a page in a background tab, which gets no frames, goes on at once.
 */
export const PAINT_WAIT_CAP_MS = 2000;
const AFTER_FIRST_PAINT = `if (document.visibilityState === "visible") await new Promise((painted) => {
  const paint = () => requestAnimationFrame(() => setTimeout(painted, 0));
  const decoded = () => Promise.all([...document.images].filter((img) => img.loading !== "lazy" && img.complete).map((img) => img.decode().catch(() => {}))).then(paint);
  if (document.readyState === "complete") decoded();
  else addEventListener("load", decoded, { once: true });
  setTimeout(paint, ${PAINT_WAIT_CAP_MS});
});`;

const ROUTE_IMPORT = /^import \* as (\w+) from ("[^"\n]+");$/gm;
const BARE_IMPORT = /^import ("[^"\n]+");?$/gm;

/**
 * Remix's start-up module made to start after the first paint: it asks for the page's modules then (all
 * at once, as the modulepreload links did) and imports them as Remix's own static imports would. A script
 * that is not Remix's start-up module (or one in a shape this does not know) is left as it is.
 */
export function startAfterFirstPaint(script: string, preloads: readonly string[]): string {
  if (!script.includes("window.__remixRouteModules")) return script;
  const routes: [name: string, path: string][] = [];
  const bare: string[] = [];
  const rest = script
    .replace(ROUTE_IMPORT, (_line, name: string, path: string) => {
      routes.push([name, path]);
      return "";
    })
    .replace(BARE_IMPORT, (_line, path: string) => {
      bare.push(path);
      return "";
    });
  if (routes.length === 0) return script;
  const preload = preloads.length
    ? `for (const href of ${JSON.stringify(preloads)}) document.head.appendChild(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));\n`
    : "";
  // The framework first, in a task of its own, then the rest in the next (app/domain/frameworkChunk.ts).
  const framework = preloads
    .filter(isFrameworkFile)
    .map((href) => `await import(${JSON.stringify(href)});\nawait new Promise((next) => setTimeout(next, 0));\n`)
    .join("");
  const imports = [...bare, ...routes.map(([, path]) => path)].map((path) => `import(${path})`).join(", ");
  const names = [...bare.map(() => ""), ...routes.map(([name]) => name)].join(", ");
  return `${AFTER_FIRST_PAINT}\n${preload}${framework}const [${names}] = await Promise.all([${imports}]);\n${rest.replace(/^[;\s]+/, "")}`;
}

/**
 * Remix's context script (`window.__remixContext = {...};`, the page's loader data, 20 to 35 KB) with its
 * data read by `JSON.parse` from a string instead of run as an object literal: the browser's JavaScript
 * parser handles a large literal twice and far more slowly than JSON.parse reads the same text, and this
 * script runs while the page is still being parsed, in the phone's first tasks. `handoff` is the exact
 * JSON Remix wrote (already escaped for HTML: no `<`, `>`, `&`, U+2028 or U+2029 in it); a script
 * that does not start with it is left as it is.
 */
export function contextParsedAsJson(script: string, handoff: string | undefined): string {
  const literal = handoff ? `window.__remixContext = ${handoff};` : null;
  if (!literal || !script.startsWith(literal)) return script;
  const quoted = `'${handoff!.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  return `window.__remixContext = JSON.parse(${quoted});${script.slice(literal.length)}`;
}

type Node = { children?: ReactNode; type?: string; rel?: string; href?: string; dangerouslySetInnerHTML?: { __html: string } };

/** The modulepreload links' addresses, in order, without repeats. */
function preloadsOf(node: ReactNode, into: string[] = []): string[] {
  if (Array.isArray(node)) for (const child of node) preloadsOf(child, into);
  else if (isValidElement<Node>(node)) {
    if (node.type === Fragment) preloadsOf(node.props.children, into);
    else if (node.type === "link" && node.props.rel === "modulepreload" && node.props.href && !into.includes(node.props.href))
      into.push(node.props.href);
  }
  return into;
}

/** The tree without its modulepreload links, the start-up module asking for them after the first paint. */
function rewrite(node: ReactNode, preloads: readonly string[], handoff: string | undefined): ReactNode {
  if (Array.isArray(node)) return node.map((child) => rewrite(child, preloads, handoff));
  if (!isValidElement<Node>(node)) return node;
  if (node.type === Fragment) return cloneElement(node, undefined, rewrite(node.props.children, preloads, handoff));
  if (node.type === "link" && node.props.rel === "modulepreload") return null;
  const html = node.props.dangerouslySetInnerHTML?.__html;
  if (node.type === "script" && typeof html === "string") {
    const rewritten = node.props.type === "module" ? startAfterFirstPaint(html, preloads) : contextParsedAsJson(html, handoff);
    return rewritten === html ? node : cloneElement(node, { dangerouslySetInnerHTML: { __html: rewritten } });
  }
  return node;
}

export function PageScripts(props: ComponentProps<typeof Scripts>) {
  // Scripts is called, not rendered, to rewrite what it returns; its hooks run as this component's.
  const scripts = Scripts(props);
  // The server's copy of the page's data; undefined in the browser, where the scripts are not run again.
  const handoff = useContext(UNSAFE_RemixContext)?.serverHandoffString;
  return <>{rewrite(scripts, preloadsOf(scripts), handoff)}</>;
}
