import { describe, expect, it } from "vitest";
import { buildModelCatalogue, type BodyStock } from "./modelCatalogue";

const stock: BodyStock[] = [
  {
    body: "SUV",
    models: [
      { value: "Haval|Jolion", count: 6 },
      { value: "Haval|H6", count: 3 },
      { value: "GWM|Ute Cannon", count: 1 },
    ],
    cars: [
      { make: "Haval", model: "Jolion", primary_image_url: "/media/jolion.jpg" },
      { make: "Haval", model: "H6", primary_image_url: "" },
    ],
  },
  {
    body: "Ute",
    models: [{ value: "GWM|Ute Cannon", count: 4 }],
    cars: [{ make: "GWM", model: "Ute Cannon", primary_image_url: "/media/cannon.jpg" }],
  },
];

describe("the dealer's models from stock", () => {
  it("puts each model under the body most of its cars have, ordered by cars in stock", () => {
    const { models } = buildModelCatalogue(stock, "/search");
    expect(models.map((m) => [m.name, m.body, m.count])).toEqual([
      ["Jolion", "suv", 6],
      ["Ute Cannon", "ute", 5],
      ["H6", "suv", 3],
    ]);
  });

  it("links each model to the dealer's stock of it and shows a car's picture, else the body's drawing", () => {
    const { models } = buildModelCatalogue(stock, "/used-car");
    expect(models[0]).toMatchObject({ href: "/used-car/haval/jolion", image: "/media/jolion.jpg" });
    expect(models[1]).toMatchObject({ href: "/used-car/gwm/ute-cannon", image: "/media/cannon.jpg" });
    expect(models[2]).toMatchObject({ image: "/body-types/suv.svg" });
  });

  it("lists the bodies that hold models, with their labels", () => {
    expect(buildModelCatalogue(stock, "/search").bodies).toEqual([
      { slug: "suv", label: "SUV" },
      { slug: "ute", label: "Ute" },
    ]);
  });

  it("keeps to the limit and copes with no stock", () => {
    expect(buildModelCatalogue(stock, "/search", 1).models).toHaveLength(1);
    expect(buildModelCatalogue([], "/search")).toEqual({ bodies: [], models: [] });
  });
});
