import { describe, expect, it } from "vitest";
import { readUnsubscribeToken, unsubscribeKey, unsubscribeToken, type UnsubscribeTarget } from "./unsubscribeToken";

const key = unsubscribeKey("s".repeat(64));
const target: UnsubscribeTarget = { tenant: "coastal-gwm", channel: "email", address: "sam@example.com", phone: "+61412345678" };

describe("unsubscribe tokens", () => {
  it("name the dealer, channel and address, and read back with the same key", () => {
    const token = unsubscribeToken(key, target);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(readUnsubscribeToken(key, token)).toEqual(target);
  });

  it("refuse another key's token, a changed one, a made-up one and nonsense", () => {
    const token = unsubscribeToken(key, target);
    expect(readUnsubscribeToken(unsubscribeKey("t".repeat(64)), token)).toBeNull();
    const [body, signature] = token.split(".") as [string, string];
    const other = Buffer.from(JSON.stringify({ d: "westside-used", c: "email", a: "sam@example.com", p: "+61412345678" })).toString(
      "base64url",
    );
    expect(readUnsubscribeToken(key, `${other}.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(key, `${body}.${signature.slice(1)}`)).toBeNull();
    for (const bad of [null, "", "abc", "a.b.c", "%%%.%%%", "x".repeat(2000) + ".y", `${body}.`])
      expect(readUnsubscribeToken(key, bad)).toBeNull();
  });

  it("refuse a well-signed token whose contents are not a target", () => {
    const body = Buffer.from(JSON.stringify({ d: "../etc", c: "fax", a: "x", p: "" })).toString("base64url");
    const signed = unsubscribeToken(key, target).split(".")[1];
    expect(readUnsubscribeToken(key, `${body}.${signed}`)).toBeNull();
  });
});
