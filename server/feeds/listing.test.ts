import { describe, expect, it } from "vitest";
import { testTenant } from "../../tests/support/testTenant";
import { testVehicle } from "../../tests/support/testVehicle";
import { feedDescription, feedListing, feedPrice, isValidVin, MAX_DESCRIPTION, showablePhotos, whyNotAdvertised } from "./listing";

const now = new Date("2026-11-20T00:00:00Z");
const dealer = testTenant("alpha-motors", {
  domains: ["alpha.example.com.au"],
  photos: { sourceHosts: ["https://photos.alpha.example"] },
});
const photo = (url: string) => ({ url, thumb: { url } });
const car = (o: Parameters<typeof testVehicle>[0] = {}) =>
  testVehicle({ images: [photo("https://photos.alpha.example/a.jpg")], primary_image_url: "", ...o });
const google = (o: Parameters<typeof testVehicle>[0] = {}, tenant = dealer) => whyNotAdvertised("googleVehicleAds", tenant, car(o), now);
const meta = (o: Parameters<typeof testVehicle>[0] = {}, tenant = dealer) => whyNotAdvertised("metaVehicles", tenant, car(o), now);

describe("which cars the channels take", () => {
  it("takes an available, priced, photographed car with a valid VIN", () => {
    expect(google()).toEqual([]);
    expect(meta()).toEqual([]);
  });

  it("leaves out sold, coming soon and reserved cars, and cars hidden from the website", () => {
    expect(google({ status: "sold" })).toEqual(["sold"]);
    expect(meta({ status: "coming_soon" })).toEqual(["coming soon, not in stock yet"]);
    expect(google({ reserved: true })).toEqual(["reserved"]);
    expect(meta({ show_on_dealer_website: false })).toEqual(["hidden from the website (show_on_dealer_website is false)"]);
  });

  it("follows the site's own stock filter", () => {
    const newOnly = testTenant("new-only", {
      photos: dealer.photos,
      search: { baseFilter: { carTypes: ["new"], excludedStockNumbers: ["X1"] } },
    });
    expect(google({ car_type: "used", stocknum: "X1" }, newOnly)).toEqual([
      "the site shows only new stock",
      "kept off the site by its stock filter",
    ]);
    expect(google({ car_type: "new", stocknum: "X2" }, newOnly)).toEqual([]);
  });

  it("leaves out a car without a price (10 or less is a feed's placeholder), but not a subscription car", () => {
    expect(google({ price: 0 })).toEqual(["no price"]);
    expect(meta({ price: 10 })).toEqual(["no price"]);
    expect(google({ price: 0, offer_price: 29990 })).toEqual([]);
    expect(google({ price: 54990, subscription_price: 189 })).toEqual([]);
  });

  it("leaves out a car with no photo the site can show", () => {
    expect(google({ images: [] })).toEqual(["no photos"]);
    expect(meta({ images: [photo("https://elsewhere.example/a.jpg")] })).toEqual([
      "no photo the site can show (its host is neither in photos.sourceHosts nor one the feed named)",
    ]);
    // The site's own drawings and files are shown as they are.
    expect(google({ images: [photo("/media/vehicles/ute/ffffff/exterior-3.svg")] })).toEqual([]);
    // A host the dealer's own feed named is shown (decision 27).
    const onFeedHost = car({ images: [photo("https://photos.autogate.com.au/a.jpg")] });
    expect(whyNotAdvertised("metaVehicles", dealer, onFeedHost, now, ["https://photos.autogate.com.au"])).toEqual([]);
    expect(showablePhotos(onFeedHost, [], ["https://photos.autogate.com.au"])).toEqual(["https://photos.autogate.com.au/a.jpg"]);
  });

  it("needs a valid 17-character VIN for both channels", () => {
    expect(google({ vin: "" })).toEqual(["no VIN"]);
    expect(meta({ vin: "MR0HA3CD10012345" })).toEqual(['VIN "MR0HA3CD10012345" is not 17 letters and digits without I, O or Q']);
    expect(meta({ vin: "MR0HA3CD1001234O5".slice(0, 17) })).toHaveLength(1);
    expect(isValidVin("MR0HA3CD100123456")).toBe(true);
    expect(isValidVin("MR0HA3CD10012345Q")).toBe(false);
    expect(isValidVin("mr0ha3cd100123456")).toBe(false);
  });

  it("gives Google passenger cars and utes only; Meta every kind of stock it has a vehicle type for", () => {
    expect(google({ item_type: "motorcycle" })).toEqual(["Google vehicle ads take passenger cars and utes only (this is a motorcycle)"]);
    expect(google({ item_type: "caravan" })).toEqual(["Google vehicle ads take passenger cars and utes only (this is a caravan)"]);
    expect(google({ item_type: "truck" })).toEqual(["Google vehicle ads take passenger cars and utes only (this is a truck)"]);
    expect(google({ simple_body: "cabChassis" })).toEqual(["Google vehicle ads take passenger cars and utes only (body cabChassis)"]);
    expect(google({ simple_body: "ute" })).toEqual([]);
    for (const item_type of ["motorcycle", "caravan", "truck"] as const) expect(meta({ item_type })).toEqual([]);
  });

  it("needs a colour for Meta, which requires exterior_color", () => {
    expect(meta({ colour: " " })).toEqual(["no colour (Meta requires exterior_color)"]);
    expect(google({ colour: "" })).toEqual([]);
  });

  it("gives every reason at once", () => {
    expect(google({ status: "sold", price: 0, images: [], vin: "", item_type: "motorcycle" })).toHaveLength(5);
  });
});

describe("a car's listing", () => {
  it("links the car's page and the photo route's 1280-wide copies on the dealer's first domain", () => {
    const listing = feedListing(
      dealer,
      car({
        slug: "2022-toyota-hilux-sr5-t1001",
        primary_image_url: "https://photos.alpha.example/main.jpg",
        images: [
          photo("https://photos.alpha.example/main.jpg"),
          photo("https://elsewhere.example/b.jpg"),
          photo("/media/vehicles/ute/ffffff/exterior-0.svg"),
        ],
      }),
      "https://alpha.example.com.au",
    );
    expect(listing.link).toBe("https://alpha.example.com.au/cars/2022-toyota-hilux-sr5-t1001");
    expect(listing.photos).toEqual([
      "https://alpha.example.com.au/photos?src=https%3A%2F%2Fphotos.alpha.example%2Fmain.jpg&w=1280",
      "https://alpha.example.com.au/photos?src=%2Fmedia%2Fvehicles%2Fute%2Fffffff%2Fexterior-0.svg&w=1280",
    ]);
    expect(listing.location.id).toBe("l1");
  });

  it("sends at most 11 photos (Google takes one image and 10 more)", () => {
    const images = Array.from({ length: 15 }, (_, i) => photo(`https://photos.alpha.example/${i}.jpg`));
    expect(showablePhotos({ images, primary_image_url: "" }, dealer.photos.sourceHosts)).toHaveLength(15);
    expect(feedListing(dealer, car({ images }), "https://alpha.example.com.au").photos).toHaveLength(11);
  });

  it("advertises the sale price, an offer price when there is one", () => {
    expect(feedListing(dealer, car({ price: 54990, offer_price: 52990 }), "https://a.example").price).toBe(52990);
    expect(feedPrice(52990)).toBe("52990.00 AUD");
  });

  it("describes the car in a sentence, then the dealer's comments, within 5,000 characters", () => {
    expect(feedDescription(car({ dealercomments: "" }))).toBe(
      "Used 2022 Toyota HiLux SR5 GUN126R, 42,000 km, 6 Speed Automatic, Diesel, Glacier White. Stock T1001.",
    );
    expect(feedDescription(car({ dealercomments: "One owner.\r\nLog books." }))).toMatch(/Stock T1001\.\n\nOne owner\.\nLog books\.$/);
    expect(feedDescription(car({ dealercomments: "x".repeat(6000) }))).toHaveLength(MAX_DESCRIPTION);
    expect(feedDescription(car({ item_type: "caravan", car_type: "new" }))).not.toContain(" km");
  });
});
