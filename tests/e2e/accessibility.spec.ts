/**
 * Every page type of every demo dealer (and the sign-in page the gated ones show), judged whole by axe
 * (header, menus, main content, footer, the toast region, dialogs when open), with JavaScript on and off:
 * no serious or critical finding, colour contrast included (the dealers' themes are also held to WCAG AA
 * at load: app/domain/colourContrast.ts).
 */
import { expect, type Page } from "@playwright/test";
import { expectNoAxeFindings, javaScriptOn, test } from "./axe";
import { siteUrl, TENANTS } from "./site";
import { findCar, inStock } from "./vehicleStock";

/** A dealer's results page: the one a shopper lands on from the home page's search. */
const resultsPath = (slug: string) => (slug === "westside-used" ? "/used-car" : "/search");

/** The first car on the dealer's results page. */
async function firstCarPath(page: Page, slug: string): Promise<string> {
  await page.goto(siteUrl(slug, resultsPath(slug)));
  const href = await page.locator('a[href^="/cars/"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

const PAGES = [
  ["home", "/"],
  ["results", "RESULTS"],
  ["vehicle", "VEHICLE"],
  ["finance", "/finance"],
  ["contact", "/contact"],
  ["locations", "/locations"],
  ["offers", "/special-offers"],
  ["content page", "/about-us"],
  ["sign-in", "/sign-in"],
] as const;

for (const slug of TENANTS) {
  test.describe(slug, () => {
    for (const [name, where] of PAGES) {
      test(`${name} page: no serious or critical axe finding on the whole page`, async ({ shopperPage: page }) => {
        const path = where === "RESULTS" ? resultsPath(slug) : where === "VEHICLE" ? await firstCarPath(page, slug) : where;
        const response = await page.goto(siteUrl(slug, path));
        expect(response?.status(), path).toBe(200);
        await expectNoAxeFindings(page, `${slug}${path}`);
      });
    }

    test("on a phone, with the menu and its submenus open: no serious or critical axe finding", async ({ shopperPage: page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(siteUrl(slug, "/"));
      const nav = page.getByRole("navigation", { name: "Main" });
      await page.getByText("Menu", { exact: true }).click();
      await expect(nav).toBeVisible();
      for (const summary of await nav.locator("details > summary").all()) await summary.click();
      await expectNoAxeFindings(page, `${slug} phone menu`);
    });

    test("on a desktop, with a header dropdown open: no serious or critical axe finding", async ({ shopperPage: page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(siteUrl(slug, "/"));
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.locator("details > summary").first().click();
      await expect(nav.locator("details[open]")).toHaveCount(1);
      await expectNoAxeFindings(page, `${slug} header dropdown`);
    });

    test("with a toast on screen: no serious or critical axe finding", async ({ shopperPage: page }) => {
      // A refused Save comes back in the address; the server renders its toast, with or without JavaScript.
      await page.goto(siteUrl(slug, `${resultsPath(slug)}?watchlist_error=sold`));
      await expect(page.getByTestId("toast")).toBeVisible();
      await expectNoAxeFindings(page, `${slug} toast`);
    });
  });
}

test.describe("dialogs, which only JavaScript opens", () => {
  test.skip(() => !javaScriptOn(), "without JavaScript these are plain pages, judged above");

  test("the fullscreen gallery on a car: no serious or critical axe finding", async ({ shopperPage: page }) => {
    await page.goto(siteUrl("coastal-gwm", await firstCarPath(page, "coastal-gwm")));
    await expect(page.locator("#vehicle-top")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    await page.getByRole("button", { name: "Fullscreen" }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeFindings(page, "fullscreen gallery");
  });

  test("the finance journey over a car: no serious or critical axe finding", async ({ shopperPage: page }) => {
    // A car with an NVIC code: its 'Get Finance' opens the personalised journey.
    const car = findCar(
      "summit-auto-group",
      "financeable car with an NVIC",
      (v) => inStock(v) && !v.reserved && v.price > 1000 && v.nvic.trim() !== "",
    );
    await page.goto(siteUrl("summit-auto-group", `/cars/${car.slug}`));
    await expect(page.locator("#vehicle-top")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    // The link's part hydrates once its code is here; until then a click is the plain link to the finance page.
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Get Finance", exact: true }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("quote-weekly")).toBeVisible();
    await expectNoAxeFindings(page, "finance journey");
  });
});
