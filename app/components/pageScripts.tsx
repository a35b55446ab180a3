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
import { Scripts } from "@remix-run/react";
import { cloneElement, Fragment, isValidElement, type ComponentProps, type ReactNode } from "react";

/** Waits for the first frame and the task after it (a page in a background tab gets no frames: it goes on at once). */
const AFTER_FIRST_PAINT =
  'if (document.visibilityState === "visible") await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));';

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
  const imports = [...bare, ...routes.map(([, path]) => path)].map((path) => `import(${path})`).join(", ");
  const names = [...bare.map(() => ""), ...routes.map(([name]) => name)].join(", ");
  return `${AFTER_FIRST_PAINT}\n${preload}const [${names}] = await Promise.all([${imports}]);\n${rest.replace(/^[;\s]+/, "")}`;
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
function rewrite(node: ReactNode, preloads: readonly string[]): ReactNode {
  if (Array.isArray(node)) return node.map((child) => rewrite(child, preloads));
  if (!isValidElement<Node>(node)) return node;
  if (node.type === Fragment) return cloneElement(node, undefined, rewrite(node.props.children, preloads));
  if (node.type === "link" && node.props.rel === "modulepreload") return null;
  const html = node.props.dangerouslySetInnerHTML?.__html;
  if (node.type === "script" && node.props.type === "module" && typeof html === "string") {
    return cloneElement(node, { dangerouslySetInnerHTML: { __html: startAfterFirstPaint(html, preloads) } });
  }
  return node;
}

export function PageScripts(props: ComponentProps<typeof Scripts>) {
  // Scripts is called, not rendered, to rewrite what it returns; its hooks run as this component's.
  const scripts = Scripts(props);
  return <>{rewrite(scripts, preloadsOf(scripts))}</>;
}
