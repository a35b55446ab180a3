/**
 * A fake postcode geocoding service for the HTTP Geocoder adapter's tests, on the fakes' checking server
 * (./jsonProviderServer.ts). It checks each request as the service would: `GET
 * /geocode?postcode=NNNN&country=AU` asking for JSON (anything else is refused and noted as a problem).
 * It knows a few postcodes (`{ lat, long }`), answers 404 `{ lat: null, long: null }` for the rest, and
 * fails on demand: an HTTP status, a slow answer, a body of your choosing, or text that is not JSON.
 */
import { z } from "zod";
import { startFakeProvider, type FakeFailure, type FakeRequest } from "./jsonProviderServer";

export type GeocoderFailure = FakeFailure;

export interface FakeGeocoder {
  /** The address to give the adapter (GEOCODER_URL). */
  url: string;
  requests: FakeRequest[];
  failNext(failure: GeocoderFailure, times?: number): void;
  problems(): string[];
  close(): Promise<void>;
}

/** The postcodes the fake knows. */
export const FAKE_POSTCODES: Record<string, { lat: number; long: number }> = {
  "2000": { lat: -33.8688, long: 151.2093 },
  "2150": { lat: -33.8148, long: 151.0017 },
  "3000": { lat: -37.8136, long: 144.9631 },
  "6000": { lat: -31.9523, long: 115.8613 },
};

const geocodeQuery = z.object({ postcode: z.string().regex(/^\d{4}$/, "not four digits"), country: z.literal("AU") }).strict();

export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const provider = await startFakeProvider({
    acceptJson: true,
    endpoints: [
      {
        method: "GET",
        path: "/geocode",
        fields: "query",
        schema: geocodeQuery,
        answer: ({ postcode }: z.infer<typeof geocodeQuery>) => {
          const point = FAKE_POSTCODES[postcode];
          return point ? { status: 200, payload: point } : { status: 404, payload: { lat: null, long: null } };
        },
      },
    ],
  });
  return {
    ...provider,
    url: `${provider.url}/geocode`,
    failNext: (failure, times = 1) => provider.failNext(failure, { times }),
  };
}
