/**
 * Save a car to the watchlist, with JavaScript on and off: signed out, Save sends the shopper to
 * sign-in (type=watchlist), the code by "SMS" (the embedded outbox in the test server's data folder)
 * signs them in and brings them back to the car, saved, with the spec's toast and its 'View List' link;
 * removing it says 'Car Removed'.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { PORT, siteUrl } from "./site";
import { findCar, inStock, tenantConfig } from "./vehicleStock";

const DEALER = "summit-auto-group";
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `dealer-sites-e2e-${PORT}`), "sms-outbox.jsonl");
const car = findCar(DEALER, "in-stock car", (v) => inStock(v) && v.price > 1000);
const carPage = `/cars/${car.slug}`;
const garage = tenantConfig(DEALER).paths.watchlist;

const withScript = () => test.info().project.use.javaScriptEnabled !== false;
const mobile = () => `0413 ${withScript() ? 3 : 4}00 001`;
const e164 = (m: string) => `+61${m.replace(/\s/g, "").slice(1)}`;

function outbox(): { to: string; body: string; at: string; tenant: string }[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readFileSync(OUTBOX, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; body: string; at: string; tenant: string });
}

async function codeSentTo(m: string, since: number): Promise<string> {
  const sent = () => outbox().filter((s) => s.to === e164(m) && s.tenant === DEALER && Date.parse(s.at) >= since - 1000);
  await expect.poll(() => sent().length, { message: `an SMS to ${m} in ${OUTBOX}` }).toBeGreaterThan(0);
  return /\b(\d{6})\b/.exec(sent().at(-1)!.body)![1];
}

async function settle(page: Page) {
  if (withScript()) await page.waitForLoadState("networkidle");
}

const saveButton = (page: Page) => page.getByRole("button", { name: /^Save .+ to your watchlist$/ });
const removeButton = (page: Page) => page.getByRole("button", { name: /^Remove .+ from your watchlist$/ });

test("Save while signed out: sign-in, back on the car saved with the toast; remove says 'Car Removed'", async ({ page }) => {
  await page.goto(siteUrl(DEALER, carPage));
  await settle(page);
  await expect(saveButton(page)).toHaveCount(1);
  await saveButton(page).click();

  // Signed out: the sign-in screen for the watchlist, coming back to this car.
  await expect(page).toHaveURL(/\/sign-in\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get("type")).toBe("watchlist");
  expect(query.get("back")).toBe(carPage);
  await settle(page);
  if (withScript()) await expect(page.locator("form#sign-in[data-interactive]")).toHaveCount(1, { timeout: 15_000 });
  const since = Date.now();
  await page.getByLabel("Mobile Number").fill(mobile());
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page.getByText("Code sent!")).toBeVisible();
  await page.getByLabel("Verification Code").fill(await codeSentTo(mobile(), since));
  await page.getByRole("button", { name: "Verify and Sign In" }).click();

  // Back on the car, saved, and the toast says so.
  await expect(page).toHaveURL(siteUrl(DEALER, `${carPage}?saved=${encodeURIComponent(car.id)}`));
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Car Saved In Watchlist");
  await expect(toast).toContainText("is now available in your watchlist");
  await expect(toast.getByRole("link", { name: "View List" })).toHaveAttribute("href", garage);
  await expect(page.getByRole("status").filter({ has: toast })).toHaveCount(1);
  await settle(page);
  await expect(removeButton(page)).toBeVisible();

  // Remove: 'Car Removed', and the button offers Save again.
  await removeButton(page).click();
  await expect(page.getByTestId("toast")).toContainText("Car Removed");
  await expect(page.getByTestId("toast")).toContainText("is no longer in your watchlist");
  await expect(saveButton(page)).toBeVisible();
  if (withScript()) {
    // Signed in with script, Save is one call on the same page; a fresh visit knows the car is saved.
    expect(page.url()).toContain("?saved=");
    await saveButton(page).click();
    await expect(page.getByTestId("toast")).toContainText("Car Saved In Watchlist");
    await expect(page.getByTestId("toast")).toHaveCount(1);
    await page.goto(siteUrl(DEALER, carPage));
    await expect(removeButton(page)).toBeVisible();
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await removeButton(page).click();
    await expect(page.getByTestId("toast")).toContainText("Car Removed");
  } else {
    await expect(page).toHaveURL(siteUrl(DEALER, `${carPage}?removed=${encodeURIComponent(car.id)}`));
  }
});
