import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import { driveWheelConfiguration, jsonLdScript, schemaVehicleType, vehicleSeo } from "./vehicleSeo";

const dealer = {
  name: "Summit Toyota Penrith",
  phone: "02 4721 3300",
  city: "Penrith",
  state: "NSW",
  street: "1 High St",
  postcode: "2750",
};
const seo = (o: Parameters<typeof testVehicle>[0] = {}, amount: number | null = 54990, kind?: "subscription") =>
  vehicleSeo({
    car: testVehicle(o),
    price: {
      amount,
      text: kind ? `$${amount} / week` : amount ? `$${amount.toLocaleString("en-AU")}` : "Enquire for price.",
      kind: kind ?? (amount ? "price" : "none"),
    },
    dealer,
    siteName: "Summit Auto Group",
    origin: "https://summit.example",
    placeholderImage: "/media/placeholder/new-arrival.svg",
  });

/** The parts of the Car structured data these tests read. */
type JsonLd = Record<string, unknown> & { offers: Record<string, unknown> };

describe("vehicle SEO", () => {
  it("titles the page with the car, price and dealer site", () => {
    expect(seo().title).toBe("2022 Toyota HiLux SR5 GUN126R | $54,990 | Summit Auto Group");
    expect(seo({ status: "sold" }).title).toMatch(/^2022 Toyota HiLux SR5 GUN126R \(Sold\)/);
  });
  it("describes the car in at most 160 characters", () => {
    const d = seo().description;
    expect(d).toContain("Used 2022 Toyota HiLux");
    expect(d).toContain("42,000 km");
    expect(d).toContain("Penrith NSW");
    expect(d.length).toBeLessThanOrEqual(160);
  });
  it("gives an absolute canonical URL and Open Graph image", () => {
    const s = seo({ slug: "abc", primary_image_url: "/media/vehicles/x.svg" });
    expect(s.canonical).toBe("https://summit.example/cars/abc");
    // Through the photo route at 1280 wide: social sites get a resized JPEG, not the feed's original.
    expect(s.ogImage).toBe("https://summit.example/photos?src=%2Fmedia%2Fvehicles%2Fx.svg&w=1280");
    expect(seo({ images: [], primary_image_url: "" }).ogImage).toBe(
      "https://summit.example/photos?src=%2Fmedia%2Fplaceholder%2Fnew-arrival.svg&w=1280",
    );
    expect(seo({ primary_image_url: "https://photos.dealer.example/a b.jpg" }).ogImage).toBe(
      "https://summit.example/photos?src=https%3A%2F%2Fphotos.dealer.example%2Fa%20b.jpg&w=1280",
    );
  });
  it("lists up to ten of the car's photos in its structured data, as the photo route's 1280-wide copies", () => {
    const images = Array.from({ length: 12 }, (_, i) => ({ url: `https://photos.dealer.example/${i}.jpg`, thumb: { url: "" } }));
    const listed = (seo({ images }).jsonLd as JsonLd).image as string[];
    expect(listed).toHaveLength(10);
    expect(listed[0]).toBe("https://summit.example/photos?src=https%3A%2F%2Fphotos.dealer.example%2F0.jpg&w=1280");
    // A car without photos shows its new-arrival picture, through the route as well.
    expect((seo({ images: [], primary_image_url: "" }).jsonLd as JsonLd).image).toEqual([
      "https://summit.example/photos?src=%2Fmedia%2Fplaceholder%2Fnew-arrival.svg&w=1280",
    ]);
  });
  it("describes a Car with an Offer in AUD, mileage, VIN and model date", () => {
    const ld = seo().jsonLd as JsonLd;
    expect(ld["@type"]).toBe("Car");
    expect(ld.offers).toMatchObject({ "@type": "Offer", price: 54990, priceCurrency: "AUD", availability: "https://schema.org/InStock" });
    expect(ld.itemCondition).toBe("https://schema.org/UsedCondition");
    expect(ld.mileageFromOdometer).toEqual({ "@type": "QuantitativeValue", value: 42000, unitCode: "KMT" });
    expect(ld.vehicleIdentificationNumber).toBe("MR0HA3CD100123456");
    expect(ld.modelDate).toBe("2022");
  });
  it("marks sold cars sold out and new cars new; leaves the price out when there is none", () => {
    expect((seo({ status: "sold" }).jsonLd as JsonLd).offers.availability).toBe("https://schema.org/SoldOut");
    expect((seo({ car_type: "new" }).jsonLd as JsonLd).offers.itemCondition).toBe("https://schema.org/NewCondition");
    expect((seo({ price: 0 }, null).jsonLd as JsonLd).offers.price).toBeUndefined();
  });
  it("gives every priced car's sale price, a subscription car's beside its weekly price", () => {
    expect((seo({ price: 54990, offer_price: 52990 }).jsonLd as JsonLd).offers.price).toBe(52990);
    const subscription = (seo({ price: 54990, subscription_price: 189 }, 189, "subscription").jsonLd as JsonLd).offers;
    expect(subscription.price).toBe(54990);
    expect(subscription.priceSpecification).toMatchObject({ price: 189, priceCurrency: "AUD", unitCode: "WEE" });
    // A price of 10 or less is a feed's placeholder, never a price.
    expect((seo({ price: 10 }, null).jsonLd as JsonLd).offers.price).toBeUndefined();
  });
  it("types cars as Car, motorcycles as Motorcycle and caravans and trucks as Vehicle", () => {
    expect(schemaVehicleType("car")).toBe("Car");
    expect(schemaVehicleType("motorcycle")).toBe("Motorcycle");
    expect(schemaVehicleType("caravan")).toBe("Vehicle");
    expect(schemaVehicleType("truck")).toBe("Vehicle");
    expect((seo({ item_type: "motorcycle" }).jsonLd as JsonLd)["@type"]).toBe("Motorcycle");
    expect((seo({ item_type: "caravan" }).jsonLd as JsonLd)["@type"]).toBe("Vehicle");
    expect((seo({ item_type: "truck" }).jsonLd as JsonLd)["@type"]).toBe("Vehicle");
  });
  it("says seats and interior colour with schema.org's vehicle properties", () => {
    const ld = seo({ seats: 7, interior_colour: "Black Leather" }).jsonLd as JsonLd;
    expect(ld.vehicleSeatingCapacity).toBe(7);
    expect(ld.seatingCapacity).toBeUndefined();
    expect(ld.vehicleInteriorColor).toBe("Black Leather");
    expect((seo({ seats: 0, interior_colour: "" }).jsonLd as JsonLd).vehicleSeatingCapacity).toBeUndefined();
  });
  it("takes the drive from schema.org's DriveWheelConfigurationValue", () => {
    expect((seo({ simple_drive: "4WD", drive: "Four Wheel Drive" }).jsonLd as JsonLd).driveWheelConfiguration).toBe(
      "https://schema.org/FourWheelDriveConfiguration",
    );
    expect(driveWheelConfiguration({ simple_drive: "AWD", drive: "" })).toBe("https://schema.org/AllWheelDriveConfiguration");
    expect(driveWheelConfiguration({ simple_drive: "FWD", drive: "" })).toBe("https://schema.org/FrontWheelDriveConfiguration");
    expect(driveWheelConfiguration({ simple_drive: "RWD", drive: "" })).toBe("https://schema.org/RearWheelDriveConfiguration");
    // A feed that wrote only the label, or 4x4.
    expect(driveWheelConfiguration({ simple_drive: "", drive: "Rear Wheel Drive" })).toBe("https://schema.org/RearWheelDriveConfiguration");
    expect(driveWheelConfiguration({ simple_drive: "", drive: "4x4" })).toBe("https://schema.org/FourWheelDriveConfiguration");
    // Anything else is left out rather than guessed.
    expect(driveWheelConfiguration({ simple_drive: "", drive: "Part-time" })).toBeNull();
    expect((seo({ simple_drive: "", drive: "" }).jsonLd as JsonLd).driveWheelConfiguration).toBeUndefined();
  });
  it("escapes text that could end the script element", () => {
    const out = jsonLdScript({ d: "</script><script>alert(1)</script>&" });
    expect(out).not.toContain("<");
    expect(out).not.toContain(">");
    expect(JSON.parse(out)).toEqual({ d: "</script><script>alert(1)</script>&" });
  });
});
