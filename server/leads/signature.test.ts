import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signBody, verifySignature } from "./signature";

describe("webhook signature", () => {
  const body = JSON.stringify({ lead: { id: "l-1", name: "Zoë" } });

  it("is sha256= and the hex HMAC-SHA256 of the exact body with the secret", () => {
    const expected = createHmac("sha256", "s3cret").update(Buffer.from(body, "utf8")).digest("hex");
    expect(signBody("s3cret", body)).toBe(`sha256=${expected}`);
    // The widely published example: key "key", message "The quick brown fox jumps over the lazy dog".
    expect(signBody("key", "The quick brown fox jumps over the lazy dog")).toBe(
      "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
    );
  });

  it("verifies only the same body with the same secret", () => {
    const header = signBody("s3cret", body);
    expect(verifySignature("s3cret", body, header)).toBe(true);
    expect(verifySignature("other", body, header)).toBe(false);
    expect(verifySignature("s3cret", `${body} `, header)).toBe(false);
    expect(verifySignature("s3cret", body, null)).toBe(false);
    expect(verifySignature("s3cret", body, "sha256=00")).toBe(false);
  });
});
