/**
 * Pictures a dealer's data names (an offer's image, a model's stock photo, a car on the print page) are
 * drawn through the photo route: the markup never carries the dealer's own URL, so a full-size file never
 * reaches a shopper's phone and a host outside the dealer's photos.sourceHosts gets the placeholder.
 */
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ModelCard } from "~/components/models/ModelCard";
import { OfferCard } from "~/components/offers/OfferCard";
import { PHOTO_LAYOUTS, photoSrcSet, photoUrl } from "~/domain/photos";
import type { OfferView } from "~/domain/offers";
import type { CatalogueModel } from "~/domain/modelCatalogue";

const DEALER_PHOTO = "https://photos.dealer.example/offers/h6 hybrid.jpg";

/** The attributes of the one img in some markup, unescaped. */
function imgOf(html: string): Record<string, string> {
  const tag = /<img [^>]*>/.exec(html)?.[0] ?? "";
  return Object.fromEntries([...tag.matchAll(/ ([a-zA-Z]+)="([^"]*)"/g)].map(([, name, value]) => [name, value.replace(/&amp;/g, "&")]));
}

describe("an offer card", () => {
  const offer: OfferView = {
    id: "h6",
    name: "Haval H6 Hybrid",
    description: "Factory bonus",
    disclaimer: "",
    category: "Special offer",
    manufacturer: "Haval",
    image: DEALER_PHOTO,
    href: "/special-offers/h6",
    model: null,
  };

  it("shows the offer's image through the photo route, sized for the offers grid, lazily, with its size kept", () => {
    const img = imgOf(
      renderToString(
        <MemoryRouter>
          <OfferCard offer={offer} testDrivePath="/book-test-drive/" />
        </MemoryRouter>,
      ),
    );
    expect(img.src).toBe(photoUrl(DEALER_PHOTO, PHOTO_LAYOUTS.tile.fallback));
    expect(img.srcSet).toBe(photoSrcSet(DEALER_PHOTO, PHOTO_LAYOUTS.tile.widths));
    expect(img.sizes).toBe(PHOTO_LAYOUTS.tile.sizes);
    expect([img.width, img.height, img.loading]).toEqual(["480", "270", "lazy"]);
  });

  it("leaves the site's own drawings (the demo offers' body types) as they are", () => {
    const html = renderToString(
      <MemoryRouter>
        <OfferCard offer={{ ...offer, image: "/body-types/suv.svg" }} testDrivePath="/book-test-drive/" />
      </MemoryRouter>,
    );
    expect(imgOf(html).src).toBe("/body-types/suv.svg");
  });
});

describe("a model card", () => {
  it("shows the model's stock photo through the photo route", () => {
    const model: CatalogueModel = {
      make: "Haval",
      name: "H6",
      slug: "h6",
      body: "suv",
      image: DEALER_PHOTO,
      href: "/search?model=H6",
      count: 3,
    };
    const img = imgOf(
      renderToString(
        <MemoryRouter>
          <ModelCard model={model} />
        </MemoryRouter>,
      ),
    );
    expect(img.src).toBe(photoUrl(DEALER_PHOTO, PHOTO_LAYOUTS.tile.fallback));
    expect(img.srcSet).toContain(photoUrl(DEALER_PHOTO, 960));
  });
});
