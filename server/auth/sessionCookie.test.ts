import { describe, expect, it } from "vitest";
import { clearSessionCookieHeader, isSecureRequest, readSessionToken, SESSION_COOKIE, sessionCookieHeader } from "./sessionCookie";
import { hashSessionToken, looksLikeSessionToken, newSessionToken } from "./sessionToken";

const attributes = (header: string) => header.split("; ").slice(1);

describe("session tokens", () => {
  it("are 256 random bits in base64url, never the same twice", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newSessionToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      expect(looksLikeSessionToken(token)).toBe(true);
    }
  });

  it("are stored as a sha256 hex that is not the token and is stable", () => {
    const token = newSessionToken();
    const hash = hashSessionToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(hashSessionToken(token)).toBe(hash);
    expect(hashSessionToken(newSessionToken())).not.toBe(hash);
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, for the whole site, 30 days, Secure only over HTTPS", () => {
    const token = newSessionToken();
    const plain = sessionCookieHeader(token, { secure: false });
    expect(plain.startsWith(`${SESSION_COOKIE}=${token}; `)).toBe(true);
    expect(attributes(plain)).toEqual(["Path=/", "Max-Age=2592000", "HttpOnly", "SameSite=Lax"]);
    expect(attributes(sessionCookieHeader(token, { secure: true }))).toContain("Secure");
  });

  it("is cleared with an empty value that expires at once", () => {
    const header = clearSessionCookieHeader();
    expect(header.startsWith(`${SESSION_COOKIE}=; `)).toBe(true);
    expect(attributes(header)).toEqual(expect.arrayContaining(["Path=/", "Max-Age=0", "HttpOnly", "SameSite=Lax"]));
    expect(clearSessionCookieHeader({ secure: true })).toContain("; Secure");
  });

  it("is read from the Cookie header among other cookies; anything not shaped like a token is ignored", () => {
    const token = newSessionToken();
    const req = (cookie?: string) => new Request("http://alpha.localhost/", cookie ? { headers: { Cookie: cookie } } : {});
    expect(readSessionToken(req(`a=1; ${SESSION_COOKIE}=${token}; b=2`))).toBe(token);
    expect(readSessionToken(req())).toBeNull();
    expect(readSessionToken(req(`${SESSION_COOKIE}=short`))).toBeNull();
    expect(readSessionToken(req(`${SESSION_COOKIE}=${token.slice(0, 42)}'`))).toBeNull();
    expect(readSessionToken(req(`x${SESSION_COOKIE}=${token}`))).toBeNull();
  });

  it("knows HTTPS from the request URL the server entry built", () => {
    expect(isSecureRequest(new Request("https://alpha.example.com/"))).toBe(true);
    expect(isSecureRequest(new Request("http://alpha.localhost/"))).toBe(false);
  });
});
