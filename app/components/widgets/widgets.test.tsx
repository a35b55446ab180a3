import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ModelDropdown } from "~/components/models/ModelDropdown";
import { OfferCard } from "~/components/offers/OfferCard";
import { offerView } from "~/domain/offers";
import { Carousel, CarouselSlide } from "./Carousel";
import { Collapsible } from "./Collapsible";
import { SalesCounter } from "./SalesCounter";

describe("carousel", () => {
  it("renders its slides as a list the browser can scroll, controls only once interactive", () => {
    const html = renderToString(
      <Carousel label="Models" count={2}>
        <CarouselSlide>one</CarouselSlide>
        <CarouselSlide>two</CarouselSlide>
      </Carousel>,
    );
    expect(html).toContain('aria-label="Models"');
    expect(html.match(/<li/g)).toHaveLength(2);
    expect(html).not.toContain("Previous");
  });

  it("throws when a slide is used outside a carousel (spec 001 section 8)", () => {
    expect(() => renderToString(<CarouselSlide>lost</CarouselSlide>)).toThrow("CarouselSlide must be used within a Carousel");
  });
});

describe("collapsible panel and sales counter", () => {
  it("a collapsible panel is a <details>, closed unless asked, so it works without JavaScript", () => {
    expect(renderToString(<Collapsible summary="Terms">text</Collapsible>)).toMatch(/^<details[^>]*><summary[^>]*>Terms<\/summary>/);
    expect(renderToString(<Collapsible summary="Terms">text</Collapsible>)).not.toContain("open");
    expect(
      renderToString(
        <Collapsible summary="Terms" open>
          text
        </Collapsible>,
      ),
    ).toContain('open=""');
  });

  it("the sales counter shows the server's count with thousands separators", () => {
    expect(renderToString(<SalesCounter initial={4308} />)).toMatch(/<strong[^>]*>4,308<\/strong> <span>cars sold this month<\/span>/);
  });
});

describe("offer card and model dropdown", () => {
  it("shows a dealer's offer text as text, never as HTML", () => {
    const offer = offerView(
      {
        id: "o1",
        name: "<img src=x onerror=alert(1)>",
        description: "<b>bold</b>",
        disclaimer: "",
        category: "Special offer",
        manufacturer: "Haval",
        image_url: "",
        excluded_website_ids: [],
      },
      "/search",
    );
    const html = renderToString(
      <MemoryRouter>
        <OfferCard offer={offer} testDrivePath="/book-test-drive/" />
      </MemoryRouter>,
    );
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
  });

  it("the model dropdown starts on ALL MODELS, its tabs plain links to their own pages", () => {
    const html = renderToString(
      <MemoryRouter>
        <ModelDropdown
          label="Vehicles"
          className="d"
          summaryClassName="s"
          menu={{
            catalogue: {
              bodies: [{ slug: "suv", label: "SUV" }],
              models: [{ make: "Haval", name: "Jolion", body: "suv", image: "/j.jpg", href: "/search/haval/jolion" }],
            },
            offers: [],
            offersPath: "/special-offers",
          }}
        />
      </MemoryRouter>,
    );
    const tabs = [...html.matchAll(/<a [^>]*data-tab="[^"]+"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], /href="([^"]+)"/.exec(m[0])?.[1]]);
    expect(tabs).toEqual([
      ["ALL MODELS", "/models"],
      ["SUV", "/models?body=suv"],
      ["CURRENT OFFERS", "/special-offers"],
    ]);
    expect(html).toMatch(/data-tab="all"[^>]*aria-current="true"/);
    expect(html).toContain(">Jolion<");
    expect(html).toContain(">Discover<");
  });
});
