import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { DEFAULT_DEALER_FLAGS } from "~/domain/dealerFlags";
import { testVehicle } from "../../../tests/support/testVehicle";
import { toVehicleCardData, type CardSiteOptions } from "~/domain/vehicleCard";
import { photoSrcSet, photoUrl, PHOTO_LAYOUTS } from "~/domain/photos";
import { NEW_ARRIVAL_PLACEHOLDER, VehicleCard } from "./VehicleCard";

const site: CardSiteOptions = {
  slug: "alpha",
  flags: DEFAULT_DEALER_FLAGS,
  paths: { finance: "/finance", testDrive: "/book-test-drive/", checkout: "checkout" },
  primaryLabel: "View Details",
  weeklyPrice: false,
  now: "2026-10-05T00:00:00.000Z",
  watchlistPath: null,
};
const twoPhotos = [
  { url: "/a.jpg", thumb: { url: "/a-t.jpg" } },
  { url: "/b.jpg", thumb: { url: "/b-t.jpg" } },
];

function render(
  vehicle = testVehicle({ images: twoPhotos, photos_count: 2, primary_image_url: "/a.jpg" }),
  options: Partial<CardSiteOptions> = {},
  props = {},
) {
  return renderToString(
    <MemoryRouter>
      <VehicleCard card={toVehicleCardData(vehicle)} site={{ ...site, ...options }} {...props} />
    </MemoryRouter>,
  );
}

describe("toVehicleCardData", () => {
  it("keeps only what a card shows (no image lists, equipment or comments)", () => {
    const card = toVehicleCardData(testVehicle({ images: twoPhotos, photos_count: 2, dealercomments: "x".repeat(5000) }));
    const json = JSON.stringify(card);
    expect(json).not.toContain("standardEquipment");
    expect(json).not.toContain("dealercomments");
    expect(json).not.toContain("thumb");
    expect(json.length).toBeLessThan(900);
  });

  it("uses the new-arrival placeholder when the car has one photo or none", () => {
    expect(toVehicleCardData(testVehicle({ photos_count: 1 })).image).toBeNull();
    expect(toVehicleCardData(testVehicle({ photos_count: 0, images: [] })).image).toBeNull();
    expect(toVehicleCardData(testVehicle({ images: twoPhotos, photos_count: 2, primary_image_url: "/a.jpg" })).image).toBe("/a.jpg");
  });
});

describe("VehicleCard", () => {
  it("shows the title, the details row and the price with its type", () => {
    const html = render();
    expect(html).toContain("2022 Toyota HiLux SR5 GUN126R");
    for (const label of ["Condition", "Transmission", "Odometer", "Fuel Type"]) expect(html).toContain(`<dt>${label}</dt>`);
    expect(html).toContain("42,000 km");
    expect(html).toContain("$54,990");
    expect(html).toContain("Drive Away");
  });

  it("shows a subscription car's sale price under its weekly price", () => {
    const subscribed = testVehicle({ subscription_price: 99, price: 27990, offer_price: 0 });
    const html = render(subscribed, { flags: { ...DEFAULT_DEALER_FLAGS, subscriptions: true } });
    expect(html).toContain("$99 / week");
    expect(html).toContain("Subscription");
    expect(html).toContain("or $27,990 Drive Away to buy");
    expect(render(subscribed)).not.toContain("to buy");
  });

  it("shows the was-price only when it is higher than the price shown", () => {
    expect(render(testVehicle({ before_price: 59990 }))).toContain("<s>$59,990</s>");
    expect(render(testVehicle({ before_price: 50000 }))).not.toContain("<s>");
  });

  it("loads the first card's image eagerly with high priority and sizes every image", () => {
    const first = render(undefined, {}, { priority: true, eager: true });
    expect(first).toMatch(/loading="eager"/);
    expect(first).toContain('fetchpriority="high"');
    const later = render();
    expect(later).toMatch(/loading="lazy"/);
    expect(later).not.toContain("fetchpriority");
    expect(later).toMatch(/width="480" height="360"/);
  });

  it("sends the car's photo through the photo route, at the card's widths (srcset) with its sizes", () => {
    const html = render(testVehicle({ images: twoPhotos, photos_count: 2, primary_image_url: "https://photos.dealer.example/a.jpg" }));
    const amp = (text: string) => text.replaceAll("&", "&amp;");
    expect(html).toContain(`src="${amp(photoUrl("https://photos.dealer.example/a.jpg", 480))}"`);
    expect(html).toContain(`srcSet="${amp(photoSrcSet("https://photos.dealer.example/a.jpg", PHOTO_LAYOUTS.card.widths))}"`);
    expect(html).toContain(`sizes="${PHOTO_LAYOUTS.card.sizes}"`);
  });

  it("shows the placeholder for a car with one photo", () => {
    expect(render(testVehicle({ photos_count: 1 }))).toContain(`src="${photoUrl(NEW_ARRIVAL_PLACEHOLDER, 480)}"`.replaceAll("&", "&amp;"));
  });

  it("a sold car shows JUST SOLD, no price and only Find Me Something Similar", () => {
    const html = render(testVehicle({ status: "sold" }));
    expect(html).toContain("JUST SOLD");
    expect(html).toContain("Find Me Something Similar");
    expect(html).not.toContain("$54,990");
    expect(html).not.toContain("Get Finance");
  });

  it("shows the weekly finance price with comparison rate and terms only where the dealer shows it", () => {
    const quoted = testVehicle({ youxQuote: { weeklyRepaymentAmount: 189, advertisedRate: 8.5, comparisonRate: 9.12 } });
    expect(render(quoted)).not.toContain("/ week");
    const html = render(quoted, { weeklyPrice: true });
    expect(html).toContain("$189");
    expect(html).toContain("Comparison rate 9.12% p.a.");
    expect(html).toContain('href="/terms-and-conditions"');
  });

  it("does not render browser-only favourite buttons on the server", () => {
    expect(render()).not.toContain("favourites");
  });
});
