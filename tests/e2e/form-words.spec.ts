/**
 * The forms' and buttons' words a shopper reads, with JavaScript on and off: a dealer's own card button
 * words ('Reserve Now', 'Quick Enquiry', tenant settings with the spec's defaults), and a watchlist
 * failure said as an alert with its message (spec 000 section 8).
 */
import { expect, test } from "@playwright/test";
import { canReserve } from "~/domain/eligibility";
import { vehicleTitle } from "~/domain/vehicle";
import { WATCHLIST_ERRORS } from "~/domain/watchlist";
import { dealerFlags } from "../../server/tenants/publicSite";
import { siteUrl } from "./site";
import { findCar, inStock, tenantConfig } from "./vehicleStock";

const SUMMIT = "summit-auto-group";
const WESTSIDE = "westside-used";

test("a dealer's own card button words: 'Reserve Now' and 'Quick Enquiry' on westside, the spec's defaults on summit", async ({ page }) => {
  for (const [tenant, reserve, enquire] of [
    [WESTSIDE, "Reserve Now", "Quick Enquiry"],
    [SUMMIT, "Reserve this Car", "Enquire Now"],
  ] as const) {
    const config = tenantConfig(tenant);
    expect(config.search).toMatchObject({ reserveCardButton: reserve, enquireCardButton: enquire });
    const car = findCar(tenant, "a car that can be reserved", (v) => inStock(v) && canReserve(v, dealerFlags(config)) && v.stocknum !== "");
    await page.goto(siteUrl(tenant, `${config.paths.searchPrefix}?query=${encodeURIComponent(car.stocknum)}`));
    const card = page.getByRole("article", { name: vehicleTitle(car) }).first();
    await expect(card.getByRole("link", { name: new RegExp(`^${reserve}`) })).toHaveAttribute(
      "href",
      `/cars/${car.slug}/${config.paths.checkout}`,
    );
    await expect(card.getByRole("link", { name: new RegExp(`^${enquire}`) })).toHaveAttribute("href", `/cars/${car.slug}#enquire`);
  }
});

test("a watchlist failure is an alert with its message", async ({ page }) => {
  await page.goto(siteUrl(SUMMIT, "/search?watchlist_error=failed"));
  const alert = page.getByRole("alert").filter({ hasText: WATCHLIST_ERRORS.failed });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Watchlist not updated");
});
