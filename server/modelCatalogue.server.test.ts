/** The header's model dropdown data, which every page carries: only what its cards show, built once per kept catalogue. */
import { describe, expect, it } from "vitest";
import { buildModelCatalogue } from "~/domain/modelCatalogue";
import { menuCatalogue } from "./modelCatalogue.server";

const catalogue = () =>
  buildModelCatalogue(
    [
      {
        body: "SUV",
        models: [{ value: "Haval|Jolion", count: 6 }],
        cars: [{ make: "Haval", model: "Jolion", primary_image_url: "/media/jolion.jpg" }],
      },
    ],
    "/search",
  );

describe("the model dropdown's data", () => {
  it("has each model's make, name, body, picture and link, not its slug or stock count", () => {
    const menu = menuCatalogue(catalogue());
    expect(menu.bodies).toEqual([{ slug: "suv", label: "SUV" }]);
    expect(menu.models).toEqual([{ make: "Haval", name: "Jolion", body: "suv", image: "/media/jolion.jpg", href: "/search/haval/jolion" }]);
  });

  it("is the same object while the dealer's catalogue is kept, and fresh for a newly loaded one", () => {
    const kept = catalogue();
    expect(menuCatalogue(kept)).toBe(menuCatalogue(kept));
    expect(menuCatalogue(catalogue())).not.toBe(menuCatalogue(kept));
  });
});
