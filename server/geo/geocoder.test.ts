/**
 * One contract for both Geocoder adapters (the bundled list, and HTTP against the fake service in
 * tests/fakes/geocoderServer.ts), then the HTTP adapter's own failure paths.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGeocoder, type FakeGeocoder } from "../../tests/fakes/geocoderServer";
import {
  createHttpGeocoder,
  embeddedGeocoder,
  GeocoderUnavailable,
  createGeocoderFromEnv,
  isAustralianPostcode,
  withEmbeddedFallback,
  type Geocoder,
} from "./geocoder";

let fake: FakeGeocoder;
beforeAll(async () => {
  fake = await startFakeGeocoder();
});
afterAll(() => fake.close());

function contract(name: string, geocoder: () => Geocoder) {
  describe(`Geocoder contract: ${name}`, () => {
    it("places an Australian postcode near its suburb", async () => {
      const parramatta = await geocoder().locate("2150");
      expect(parramatta).not.toBeNull();
      expect(parramatta!.lat).toBeCloseTo(-33.81, 1);
      expect(parramatta!.long).toBeCloseTo(151.0, 1);
      const perth = await geocoder().locate(" 6000 ");
      expect(perth!.long).toBeCloseTo(115.86, 1);
    });
    it("answers null for four digits that are no Australian postcode and for anything else", async () => {
      for (const postcode of ["0000", "8000", "20a0", "", "20000"]) expect(await geocoder().locate(postcode), postcode).toBeNull();
    });
    it("knows which four digits are Australian postcodes (the 'Invalid postcode' check)", async () => {
      expect(await geocoder().knows("2150")).toBe(true);
      for (const postcode of ["0000", "8000", "20a0", ""]) expect(await geocoder().knows(postcode), postcode).toBe(false);
    });
  });
}

contract("embedded (bundled postcode list)", () => embeddedGeocoder);
contract("HTTP (fake service)", () => createHttpGeocoder(fake.url));

describe("HTTP geocoder", () => {
  it("asks with the postcode, country AU and JSON, and the fake finds nothing wrong", async () => {
    await createHttpGeocoder(fake.url).locate("2000");
    const asked = fake.requests.at(-1)!;
    expect(asked).toMatchObject({ method: "GET", path: "/geocode", query: { postcode: "2000", country: "AU" }, status: 200 });
    expect(asked.headers.accept).toBe("application/json");
    expect(fake.problems()).toEqual([]);
  });

  it("tries once more after a 5xx or a time-out, then says it is unavailable", async () => {
    fake.failNext({ status: 503 });
    expect(await createHttpGeocoder(fake.url).locate("2000")).toEqual({ lat: -33.8688, long: 151.2093 });
    fake.failNext({ delayMs: 400 }, 2);
    await expect(createHttpGeocoder(fake.url, { timeoutMs: 100 }).locate("2000")).rejects.toBeInstanceOf(GeocoderUnavailable);
  });

  it("refuses an answer that is not a point in Australia", async () => {
    fake.failNext({ body: { lat: 51.5, long: -0.12 } });
    await expect(createHttpGeocoder(fake.url).locate("2000")).rejects.toBeInstanceOf(GeocoderUnavailable);
    fake.failNext({ notJson: true });
    await expect(createHttpGeocoder(fake.url).locate("2000")).rejects.toBeInstanceOf(GeocoderUnavailable);
  });

  it("falls back to the bundled list when the service cannot answer, so the locator still works", async () => {
    fake.failNext({ status: 500 }, 2);
    const point = await withEmbeddedFallback(createHttpGeocoder(fake.url)).locate("2150");
    expect(point!.lat).toBeCloseTo(-33.81, 1);
  });

  it("the bundled list knows postcodes it has no point for (PO boxes), and a list it cannot read is no answer", async () => {
    expect(await embeddedGeocoder.knows("1230")).toBe(true);
    expect(await isAustralianPostcode(embeddedGeocoder, "8000")).toBe(false);
    const down: Geocoder = {
      name: "down",
      locate: () => Promise.reject(new GeocoderUnavailable("x")),
      knows: () => Promise.reject(new GeocoderUnavailable("x")),
    };
    // When nothing can tell, the shopper is not held up by the check.
    expect(await isAustralianPostcode(down, "8000")).toBe(true);
  });

  it("is chosen by GEOCODER_URL", () => {
    expect(createGeocoderFromEnv({}).name).toBe("embedded");
    expect(createGeocoderFromEnv({ GEOCODER_URL: fake.url }).name).toBe("http+embedded");
  });
});
