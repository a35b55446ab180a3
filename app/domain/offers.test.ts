import { describe, expect, it } from "vitest";
import {
  findOffer,
  offerCardDescription,
  offerCardDisclaimer,
  offerHref,
  offerModelHref,
  offerView,
  shownOffers,
  type OfferConfig,
} from "./offers";

function offer(overrides: Partial<OfferConfig> = {}): OfferConfig {
  return {
    id: "o1",
    name: "Jolion from $31,990 drive away",
    description: "A small SUV.",
    disclaimer: "Conditions apply.",
    category: "Special offer",
    manufacturer: "Haval",
    model: { name: "Jolion", slug: "jolion" },
    image_url: "",
    excluded_website_ids: [],
    ...overrides,
  };
}

const now = new Date("2026-11-23T01:00:00Z");

describe("offer card text", () => {
  it("keeps a description of up to 200 characters whole", () => {
    const text = "a".repeat(200);
    expect(offerCardDescription(text)).toBe(text);
  });

  it("cuts a description longer than 200 characters to 160 and marks the cut", () => {
    const text = `${"b".repeat(160)}${"c".repeat(41)}`;
    expect(offerCardDescription(text)).toBe(`${"b".repeat(160)}…`);
  });

  it("cuts a disclaimer at 200 characters", () => {
    expect(offerCardDisclaimer("d".repeat(200))).toBe("d".repeat(200));
    expect(offerCardDisclaimer(`${"d".repeat(200)}e`)).toBe(`${"d".repeat(200)}…`);
  });

  it("a card is cut, the offer's own page is whole", () => {
    const long = offer({ description: "x".repeat(250), disclaimer: "y".repeat(250) });
    expect(offerView(long, "/search").description).toHaveLength(161);
    expect(offerView(long, "/search").disclaimer).toHaveLength(201);
    expect(offerView(long, "/search", true).description).toHaveLength(250);
    expect(offerView(long, "/search", true).disclaimer).toHaveLength(250);
  });
});

describe("the offer's plain description and its image (sanitized_description, image_or_model_image)", () => {
  it("shows the plain-text description when the dealer's data gives one, cut on cards as the description is", () => {
    const marked = offer({ description: "<p>Save <b>$2,000</b> this month</p>", sanitized_description: "Save $2,000 this month" });
    expect(offerView(marked, "/search").description).toBe("Save $2,000 this month");
    expect(offerView(marked, "/search", true).description).toBe("Save $2,000 this month");
    const long = offer({ description: "<p>long</p>", sanitized_description: "s".repeat(250) });
    expect(offerView(long, "/search").description).toBe(`${"s".repeat(160)}…`);
    expect(offerView(offer({ sanitized_description: "  " }), "/search").description).toBe("A small SUV.");
  });

  it("shows the offer's own image, else the offer's or its model's image, else none", () => {
    expect(offerView(offer({ image_url: "/own.webp", image_or_model_image: "/model.webp" }), "/search").image).toBe("/own.webp");
    expect(offerView(offer({ image_or_model_image: "/model.webp" }), "/search").image).toBe("/model.webp");
    expect(offerView(offer(), "/search").image).toBe("");
  });
});

describe("which offers a website shows", () => {
  it("leaves out offers that exclude this website", () => {
    const offers = [offer({ id: "a" }), offer({ id: "b", excluded_website_ids: ["coastal-gwm"] })];
    expect(shownOffers(offers, "coastal-gwm", now).map((o) => o.id)).toEqual(["a"]);
    expect(shownOffers(offers, "summit-auto-group", now).map((o) => o.id)).toEqual(["a", "b"]);
  });

  it("shows an offer only within its dates, an end date lasting to the end of that day", () => {
    const offers = [
      offer({ id: "future", start: "2026-12-01" }),
      offer({ id: "past", expiry: "2026-11-22" }),
      offer({ id: "today", expiry: "2026-11-23" }),
      offer({ id: "open", start: "2026-11-01", expiry: "2026-12-31" }),
    ];
    expect(shownOffers(offers, "w", now).map((o) => o.id)).toEqual(["today", "open"]);
  });
});

describe("offer links", () => {
  it("an offer's page is under its manufacturer, or its id alone", () => {
    expect(offerHref(offer())).toBe("/offers/haval/o1");
    expect(offerHref(offer({ manufacturer: "" }))).toBe("/offers/o1");
    expect(offerHref(offer({ id: "a b", manufacturer: "Great Wall Motors" }))).toBe("/offers/great-wall-motors/a%20b");
  });

  it("the model link is the override url, else the dealer's stock of the model", () => {
    expect(offerModelHref(offer(), "/search")).toBe("/search?make=Haval&model=Jolion");
    expect(offerModelHref(offer({ model: { name: "Ute Cannon", slug: "ute-cannon" }, manufacturer: "GWM" }), "/used-car")).toBe(
      "/used-car?make=GWM&model=Ute+Cannon",
    );
    expect(offerModelHref(offer({ model: { name: "Jolion", slug: "jolion", override_url: "/jolion-hybrid" } }), "/search")).toBe(
      "/jolion-hybrid",
    );
    expect(offerModelHref(offer({ model: undefined }), "/search")).toBeNull();
  });

  it("links the model's page where the dealer has model pages, its override url still first", () => {
    const paths = { searchPrefix: "/search", modelPages: true };
    expect(offerModelHref(offer(), paths)).toBe("/jolion");
    expect(offerModelHref(offer({ model: { name: "Jolion", slug: "jolion", override_url: "/jolion-hybrid" } }), paths)).toBe(
      "/jolion-hybrid",
    );
    expect(offerModelHref(offer(), { ...paths, modelPages: false })).toBe("/search?make=Haval&model=Jolion");
  });

  it("finds an offer by id at its own address, and knows another manufacturer's address is not its own", () => {
    const offers = [offer(), offer({ id: "o2", manufacturer: "" }), offer({ id: "o3", excluded_website_ids: ["w"] })];
    expect(findOffer(offers, { id: "o1", manufacturer: "haval" }, "w", now)).toMatchObject({ canonical: true });
    expect(findOffer(offers, { id: "o1" }, "w", now)).toMatchObject({ canonical: false });
    expect(findOffer(offers, { id: "o1", manufacturer: "gwm" }, "w", now)).toMatchObject({ canonical: false });
    expect(findOffer(offers, { id: "o2" }, "w", now)).toMatchObject({ canonical: true });
    expect(findOffer(offers, { id: "o3" }, "w", now)).toBeNull();
    expect(findOffer(offers, { id: "nope" }, "w", now)).toBeNull();
  });
});
