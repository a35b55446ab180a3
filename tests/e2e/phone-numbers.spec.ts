/**
 * Phone numbers as Australians write them, each saying what it is (issue 26): landlines 2-4-4, 1300
 * numbers 4-3-3, tel: links of the digits; the group's header, footer and Call Now show different
 * numbers, labelled sales, enquiries, service and by car type. JavaScript on and off.
 */
import { expect, test } from "@playwright/test";
import { siteUrl } from "./site";
import { findCar, inStock } from "./vehicleStock";

const SUMMIT = "summit-auto-group";

test.describe("phone numbers", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the group's header and footer say which number is which", async ({ page }) => {
    await page.goto(siteUrl(SUMMIT, "/"));
    const header = page.locator("header").first();
    const call = header.getByRole("link", { name: "Call Sales 02 9630 1100" });
    await expect(call).toHaveAttribute("href", "tel:+61296301100");
    await expect(call).toHaveText(/Sales\s+02 9630 1100/);

    const footer = page.locator("footer");
    await expect(footer.getByText("Sales: 02 9630 1100")).toBeVisible();
    await expect(footer.getByText("Enquiries: 1300 786 648")).toBeVisible();
    await expect(footer.getByText("Service: 02 9630 1122")).toBeVisible();
    await expect(footer.getByRole("link", { name: "1300 786 648" })).toHaveAttribute("href", "tel:1300786648");
    await expect(footer.getByRole("link", { name: "02 9630 1122" })).toHaveAttribute("href", "tel:+61296301122");
  });

  test("one dealer's one number is listed once", async ({ page }) => {
    await page.goto(siteUrl("westside-used", "/"));
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "08 9444 2200" })).toHaveCount(1);
    await expect(footer.getByText("Sales: 08 9444 2200")).toBeVisible();
  });

  test("Call Now names the car type's line", async ({ page, javaScriptEnabled }) => {
    const car = findCar(SUMMIT, "new car in stock", (v) => inStock(v) && v.car_type === "new");
    await page.goto(siteUrl(SUMMIT, `/cars/${car.slug}`));
    const side = page.getByRole("complementary", { name: "About this car" });
    if (javaScriptEnabled) {
      await expect(page.locator("#vehicle-top")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
      const masked = side.getByRole("button", { name: /show the dealer's phone number/i });
      await expect(masked).toContainText("1300 XXX XXX");
      await expect(masked).toContainText("New car sales");
      await masked.click();
    }
    const call = side.getByRole("link", { name: /1300 786 601/ });
    await expect(call).toHaveAttribute("href", "tel:1300786601");
    await expect(call).toContainText("New car sales");
  });

  test("locations show each number grouped, linked by its digits", async ({ page }) => {
    await page.goto(siteUrl(SUMMIT, "/locations"));
    await expect(page.getByRole("link", { name: "02 9630 1100" }).first()).toHaveAttribute("href", "tel:+61296301100");
    const texts = await page.locator("main a[href^='tel:']").allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text.trim()).toMatch(/^(0[2378] \d{4} \d{4}|04\d\d \d{3} \d{3}|1[38]00 \d{3} \d{3}|13 \d\d \d\d)$/);
  });
});
