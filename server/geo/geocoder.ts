/**
 * The Geocoder port (spec 001 section 7: 'Geocoding service for postcode: postcode, country AU; unknown
 * postcode gives Invalid postcode'): where an Australian postcode is. Two adapters:
 *
 * - embedded (default): the bundled postcode list with each postcode's centre (server/geo/postcodes.ts);
 * - HTTP, with GEOCODER_URL: `GET {GEOCODER_URL}?postcode=2150&country=AU`, JSON `{ lat, long }`, 404 or
 *   `{ lat: null, long: null }` for an unknown postcode; through the outbound helper
 *   (server/http/outbound.ts): a time limit, one more try after a network failure, a time-out, 429 or
 *   5xx, the answer checked. When the service cannot answer, the bundled list answers instead, so no
 *   page waits on it or fails with it.
 */
import { z } from "zod";
import { outboundJson } from "../http/outbound";
import { log } from "../log";
import { isKnownPostcode, knownPostcodeCount, postcodeCentre, type PostcodeCentre } from "./postcodes";

export type { PostcodeCentre } from "./postcodes";

export interface Geocoder {
  readonly name: string;
  /** The postcode's point, or null when it is not an Australian postcode. Throws only when it cannot tell. */
  locate(postcode: string): Promise<PostcodeCentre | null>;
  /** Whether it is an Australian postcode (some, like PO box ranges, have no point). Throws only when it cannot tell. */
  knows(postcode: string): Promise<boolean>;
}

export class GeocoderUnavailable extends Error {}

/** The bundled list: no set-up, no network. */
export const embeddedGeocoder: Geocoder = {
  name: "embedded",
  async locate(postcode) {
    const centre = postcodeCentre(postcode);
    if (centre === "unavailable") throw new GeocoderUnavailable("the bundled postcode list cannot be read");
    return centre;
  },
  async knows(postcode) {
    if (knownPostcodeCount() === 0) throw new GeocoderUnavailable("the bundled postcode list cannot be read");
    return isKnownPostcode(postcode);
  },
};

/** How long the HTTP geocoder may take before the bundled list answers. */
export const GEOCODER_TIMEOUT_MS = 2_500;

const answerSchema = z.union([
  z.object({ lat: z.number().min(-45).max(-9), long: z.number().min(110).max(160) }),
  z.object({ lat: z.null(), long: z.null().optional() }),
]);

export function createHttpGeocoder(baseUrl: string, options: { timeoutMs?: number; fetch?: typeof fetch } = {}): Geocoder {
  const timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS;
  async function locate(postcode: string): Promise<PostcodeCentre | null> {
    const trimmed = postcode.trim();
    if (!/^\d{4}$/.test(trimmed)) return null;
    const url = new URL(baseUrl);
    url.searchParams.set("postcode", trimmed);
    url.searchParams.set("country", "AU");
    let answer: unknown;
    try {
      // Tried again at once: a page is waiting, and the bundled list answers if this fails too.
      answer = await outboundJson({
        provider: "Geocoder",
        url,
        timeoutMs,
        retries: 1,
        backoffMs: 0,
        fetch: options.fetch,
        nothingOn: [404],
      });
    } catch (error) {
      throw new GeocoderUnavailable(error instanceof Error ? error.message : String(error), { cause: error });
    }
    if (answer === null) return null;
    const parsed = answerSchema.safeParse(answer);
    if (!parsed.success) throw new GeocoderUnavailable("geocoder answered something other than { lat, long }");
    return parsed.data.lat === null ? null : { lat: parsed.data.lat, long: parsed.data.long as number };
  }
  return { name: "http", locate, knows: async (postcode) => (await locate(postcode)) !== null };
}

/** The HTTP geocoder, answered by the bundled list whenever it cannot answer itself. */
export function withEmbeddedFallback(primary: Geocoder, fallback: Geocoder = embeddedGeocoder): Geocoder {
  async function ask<T>(question: (geocoder: Geocoder) => Promise<T>): Promise<T> {
    try {
      return await question(primary);
    } catch (error) {
      log.warn("geocoder unavailable: the bundled postcode list answered", { adapter: primary.name, error: String(error) });
      return question(fallback);
    }
  }
  return {
    name: `${primary.name}+${fallback.name}`,
    locate: (postcode) => ask((geocoder) => geocoder.locate(postcode)),
    knows: (postcode) => ask((geocoder) => geocoder.knows(postcode)),
  };
}

/**
 * The 'Invalid postcode' check (spec 001 sections 5 and 8) for four digits the field rule has passed:
 * false only when the geocoder says it is no Australian postcode. When it cannot tell, the shopper is
 * not held up by it (true, logged).
 */
export async function isAustralianPostcode(geocoder: Geocoder, postcode: string): Promise<boolean> {
  try {
    return await geocoder.knows(postcode);
  } catch (error) {
    log.warn("postcode not checked: the geocoder cannot tell", { adapter: geocoder.name, error: String(error) });
    return true;
  }
}

/** The geocoder for these settings: the service at GEOCODER_URL backed by the bundled list, else the bundled list. */
export function createGeocoderFromEnv(env: { GEOCODER_URL?: string }): Geocoder {
  return env.GEOCODER_URL ? withEmbeddedFallback(createHttpGeocoder(env.GEOCODER_URL)) : embeddedGeocoder;
}
