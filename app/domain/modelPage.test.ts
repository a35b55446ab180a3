import { describe, expect, it } from "vitest";
import { findModel, hasModelPages, modelBodyLabel, modelImage, modelStockHref, modelTitle, offersForModel } from "./modelPage";

const catalogue = [
  { make: "Haval", name: "Jolion", slug: "jolion", body: "suv", image: "https://cdn.example/jolion.jpg", count: 12 },
  { make: "GWM", name: "Ute Cannon", slug: "ute-cannon", body: "ute", image: "", count: 8 },
];
const offers = [
  { manufacturer: "Haval", image_url: "/offer.jpg", model: { name: "Jolion", slug: "jolion" } },
  { manufacturer: "Haval", image_url: "/h6.jpg", model: { name: "H6", slug: "h6" } },
  { manufacturer: "GWM", image_url: "", model: { name: "Tank 300", slug: "tank-300", override_url: "/tank" } },
  { manufacturer: "", image_url: "", model: { name: "Jolion", slug: "jolion" } },
  { manufacturer: "Ford", image_url: "", model: { name: "Jolion", slug: "jolion" } },
  { manufacturer: "Haval", image_url: "" },
];

describe("model pages", () => {
  it("are where the header carries the models dropdown", () => {
    expect(hasModelPages([{ kind: "link" }, { kind: "models" }])).toBe(true);
    expect(hasModelPages([{ kind: "link" }, { kind: "stock" }])).toBe(false);
  });

  it("find the catalogue's model first, then a model a current offer names", () => {
    expect(findModel("jolion", catalogue, offers)).toEqual({
      make: "Haval",
      name: "Jolion",
      slug: "jolion",
      body: "suv",
      image: "https://cdn.example/jolion.jpg",
    });
    expect(findModel("h6", catalogue, offers)).toEqual({ make: "Haval", name: "H6", slug: "h6", body: "", image: "/h6.jpg" });
  });

  it("find nothing for a slug that is no model of the dealer, a model with its own address, or a malformed slug", () => {
    expect(findModel("about-us", catalogue, offers)).toBeNull();
    expect(findModel("tank-300", catalogue, offers)).toBeNull();
    expect(findModel("Jolion", catalogue, offers)).toBeNull();
    expect(findModel("jolion--x", catalogue, offers)).toBeNull();
    expect(findModel("", catalogue, offers)).toBeNull();
  });

  it("list the offers for the model from its make or from no make", () => {
    expect(offersForModel(offers, { make: "Haval", slug: "jolion" }).map((o) => o.manufacturer)).toEqual(["Haval", ""]);
  });

  it("name, picture and link the model", () => {
    expect(modelTitle({ make: "Haval", name: "Jolion" })).toBe("Haval Jolion");
    expect(modelTitle({ make: "GWM", name: "GWM Ute" })).toBe("GWM Ute");
    expect(modelTitle({ make: "", name: "H6" })).toBe("H6");
    expect(modelBodyLabel("suv")).toBe("SUV");
    expect(modelBodyLabel("")).toBe("");
    expect(modelImage({ image: "", body: "ute" })).toBe("/body-types/ute.svg");
    expect(modelImage({ image: "/x.jpg", body: "ute" })).toBe("/x.jpg");
    expect(modelStockHref({ make: "GWM", name: "Ute Cannon", slug: "ute-cannon" }, "/search")).toBe("/search/gwm/ute-cannon");
    expect(modelStockHref({ make: "", name: "H6", slug: "h6" }, "/search")).toBe("/search?model=H6");
  });
});
