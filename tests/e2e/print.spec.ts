/**
 * The printable page and the PDF brochure. The PDF test downloads the file the way a shopper does and
 * reads its text with pdftotext (poppler-utils).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { siteUrl } from "./site";
import { expectThroughPhotoRoute } from "./photoRoute";
import { photoUrl } from "~/domain/photos";
import { findCar, inStock, tenantConfig } from "./vehicleStock";
import { priceDisplay } from "~/domain/priceDisplay";
import { vehicleTitle, type Vehicle } from "~/domain/vehicle";
import { dealerFlags } from "../../server/tenants/publicSite";

const SUMMIT = "summit-auto-group";
const car = findCar(SUMMIT, "in-stock car with photos", (v) => inStock(v) && v.images.length > 1 && v.price > 10);

function licenceFor(v: Vehicle): string {
  const tenant = tenantConfig(SUMMIT);
  const location = tenant.locations.find((l) => l.id === (v.location?.id || v.location_id));
  return location?.dealer_license_number || tenant.footer.dealerLicence;
}

function pdfText(file: string): string {
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
}

test("the print page lays out the car with the dealer's details and licence", async ({ page, javaScriptEnabled }) => {
  const response = await page.goto(siteUrl(SUMMIT, `/print?car_id=${car.slug}`));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(vehicleTitle(car));
  await expect(page.locator("article")).toContainText(priceDisplay(car, dealerFlags(tenantConfig(SUMMIT))).text);
  await expect(page.locator("article")).toContainText(`Dealer Licence ${licenceFor(car)}`);
  await expect(page.getByRole("heading", { name: "Key Information" })).toBeVisible();
  // The photos are the photo route's copies, wide enough for paper whatever the screen: 1600 for the main one.
  const hero = page.getByRole("img", { name: vehicleTitle(car), exact: true });
  await expectThroughPhotoRoute(hero);
  await expect(hero).toHaveAttribute("src", photoUrl(car.images[0].url, 1600));
  for (const picture of await page.locator("article img").all()) await expectThroughPhotoRoute(picture);
  await expect.poll(() => hero.evaluate((el: HTMLImageElement) => el.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Print this page" })).toBeVisible();
  else await expect(page.getByRole("button", { name: "Print this page" })).toBeHidden();
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("body > header")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print this page" })).toBeHidden();
});

test("the print page for a car that is not this dealer's is a 404", async ({ page }) => {
  expect((await page.goto(siteUrl(SUMMIT, "/print?car_id=no-such-car")))?.status()).toBe(404);
  expect((await page.goto(siteUrl(SUMMIT, "/print")))?.status()).toBe(404);
});

async function openCar(page: Page, javaScriptEnabled: boolean) {
  await page.goto(siteUrl(SUMMIT, `/cars/${car.slug}`));
  if (javaScriptEnabled) await expect(page.locator("#vehicle-top")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
}

test("the PDF brochure downloads as {slug}.pdf with the title, price and dealer licence", async ({ page, javaScriptEnabled }) => {
  await openCar(page, javaScriptEnabled);
  const link = page.getByRole("link", { name: /Download PDF|Preparing/ });
  if (javaScriptEnabled) {
    // Hold the answer back a moment so the working label can be seen.
    await page.route("**/*.pdf", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
  }
  const download = page.waitForEvent("download");
  await link.click();
  if (javaScriptEnabled) await expect(link).toHaveText("Preparing...");
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${car.slug}.pdf`);
  const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "brochure-")), file.suggestedFilename());
  await file.saveAs(saved);
  const text = pdfText(saved).replace(/\s+/g, " ");
  expect(text).toContain(vehicleTitle(car));
  expect(text).toContain(priceDisplay(car, dealerFlags(tenantConfig(SUMMIT))).text);
  expect(text).toContain(`Dealer Licence ${licenceFor(car)}`);
  if (javaScriptEnabled) await expect(link).toHaveText("Download PDF");
});

test("a brochure that cannot be made is reported in an alert", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the alert is script's; without it the browser shows the server's message");
  await openCar(page, javaScriptEnabled);
  await page.route("**/*.pdf", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "The brochure service is down." }));
  // The alert is answered as it opens: an open alert would hold up the click that caused it.
  const messages: string[] = [];
  page.on("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Download PDF" }).click();
  await expect.poll(() => messages).toEqual(["The brochure service is down."]);
  await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
});
