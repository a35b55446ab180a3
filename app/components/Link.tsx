import { Link as RouterLink, useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes, type ReactNode } from "react";

/**
 * A link to a page of the site, as plain markup: `<a href data-discover>` and nothing else per link.
 *
 * The router's own `<Link>` resolves its path, reads the router's context and builds a click handler for
 * every link, on the server and again while the page hydrates. A results page has about 220 links (cards,
 * filters, menus, footer), and on a phone that was most of the work that kept the page from answering a
 * tap. Here one listener for the whole page (`LinkNavigation`, once in the root) sends clicks on these
 * links through the router, so a shopper still moves between pages without a full load; with JavaScript
 * off they are ordinary links.
 *
 * `to` is a path of this site ("/cars/…", "?page=2", "#finance") or a full address of another site.
 * `prefetch` keeps the router's link (it fetches the next page's code and data on hover);
 * `reloadDocument` is an ordinary link the listener leaves to the browser; `preventScrollReset` keeps the
 * shopper where they are on the page (a filter chip, a tab of locations).
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: string;
  prefetch?: "intent" | "render" | "viewport" | "none";
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
  children?: ReactNode;
}

export function Link({ to, prefetch, reloadDocument, preventScrollReset, children, ...anchor }: LinkProps) {
  if (prefetch && prefetch !== "none")
    return (
      <RouterLink to={to} prefetch={prefetch} reloadDocument={reloadDocument} preventScrollReset={preventScrollReset} {...anchor}>
        {children}
      </RouterLink>
    );
  // data-discover, as the router's link writes it, lets Remix fetch the routes behind the links on screen.
  const discover = !reloadDocument && !isOtherSite(to) ? "true" : undefined;
  return (
    <a href={to} data-discover={discover} data-keep-scroll={preventScrollReset ? "" : undefined} {...anchor}>
      {children}
    </a>
  );
}

function isOtherSite(to: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith("//");
}

/** What `routedPathOf` reads of a click (a DOM MouseEvent has it all). */
export interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
}

interface ClickedAnchor {
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}

/**
 * The same-site link a click follows, when it is a plain left click nothing else handled, on a link
 * matching `selector` that opens in this tab and is not a download; else null. `page` is the address of
 * the page the click was on.
 */
export function sameSiteLinkOf(event: LinkClick, page: string, selector: string): { url: URL; anchor: ClickedAnchor } | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target as { closest?: (selector: string) => ClickedAnchor | null } | null;
  const anchor = typeof target?.closest === "function" ? target.closest(selector) : null;
  const href = anchor?.getAttribute("href");
  if (!anchor || href == null || anchor.hasAttribute("download")) return null;
  const frame = anchor.getAttribute("target");
  if (frame && frame !== "_self") return null;
  const here = new URL(page);
  let url: URL;
  try {
    url = new URL(href, here);
  } catch {
    return null;
  }
  return url.origin === here.origin ? { url, anchor } : null;
}

/**
 * Where a click should go through the router, or null when the browser should follow it itself: a plain
 * left click, on a same-site link this module (or the router) wrote, that nothing else handled.
 */
export function routedPathOf(event: LinkClick, page: string): RoutedClick | null {
  const link = sameSiteLinkOf(event, page, "a[data-discover]");
  if (!link) return null;
  const { url, anchor } = link;
  return { path: url.pathname + url.search + url.hash, keepScroll: anchor.hasAttribute("data-keep-scroll") };
}

export interface RoutedClick {
  path: string;
  /** The link asked to keep the page's scroll position. */
  keepScroll: boolean;
}

/** The one click listener behind every `Link` on the page (see above). */
export function LinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    // On window, in the bubbling phase: after React's own handlers, so a link a part handles itself
    // (a dialog opener calling preventDefault) is left alone.
    const follow = (event: MouseEvent) => {
      const click = routedPathOf(event, window.location.href);
      if (click === null) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      // As the router's link does: a link to the page already shown replaces it in the history.
      navigate(click.path, { replace: click.path === here, preventScrollReset: click.keepScroll });
    };
    window.addEventListener("click", follow);
    return () => window.removeEventListener("click", follow);
  }, [navigate]);
  return null;
}
