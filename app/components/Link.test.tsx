import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { clickOnLink as click } from "../../tests/support/linkClick";
import { Link, routedPathOf } from "./Link";

const PAGE = "https://summit.example.com.au/search?make=Toyota";

describe("Link", () => {
  it("is a plain link to the page, marked for the router to find its routes", () => {
    const html = renderToString(
      <Link to="/cars/2025-honda-rebel-500-sm10826" className="card">
        Rebel
      </Link>,
    );
    expect(html).toBe('<a href="/cars/2025-honda-rebel-500-sm10826" data-discover="true" class="card">Rebel</a>');
  });

  it("leaves links to other sites, and full-page links, to the browser", () => {
    expect(renderToString(<Link to="https://maps.google.com/?q=Summit">Map</Link>)).not.toContain("data-discover");
    expect(renderToString(<Link to="tel:0299990000">Call</Link>)).not.toContain("data-discover");
    expect(
      renderToString(
        <Link to="/search?page=2" reloadDocument>
          Refresh
        </Link>,
      ),
    ).not.toContain("data-discover");
  });

  it("marks a link that keeps the shopper's place on the page", () => {
    expect(
      renderToString(
        <Link to="/locations?type=service" preventScrollReset>
          Service
        </Link>,
      ),
    ).toContain("data-keep-scroll");
  });

  it("keeps the router's link where it prefetches the next page", () => {
    const html = renderToString(
      <MemoryRouter>
        <Link to="/search" prefetch="intent">
          Cars
        </Link>
      </MemoryRouter>,
    );
    expect(html).toContain('href="/search"');
    expect(html).toContain('data-discover="true"');
  });
});

describe("routedPathOf", () => {
  it("sends a plain click on a link of this site through the router, with its query and fragment", () => {
    expect(routedPathOf(click({ href: "/cars/x?from=search#finance", "data-discover": "true" }), PAGE)).toEqual({
      path: "/cars/x?from=search#finance",
      keepScroll: false,
    });
    expect(routedPathOf(click({ href: "?make=Mazda", "data-discover": "true", "data-keep-scroll": "" }), PAGE)).toEqual({
      path: "/search?make=Mazda",
      keepScroll: true,
    });
  });

  it("leaves new-tab, new-window, download and right clicks to the browser", () => {
    const link = { href: "/cars/x", "data-discover": "true" };
    expect(routedPathOf(click(link, { metaKey: true }), PAGE)).toBeNull();
    expect(routedPathOf(click(link, { ctrlKey: true }), PAGE)).toBeNull();
    expect(routedPathOf(click(link, { shiftKey: true }), PAGE)).toBeNull();
    expect(routedPathOf(click(link, { altKey: true }), PAGE)).toBeNull();
    expect(routedPathOf(click(link, { button: 1 }), PAGE)).toBeNull();
    expect(routedPathOf(click({ ...link, target: "_blank" }), PAGE)).toBeNull();
    expect(routedPathOf(click({ ...link, download: "" }), PAGE)).toBeNull();
    expect(routedPathOf(click({ ...link, target: "_self" }), PAGE)).toEqual({ path: "/cars/x", keepScroll: false });
  });

  it("leaves a click a part already handled, plain links and other sites alone", () => {
    expect(routedPathOf(click({ href: "/cars/x", "data-discover": "true" }, { defaultPrevented: true }), PAGE)).toBeNull();
    expect(routedPathOf(click({ href: "/brochure.pdf" }), PAGE)).toBeNull();
    expect(routedPathOf(click(null), PAGE)).toBeNull();
    expect(routedPathOf(click({ href: "https://other.example.com/cars", "data-discover": "true" }), PAGE)).toBeNull();
    expect(routedPathOf({ ...click(null), target: null }, PAGE)).toBeNull();
  });
});
