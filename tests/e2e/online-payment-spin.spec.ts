/**
 * Online payment and Spin to Win, with JavaScript on and off. Coastal GWM gates both: a signed-out
 * shopper is sent to sign in (type online-payment, then spin-to-win), signs in with the code from the
 * "SMS" outbox, sends a payment request (a wrong amount first) and spins the wheel once; a second visit
 * shows the same prize. Summit Auto Group does not gate: its payment page is open, but its wheel still
 * asks for sign-in (a spin belongs to a phone).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { PORT, siteUrl } from "./site";

const COASTAL = "coastal-gwm";
const SUMMIT = "summit-auto-group";
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `dealer-sites-e2e-${PORT}`), "sms-outbox.jsonl");
const withScript = () => test.info().project.use.javaScriptEnabled !== false;
/** A mobile of its own for each run (one spin per phone, codes limited per phone). */
const freshMobile = () =>
  `0415 ${String(Math.floor(Math.random() * 1_000_000))
    .padStart(6, "0")
    .replace(/(\d{3})(\d{3})/, "$1 $2")}`;
const e164 = (mobile: string) => `+61${mobile.replace(/\s/g, "").slice(1)}`;

function codesTo(mobile: string, since: number): string[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readFileSync(OUTBOX, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; body: string; at: string; tenant: string })
    .filter((m) => m.to === e164(mobile) && m.tenant === COASTAL && Date.parse(m.at) >= since - 1000)
    .map((m) => /\b(\d{6})\b/.exec(m.body)?.[1] ?? "");
}

async function signIn(page: Page, mobile: string) {
  if (withScript()) {
    await page.waitForLoadState("networkidle");
    await expect(page.locator("form#sign-in[data-interactive]")).toHaveCount(1, { timeout: 15_000 });
  }
  const since = Date.now();
  await page.getByLabel("Mobile Number").fill(mobile);
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page.getByText("Code sent!")).toBeVisible();
  await expect.poll(() => codesTo(mobile, since).length, { message: `an SMS to ${mobile}` }).toBeGreaterThan(0);
  await page.getByLabel("Verification Code").fill(codesTo(mobile, since).at(-1)!);
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
}

test("Coastal GWM: sign in for online payment, a wrong amount refused, the request confirmed; then one spin of the wheel", async ({
  page,
}) => {
  await page.goto(siteUrl(COASTAL, "/online-payment"));
  await expect(page).toHaveURL(/\/sign-in\?/);
  expect(new URL(page.url()).searchParams.get("type")).toBe("online-payment");
  await signIn(page, freshMobile());
  await expect(page).toHaveURL(siteUrl(COASTAL, "/online-payment"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Online Payment");

  await page.getByLabel("Reference").fill("INV-2041");
  await page.getByLabel("Amount (AUD)").fill("75000");
  await page.getByLabel("First name").fill("Ava");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByLabel("Email").fill("ava@example.com");
  await page.getByRole("button", { name: /Send payment request|Continue to secure payment/ }).click();
  await expect(page.getByText("Enter an amount between $1 and $50,000")).toBeVisible();
  await expect(page.getByLabel("Reference")).toHaveValue("INV-2041");
  await page.getByLabel("Amount (AUD)").fill("1,500");
  await page.getByRole("button", { name: /Send payment request|Continue to secure payment/ }).click();
  const confirmation = page.getByTestId("payment-confirmation");
  await expect(confirmation).toContainText("Reference: INV-2041");
  await expect(confirmation).toContainText("$1,500.00");
  await expect(confirmation).toContainText("No money has been taken online");

  // Signed in already: the wheel opens, spins once, and shows the same prize on the next visit.
  await page.goto(siteUrl(COASTAL, "/spin-to-win"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Summer Spin to Win 2026");
  await expect(page.getByTestId("prize-wheel").locator("path")).toHaveCount(6);
  if (withScript()) await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Spin the wheel" }).click();
  const prize = page.getByTestId("spin-prize");
  await expect(prize).toBeVisible();
  await expect(page.getByText("You won")).toBeVisible();
  const won = (await prize.textContent())!;
  await page.goto(siteUrl(COASTAL, "/spin-to-win"));
  await expect(page.getByTestId("spin-prize")).toHaveText(won);
  await expect(page.getByRole("button", { name: "Spin the wheel" })).toHaveCount(0);
});

test("Summit Auto Group: the payment page is open without sign-in; the wheel still asks for it", async ({ page }) => {
  await page.goto(siteUrl(SUMMIT, "/online-payment"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Online Payment");
  await page.goto(siteUrl(SUMMIT, "/spin-to-win"));
  await expect(page).toHaveURL(/\/sign-in\?/);
  expect(new URL(page.url()).searchParams.get("type")).toBe("spin-to-win");
});

test("Westside Used has neither page", async ({ page }) => {
  for (const p of ["/online-payment", "/spin-to-win"]) expect((await page.goto(siteUrl("westside-used", p)))?.status()).toBe(404);
});
