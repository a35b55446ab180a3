import { describe, expect, it } from "vitest";
import { twilioSignature, verifyTwilioSignature } from "./twilio";

// The example of Twilio's webhook security documentation (auth token 12345).
const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
const params: [string, string][] = [
  ["CallSid", "CA1234567890ABCDE"],
  ["Caller", "+12349013030"],
  ["Digits", "1234"],
  ["From", "+12349013030"],
  ["To", "+18005551212"],
];

describe("X-Twilio-Signature", () => {
  it("is the base64 HMAC-SHA1 of the URL and the parameters sorted by name, as Twilio's example gives", () => {
    expect(twilioSignature("12345", url, params)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
    expect(twilioSignature("12345", url, [...params].reverse())).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  });

  it("verifies only the right token, URL and parameters", () => {
    expect(verifyTwilioSignature("12345", url, params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=")).toBe(true);
    expect(verifyTwilioSignature("54321", url, params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=")).toBe(false);
    expect(verifyTwilioSignature("12345", `${url}&x=1`, params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=")).toBe(false);
    expect(verifyTwilioSignature("12345", url, [...params, ["Body", "STOP"]], "0/KCTR6DLpKmkAf8muzZqo1nDgQ=")).toBe(false);
    expect(verifyTwilioSignature("12345", url, params, null)).toBe(false);
    expect(verifyTwilioSignature("12345", url, params, "short")).toBe(false);
  });
});
