/**
 * Online payment and Spin to Win, with JavaScript on and off. Coastal GWM gates both: a signed-out
 * shopper is sent to sign in (type online-payment, then spin-to-win), signs in with the code from the
 * "SMS" outbox, sends a payment request (a wrong amount first) and spins the wheel once; a second visit
 * shows the same prize. Summit Auto Group does not gate: its payment page is open, but its wheel still
 * asks for sign-in (a spin belongs to a phone).
 */
import { expect, test } from "@playwright/test";
import { siteUrl } from "./site";
import { shopperMobile, signIn } from "./smsSignIn";

const COASTAL = "coastal-gwm";
const SUMMIT = "summit-auto-group";
const withScript = () => test.info().project.use.javaScriptEnabled !== false;

test("Coastal GWM: sign in for online payment, a wrong amount refused, the request confirmed; then one spin of the wheel", async ({
  page,
}) => {
  await page.goto(siteUrl(COASTAL, "/online-payment"));
  await expect(page).toHaveURL(/\/sign-in\?/);
  expect(new URL(page.url()).searchParams.get("type")).toBe("online-payment");
  await signIn(page, COASTAL, shopperMobile("online-payment-spin"));
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
