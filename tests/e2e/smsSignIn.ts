/**
 * Signing a shopper in during browser tests: the embedded sign-in sends its "SMS" to the test server's
 * data folder (DATA_DIR/sms-outbox.jsonl, one JSON line per message), where these helpers read the code.
 *
 * Codes are limited per phone (one send a minute, a few an hour), so every spec, test, project and
 * retry signs in with a mobile of its own (`shopperMobile`): a retry on CI never meets the minute its
 * first try started.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { e2eDataDir } from "./site";

/** The test server's data folder, as playwright.config.ts gives it. */
export const DATA_DIR = e2eDataDir();
export const OUTBOX = path.join(DATA_DIR, "sms-outbox.jsonl");

export interface Sms {
  to: string;
  body: string;
  at: string;
  tenant: string;
}

/** Every message the embedded sender has written so far. */
export function outbox(): Sms[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readFileSync(OUTBOX, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Sms);
}

/** '0412 345 678' -> '+61412345678', the form the SMS is addressed in. */
export const e164 = (mobile: string) => `+61${mobile.replace(/\s/g, "").slice(1)}`;

/**
 * The specs that sign shoppers in, each with its own two digits of the mobile: no two specs share a
 * number. A new spec takes the next free pair.
 */
const SPEC_DIGITS = {
  "sign-in": 10,
  garage: 11,
  "checkout-journey": 12,
  "finance-journey": 13,
  watchlist: 14,
  "online-payment-spin": 15,
  "shopper-details": 16,
  "dealer-content": 17,
  "saved-searches": 18,
} as const;
export type SigningInSpec = keyof typeof SPEC_DIGITS;

/**
 * Three digits that differ between runs with different data folders (a fresh E2E_DATA_DIR per run), so a
 * run against a database kept from an earlier run (one spin per phone, codes per hour) meets new phones.
 */
const RUN_DIGITS = String(parseInt(crypto.createHash("sha256").update(DATA_DIR).digest("hex").slice(0, 8), 16) % 1000).padStart(3, "0");

/**
 * The mobile for sign-in number `n` (0-9) of a test in `spec`: '04' + the spec's two digits, then the
 * project (js 0, no-js 1), the retry and `n`, then the run's three digits, e.g. '0410 001 123'.
 */
export function shopperMobile(spec: SigningInSpec, n = 1): string {
  if (!Number.isInteger(n) || n < 0 || n > 9) throw new Error(`shopperMobile: n is one digit, not ${n}`);
  const info = test.info();
  const project = info.project.use.javaScriptEnabled === false ? 1 : 0;
  const retry = Math.min(info.retry, 9);
  return `04${SPEC_DIGITS[spec]} ${project}${retry}${n} ${RUN_DIGITS}`;
}

/** The mobile as the site writes it back (issue 26: mobiles 4-3-3), e.g. '0410 001 123'. */
export const shownMobile = (mobile: string) => {
  const digits = mobile.replace(/\s/g, "");
  return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
};

/** The code in the latest SMS `tenant` sent to `mobile` since `since` (waits for it to arrive). */
export async function codeSentTo(tenant: string, mobile: string, since: number): Promise<string> {
  const sent = () => outbox().filter((m) => m.to === e164(mobile) && m.tenant === tenant && Date.parse(m.at) >= since - 1000);
  await expect.poll(() => sent().length, { message: `an SMS from ${tenant} to ${mobile} in ${OUTBOX}` }).toBeGreaterThan(0);
  const code = /\b(\d{6})\b/.exec(sent().at(-1)!.body)?.[1];
  expect(code, "a 6-digit code in the SMS").toBeTruthy();
  return code!;
}

const withScript = () => test.info().project.use.javaScriptEnabled !== false;

/** With JavaScript, waits until the sign-in form's own script has taken it over. */
export async function signInReady(page: Page) {
  if (!withScript()) return;
  await page.waitForLoadState("networkidle");
  await expect(page.locator("form#sign-in[data-interactive]")).toHaveCount(1, { timeout: 15_000 });
}

/** On the sign-in screen: the mobile, 'Send Code' and 'Code sent!'. Returns when the code was asked for. */
export async function sendSignInCode(scope: Page | Locator, mobile: string): Promise<number> {
  const since = Date.now();
  await scope.getByLabel("Mobile Number").fill(mobile);
  await scope.getByRole("button", { name: "Send Code" }).click();
  await expect(scope.getByText("Code sent!")).toBeVisible();
  return since;
}

/** The whole sign-in screen: the code by SMS to `mobile`, typed in, and 'Verify and Sign In'. */
export async function signIn(page: Page, tenant: string, mobile: string) {
  await signInReady(page);
  const since = await sendSignInCode(page, mobile);
  await page.getByLabel("Verification Code").fill(await codeSentTo(tenant, mobile, since));
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
}
