/**
 * The sign-in screen's posts through the route's action, as Remix calls it, on an embedded database
 * with the embedded phone sign-in (codes in the database, SMS to the data folder's outbox): send then
 * verify signs the shopper in (the session cookie) and lands them on `redirect`; another site's address
 * lands them at home; the step's refusals say the spec's words. Dealers are built here (never tenants/).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { PhoneAuth, SignInRefusal } from "@server/auth/port";
import { shopperFromRequest } from "@server/auth/session";
import { SESSION_COOKIE } from "@server/auth/sessionCookie";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../../../tests/support/freshPglite";
import type { Platform } from "@server/platform.server";
import { testPlatform, type TestPlatform } from "../../../tests/support/testPlatform";
import { contextFor } from "../../../tests/support/loadContext";
import { loaderResult, type LoaderResult } from "../../../tests/support/loaderResult";
import { testTenant } from "../../../tests/support/testTenant";
import { loader as meLoader } from "../api.me/route";
import { action as signOutAction } from "../sign-out/route";
import { action, loader } from "./route";

const DEALER = "harbour-gwm";
const ORIGIN = `http://${DEALER}.localhost`;
const MOBILE = "0412 345 678";
const dealer = testTenant(DEALER, { name: "Harbour GWM", gating: { enabled: true } });

let db: Database;
let platform: TestPlatform;

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  platform = await testPlatform({ db, tenants: [dealer] });
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

const QUERY = "?type=car-finance&redirect=%2Ffinance%3Fcar_id%3Dabc&back=%2Fcars%2Fabc";

function post(fields: Record<string, string>, query = QUERY, cookie?: string) {
  return new Request(`${ORIGIN}/sign-in${query}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

async function callAction(request: Request, on: Platform = platform): Promise<LoaderResult<unknown>> {
  try {
    return await loaderResult(action({ request, context: contextFor(on, request), params: {} }));
  } catch (thrown) {
    if (thrown instanceof Response) return loaderResult(thrown);
    throw thrown;
  }
}

/** The latest code the outbox holds for this mobile (the embedded "SMS"). */
function lastCode(to = "+61412345678"): string {
  const lines = fs.readFileSync(path.join(platform.env.dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
  const sms = JSON.parse(lines[lines.length - 1]) as { to: string; body: string; tenant: string };
  expect(sms.to).toBe(to);
  expect(sms.tenant).toBe(DEALER);
  return /\b(\d{6})\b/.exec(sms.body)![1];
}

const fieldErrorsOf = async (response: LoaderResult<unknown>) => (response.data as { fieldErrors: Record<string, string> }).fieldErrors;
const cookieOf = (response: { headers: Headers }) => (response.headers.get("Set-Cookie") ?? "").split(";")[0];

describe("sign-in: send, then verify", () => {
  it("sends a code to a valid mobile and answers with the code step, the number kept", async () => {
    const response = await callAction(post({ intent: "send", phone: MOBILE }));
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ status: "verificationSent", phone: "0412 345 678" });
    expect(response.headers.get("Cache-Control")).toMatch(/private/);
    expect(lastCode()).toMatch(/^\d{6}$/);
  });

  it("signs the shopper in with the code: session cookie, then on to the redirect path", async () => {
    // Sent to the number typed one way, verified with it typed another.
    expect((await callAction(post({ intent: "send", phone: "+61 411 111 111" }))).status).toBe(200);
    const response = await callAction(post({ intent: "verify", phone: "0411 111 111", code: lastCode("+61411111111"), step: "code" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/finance?car_id=abc");
    const cookie = cookieOf(response);
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=.+`));
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly/);
    const later = new Request(`${ORIGIN}/finance?car_id=abc`, { headers: { Cookie: cookie } });
    expect(await shopperFromRequest(platform, dealer, later)).toMatchObject({ phone: "+61411111111" });

    // The header's private question: who is signed in here (never cached), and nobody without the cookie.
    const me = (cookieHeader?: string) => {
      const request = new Request(`${ORIGIN}/api/me`, { headers: cookieHeader ? { Cookie: cookieHeader } : {} });
      return meLoader({ request, context: contextFor(platform, request), params: {} });
    };
    const mine = await me(cookie);
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    // With the account's details for the lead forms (this shopper gave only their mobile).
    expect(await mine.json()).toEqual({
      signedIn: true,
      firstName: "",
      savedCarIds: [],
      details: { name: "", last_name: "", email: "", phone: "0411 111 111" },
    });
    expect(await (await me()).json()).toEqual({ signedIn: false, firstName: "", savedCarIds: [] });

    // Signed in, the sign-in page itself goes straight on; sign-out ends the session and clears the cookie.
    const page = new Request(`${ORIGIN}/sign-in${QUERY}`, { headers: { Cookie: cookie } });
    const thrown = await Promise.resolve(loader({ request: page, context: contextFor(platform, page), params: {} })).catch((r) => r);
    expect((thrown as Response).headers.get("Location")).toBe("/finance?car_id=abc");
    const out = new Request(`${ORIGIN}/sign-out`, {
      method: "POST",
      body: new URLSearchParams({ redirect: "https://evil.example.com/" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    const signedOut = (await signOutAction({ request: out, context: contextFor(platform, out), params: {} })) as Response;
    expect(signedOut.headers.get("Location")).toBe("/");
    expect(signedOut.headers.get("Set-Cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    expect(await shopperFromRequest(platform, dealer, later)).toBeNull();
    expect(await (await me(cookie)).json()).toEqual({ signedIn: false, firstName: "", savedCarIds: [] });
  });

  it("lands the shopper at home when the redirect is another site or not a path", async () => {
    const targets = ["https://evil.example.com/", "//evil.example.com", "/\\evil.example.com", "javascript:alert(1)"];
    for (const [i, redirect] of targets.entries()) {
      // A shopper each (a code per mobile at a time).
      const phone = `042000000${i}`;
      const sent = await callAction(post({ intent: "send", phone }));
      expect(sent.status).toBe(200);
      const query = `?type=checkout&${new URLSearchParams({ redirect, back: "/" })}`;
      const response = await callAction(post({ intent: "verify", phone, code: lastCode(`+6142000000${i}`) }, query));
      expect(response.status, redirect).toBe(302);
      expect(response.headers.get("Location"), redirect).toBe("/");
    }
  });

  it("refuses a wrong code with the spec's words, on the code step, the number kept", async () => {
    const phone = "0430 000 000";
    expect((await callAction(post({ intent: "send", phone }))).status).toBe(200);
    const good = lastCode("+61430000000");
    const wrong = good === "000000" ? "111111" : "000000";
    const response = await callAction(post({ intent: "verify", phone, code: wrong, step: "code" }));
    expect(response.status).toBe(422);
    const body = response.data as { fieldErrors: Record<string, string>; repopulateFields: Record<string, string> };
    expect(body.fieldErrors).toEqual({ code: "The verification code is invalid. Please try again." });
    expect(body.repopulateFields).toEqual({ phone, step: "code" });
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("checks the form before anything is sent: the spec's field messages", async () => {
    expect(await fieldErrorsOf(await callAction(post({ intent: "send", phone: "" })))).toEqual({ phone: "This is a required field." });
    expect(await fieldErrorsOf(await callAction(post({ intent: "send", phone: "02 9000 0000" })))).toEqual({
      phone: "Please enter a valid Australian mobile number.",
    });
    expect(await fieldErrorsOf(await callAction(post({ intent: "verify", phone: MOBILE, code: "" })))).toEqual({
      code: "This is a required field.",
    });
    expect(await fieldErrorsOf(await callAction(post({ intent: "verify", phone: MOBILE, code: "12345" })))).toEqual({
      code: "Code must be 6 digits.",
    });
    expect(await fieldErrorsOf(await callAction(post({ intent: "hack", phone: MOBILE })))).toEqual({
      form: "An unknown error occurred while advancing step.",
    });
  });
});

describe("sign-in: the auth service's refusals in the spec's words", () => {
  /** The same platform with an auth service that refuses every step for `reason` (or fails outright). */
  function refusing(reason: SignInRefusal | "throws"): Platform {
    const answer = async () => {
      if (reason === "throws") throw new Error("provider down");
      return { ok: false as const, reason };
    };
    const auth: PhoneAuth = { kind: "embedded", sendCode: answer, verifyCode: answer };
    return { ...platform, auth };
  }

  const cases: [SignInRefusal | "throws", "send" | "verify", string, string][] = [
    ["too-many-attempts", "send", "form", "Too many verification attempts. Please try again later."],
    ["too-many-attempts", "verify", "form", "Too many verification attempts. Please try again later."],
    ["invalid-code", "verify", "code", "The verification code is invalid. Please try again."],
    ["expired-code", "verify", "code", "The verification code is invalid. Please try again."],
    ["invalid-phone", "send", "phone", "Please enter a valid Australian mobile number."],
    ["unavailable", "send", "form", "An unknown error occurred while advancing step."],
    ["unavailable", "verify", "form", "An unknown error occurred during verification."],
    ["throws", "send", "form", "An unknown error occurred while advancing step."],
    ["throws", "verify", "form", "An unknown error occurred during verification."],
  ];
  it.each(cases)("%s on %s: %s says '%s'", async (reason, intent, field, message) => {
    const response = await callAction(post({ intent, phone: MOBILE, code: "123456" }), refusing(reason));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await fieldErrorsOf(response)).toEqual({ [field]: message });
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});
