import { describe, expect, it } from "vitest";
import { IMMUTABLE_ASSET, NO_STORE, PAGE_CACHE, PRIVATE_NO_CACHE, PUBLIC_FIVE_MINUTES } from "./cachePolicy";
import {
  boundedTags,
  CACHE_TAG_HEADER,
  carTag,
  dealerTag,
  isTag,
  MAX_TAG_HEADER_BYTES,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  SURROGATE_KEY_HEADER,
  surrogateKeyHeaders,
  tagAnswer,
  tagName,
  tagsOf,
} from "./surrogateKeys";

describe("surrogate key names", () => {
  it("names a dealer and a car as both CDNs read them", () => {
    expect(dealerTag("summit-auto-group")).toBe("dealer-summit-auto-group");
    expect(carTag("a1b2-c3")).toBe("car-a1b2-c3");
  });

  it("writes anything a header separator or a CDN would read differently as _, in lower case, within the length", () => {
    expect(tagName("car", "AB 12,x/y")).toBe("car-ab_12_x_y");
    expect(tagName("car", "é")).toBe("car-_");
    expect(tagName("car", "x".repeat(500))).toHaveLength(MAX_TAG_LENGTH);
    for (const tag of [tagName("car", "AB 12,x/y"), tagName("dealer", "Ümlaut Motors")]) expect(isTag(tag)).toBe(true);
    expect(isTag("")).toBe(false);
    expect(isTag("a b")).toBe(false);
    expect(isTag("a,b")).toBe(false);
    expect(isTag("Upper")).toBe(false);
  });
});

describe("the Cache-Tag and Surrogate-Key headers", () => {
  it("lists the tags once each, comma-separated for Cloudflare and space-separated for Fastly", () => {
    expect(surrogateKeyHeaders(["dealer-alpha", "car-1", "car-2", "car-1"])).toEqual({
      [CACHE_TAG_HEADER]: "dealer-alpha,car-1,car-2",
      [SURROGATE_KEY_HEADER]: "dealer-alpha car-1 car-2",
    });
    expect(surrogateKeyHeaders([])).toEqual({});
    expect(surrogateKeyHeaders(["not a tag"])).toEqual({});
  });

  it("stays within 16 KB and 1,000 tags, keeping the first ones (the dealer's)", () => {
    const many = ["dealer-alpha", ...Array.from({ length: 5000 }, (_, i) => carTag(`car-with-a-long-id-${i}`))];
    const headers = surrogateKeyHeaders(many);
    expect(headers[CACHE_TAG_HEADER]!.length).toBeLessThanOrEqual(MAX_TAG_HEADER_BYTES);
    expect(headers[SURROGATE_KEY_HEADER]!.length).toBe(headers[CACHE_TAG_HEADER]!.length);
    expect(headers[CACHE_TAG_HEADER]!.startsWith("dealer-alpha,")).toBe(true);
    const short = Array.from({ length: 2000 }, (_, i) => `t${i}`);
    expect(boundedTags(short)).toHaveLength(MAX_TAGS);
    // A full bound is filled: the next tag would not have fit.
    const kept = boundedTags(many);
    expect(kept.join(",").length + 1 + many[kept.length]!.length).toBeGreaterThan(MAX_TAG_HEADER_BYTES);
  });

  it("reads the tags an answer carries from either header", () => {
    expect(tagsOf(new Headers({ "Cache-Tag": "a, b", "Surrogate-Key": "b c" }))).toEqual(["a", "b", "b", "c"]);
    expect(tagsOf(new Headers())).toEqual([]);
  });
});

describe("tagging an answer (the pipeline)", () => {
  const answer = (headers: Record<string, string>) => new Headers(headers);

  it("puts the dealer first on a public answer, before the route's own tags", () => {
    const headers = answer({ "Cache-Control": PAGE_CACHE, ...surrogateKeyHeaders([carTag("a1")]) });
    tagAnswer(headers, "alpha-motors");
    expect(headers.get(CACHE_TAG_HEADER)).toBe("dealer-alpha-motors,car-a1");
    expect(headers.get(SURROGATE_KEY_HEADER)).toBe("dealer-alpha-motors car-a1");
    const list = answer({ "Cache-Control": PUBLIC_FIVE_MINUTES });
    tagAnswer(list, "alpha-motors");
    expect(list.get(CACHE_TAG_HEADER)).toBe("dealer-alpha-motors");
  });

  it("leaves no tag on a private or unstored answer, on an answer of no dealer, or on a fingerprinted file", () => {
    for (const [control, dealer] of [
      [PRIVATE_NO_CACHE, "alpha-motors"],
      [NO_STORE, "alpha-motors"],
      ["public, max-age=60, private", "alpha-motors"],
      [PAGE_CACHE, undefined],
      [IMMUTABLE_ASSET, "alpha-motors"],
      ["", "alpha-motors"],
    ] as const) {
      const headers = answer({ "Cache-Control": control, ...surrogateKeyHeaders([carTag("a1")]) });
      tagAnswer(headers, dealer);
      expect([headers.get(CACHE_TAG_HEADER), headers.get(SURROGATE_KEY_HEADER)], control).toEqual([null, null]);
    }
  });

  it("does not touch the headers of an answer with nothing to change (a redirect's are read-only)", () => {
    const redirect = Response.redirect("https://alpha.example.com/", 302);
    expect(() => tagAnswer(redirect.headers, "alpha-motors")).not.toThrow();
  });
});
