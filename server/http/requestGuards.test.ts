import { describe, expect, it } from "vitest";
import {
  bodyLimitFor,
  checkContentType,
  checkHost,
  checkMethod,
  checkSameOrigin,
  checkTarget,
  contentSecurityPolicy,
  FORM_BODY_LIMIT_BYTES,
  frameOriginOf,
  isValidHost,
  pageSecurityHeaders,
} from "./requestGuards";

describe("methods", () => {
  it("serves GET, HEAD, POST and OPTIONS; anything else is 405 with Allow", () => {
    for (const method of ["GET", "HEAD", "POST", "OPTIONS"]) expect(checkMethod(method)).toBeNull();
    for (const method of ["TRACE", "PUT", "PATCH", "DELETE", "CONNECT", "PROPFIND"]) {
      expect(checkMethod(method)).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD, POST, OPTIONS" } });
    }
  });
});

describe("Host", () => {
  it("accepts names, ports and IPv6 literals", () => {
    for (const host of [
      "coastal-gwm.localhost:3000",
      "localhost",
      "dealer.com.au",
      "dealer.com.au.",
      "127.0.0.1:80",
      "[::1]:3000",
      "[::1]",
    ]) {
      expect(isValidHost(host)).toBe(true);
    }
  });
  it("refuses two ports, empty, spaces, paths and out-of-range ports", () => {
    for (const host of ["coastal-gwm.localhost:3000:80", "", "a b", "a/b", "evil.example@dealer", "a:99999", "-a.com", "a..b:"]) {
      expect(checkHost(host)?.status).toBe(400);
    }
    expect(checkHost(undefined)?.status).toBe(400);
  });
});

describe("request target", () => {
  it("accepts paths with well-formed escapes", () => {
    expect(checkTarget("GET", "/")).toBeNull();
    expect(checkTarget("GET", "/search?range%5Bprice%5D=%3A54000&make=Mazda+CX-5")).toBeNull();
    expect(checkTarget("GET", "/search?range[price]=:54000")).toBeNull();
    expect(checkTarget("GET", "/search?query=caf%C3%A9")).toBeNull();
    expect(checkTarget("OPTIONS", "*")).toBeNull();
  });
  it("refuses absolute-form, scheme-relative and asterisk targets", () => {
    expect(checkTarget("GET", "http://coastal-gwm.localhost:3000/")?.status).toBe(400);
    expect(checkTarget("GET", "//evil.example/")?.status).toBe(400);
    expect(checkTarget("GET", "*")?.status).toBe(400);
  });
  it("refuses broken percent-encoding, invalid UTF-8 and NUL in the path", () => {
    expect(checkTarget("GET", "/cars/%ZZ")?.status).toBe(400);
    expect(checkTarget("GET", "/search?make=%E0%A4%A")?.status).toBe(400);
    expect(checkTarget("GET", "/search?make=%C3")?.status).toBe(400);
    expect(checkTarget("GET", "/cars/a%00b")?.status).toBe(400);
    expect(checkTarget("GET", "/" + "a".repeat(9000))?.status).toBe(400);
  });
});

describe("same origin for state changes", () => {
  const host = "coastal-gwm.localhost:3000";
  it("lets the dealer's own pages post", () => {
    expect(checkSameOrigin({ origin: "http://coastal-gwm.localhost:3000" }, host)).toBeNull();
    expect(checkSameOrigin({ origin: "https://coastal-gwm.localhost:3000" }, host)).toBeNull();
    expect(checkSameOrigin({ secFetchSite: "same-origin" }, host)).toBeNull();
    expect(checkSameOrigin({ referer: "http://coastal-gwm.localhost:3000/cars/x" }, host)).toBeNull();
  });
  it("refuses a foreign origin, a null origin, and another dealer on the same parent domain", () => {
    expect(checkSameOrigin({ origin: "https://evil.example" }, host)?.status).toBe(403);
    expect(checkSameOrigin({ origin: "null" }, host)?.status).toBe(403);
    expect(checkSameOrigin({ origin: "http://summit-auto-group.localhost:3000" }, host)?.status).toBe(403);
    expect(checkSameOrigin({ secFetchSite: "same-site" }, host)?.status).toBe(403);
    expect(checkSameOrigin({ secFetchSite: "cross-site" }, host)?.status).toBe(403);
    expect(checkSameOrigin({ referer: "https://evil.example/form" }, host)?.status).toBe(403);
    expect(checkSameOrigin({ referer: "not a url" }, host)?.status).toBe(403);
  });
  it("lets a caller that is not a browser through to the route's own checks", () => {
    expect(checkSameOrigin({}, host)).toBeNull();
  });
});

describe("form encoding and size", () => {
  it("pages take form posts only; /api routes read their own bodies", () => {
    expect(checkContentType("/finance", "application/x-www-form-urlencoded;charset=UTF-8")).toBeNull();
    expect(checkContentType("/cars/x", "multipart/form-data; boundary=x")).toBeNull();
    for (const type of ["application/json", "text/plain", undefined, ""]) expect(checkContentType("/cars/x", type)?.status).toBe(415);
    expect(checkContentType("/api/events", "application/json")).toBeNull();
  });
  it("forms get 64 KB; the stock feed its own limit", () => {
    expect(bodyLimitFor("/finance", 30_000_000)).toBe(FORM_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/api/stock/import", 30_000_000)).toBe(30_000_000);
  });
});

describe("security headers", () => {
  const N = { nonce: "n" };
  it("a rendered page's scripts need this response's nonce; what they load is trusted through them; no framing by others", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123==" }, false);
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).toBe("script-src 'nonce-abc123==' 'strict-dynamic' 'self'");
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });
  it("a stored page's scripts are allowed by their hashes, with no nonce at all", () => {
    const hashes = ["'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='", "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"];
    const scriptSrc = contentSecurityPolicy({ hashes }, false)
      .split("; ")
      .find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).toBe(`script-src ${hashes.join(" ")} 'strict-dynamic' 'self'`);
    expect(contentSecurityPolicy({ hashes: [] }, false)).toContain("script-src 'strict-dynamic' 'self';");
  });
  it("Cloudflare Turnstile's script and frame are allowed only where the captcha is Turnstile", () => {
    const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `))!;
    const embedded = contentSecurityPolicy(N, false);
    expect(embedded).not.toContain("challenges.cloudflare.com");
    expect(pageSecurityHeaders(N, false)["Content-Security-Policy"]).not.toContain("challenges.cloudflare.com");
    const turnstile = contentSecurityPolicy(N, false, { turnstile: true });
    expect(directive(turnstile, "script-src")).toBe("script-src 'nonce-n' 'strict-dynamic' 'self' https://challenges.cloudflare.com");
    expect(directive(turnstile, "frame-src").split(" ")).toContain("https://challenges.cloudflare.com");
    // Nothing else opens up: connections, styles and images are as before.
    for (const name of ["default-src", "connect-src", "style-src", "img-src", "form-action"]) {
      expect(directive(turnstile, name)).toBe(directive(embedded, name));
    }
    expect(pageSecurityHeaders(N, true, { turnstile: true })["Content-Security-Policy"]).toContain(
      "frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com https://www.google.com https://challenges.cloudflare.com",
    );
  });
  it("a dealer's online service booking host may be framed on its pages only, and nothing else opens up", () => {
    const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `))!;
    const plain = contentSecurityPolicy(N, false);
    const booking = contentSecurityPolicy(N, false, { frameOrigins: ["https://bookings.example.com.au"] });
    expect(directive(booking, "frame-src").split(" ")).toContain("https://bookings.example.com.au");
    expect(directive(plain, "frame-src")).not.toContain("bookings.example.com.au");
    for (const name of ["default-src", "script-src", "connect-src", "form-action", "frame-ancestors"]) {
      expect(directive(booking, name)).toBe(directive(plain, name));
    }
    expect(frameOriginOf("https://bookings.example.com.au/dealer/123?x=1")).toBe("https://bookings.example.com.au");
    expect(frameOriginOf("http://bookings.example.com.au/")).toBeNull();
    expect(frameOriginOf("https://user:pw@bookings.example.com.au/")).toBeNull();
    expect(frameOriginOf("not a url")).toBeNull();
    expect(frameOriginOf(undefined)).toBeNull();
  });
  describe("a dealer's own analytics tags", () => {
    const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `))!;
    const sources = (csp: string, name: string) => directive(csp, name).split(" ").slice(1);
    const TAG_HOSTS = /googletagmanager|google-analytics|analytics\.google|facebook/;

    it("a dealer whose events are only stored allows no tag host anywhere in its policy", () => {
      for (const dealerTags of [undefined, null, {}]) {
        const csp = pageSecurityHeaders(N, true, { dealerTags })["Content-Security-Policy"];
        expect(csp).not.toMatch(TAG_HOSTS);
        expect(csp).toBe(pageSecurityHeaders(N, true)["Content-Security-Policy"]);
      }
    });

    it("a GTM container or a GA4 id lets in Google's tag scripts, its hits and pixels, nothing of Meta's", () => {
      for (const dealerTags of [{ gtmContainerId: "GTM-AB12CD3" }, { ga4MeasurementId: "G-AB12CD34EF" }]) {
        const csp = contentSecurityPolicy(N, false, { dealerTags });
        expect(directive(csp, "script-src")).toBe("script-src 'nonce-n' 'strict-dynamic' 'self' https://www.googletagmanager.com");
        expect(sources(csp, "connect-src")).toEqual([
          "'self'",
          "https://www.googletagmanager.com",
          "https://*.google-analytics.com",
          "https://*.analytics.google.com",
        ]);
        expect(sources(csp, "img-src")).toEqual(
          expect.arrayContaining(["https://www.googletagmanager.com", "https://*.google-analytics.com"]),
        );
        expect(csp).not.toContain("facebook");
      }
    });

    it("a Meta Pixel lets in fbevents.js from connect.facebook.net and its events to www.facebook.com, nothing of Google's", () => {
      const csp = contentSecurityPolicy(N, false, { dealerTags: { metaPixelId: "123456789012345" } });
      expect(directive(csp, "script-src")).toBe("script-src 'nonce-n' 'strict-dynamic' 'self' https://connect.facebook.net");
      expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://www.facebook.com");
      expect(sources(csp, "img-src")).toContain("https://www.facebook.com");
      expect(csp).not.toMatch(/googletagmanager|google-analytics|analytics\.google/);
    });

    it("all three together name each host once, beside Turnstile's, and open nothing else (frames, forms, defaults)", () => {
      const dealerTags = { gtmContainerId: "GTM-AB12CD3", ga4MeasurementId: "G-AB12CD34EF", metaPixelId: "123456789012345" };
      const csp = contentSecurityPolicy(N, true, { turnstile: true, dealerTags });
      expect(directive(csp, "script-src")).toBe(
        "script-src 'nonce-n' 'strict-dynamic' 'self' https://challenges.cloudflare.com https://www.googletagmanager.com https://connect.facebook.net",
      );
      const connect = sources(csp, "connect-src");
      expect(new Set(connect).size).toBe(connect.length);
      const plain = contentSecurityPolicy(N, true, { turnstile: true });
      for (const name of ["default-src", "frame-src", "form-action", "object-src", "style-src", "base-uri"]) {
        expect(directive(csp, name)).toBe(directive(plain, name));
      }
    });
  });
  it("HSTS only over HTTPS", () => {
    expect(pageSecurityHeaders(N, true)["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(pageSecurityHeaders(N, false)).not.toHaveProperty("Strict-Transport-Security");
    expect(pageSecurityHeaders(N, false)["Permissions-Policy"]).toContain("camera=()");
  });
});
