import { expect, test } from "@playwright/test";
import { test as axeTest, expectNoAxeFindings } from "./axe";
import { siteUrl } from "./site";
import { expectThroughPhotoRoute } from "./photoRoute";
import { PHOTO_LAYOUTS } from "~/domain/photos";

/**
 * Offers, brands and the model dropdown, with JavaScript on and off (the two projects): the offers grid
 * and an offer's page, the group's brands page (and 404 where a dealer has none), a brand's overview,
 * /models by body, and the header's model dropdown tabs.
 */

test.describe("special offers", () => {
  test("the grid shows the dealer's offers with cut text, the model link and Book a Test Drive", async ({ page }) => {
    const response = await page.goto(siteUrl("coastal-gwm", "/special-offers"));
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toMatch(/^public/);
    await expect(page.getByRole("heading", { level: 1, name: "Special Offers" })).toBeVisible();
    await expect(page.locator("[data-sales-counter]")).toHaveText(/^[\d,]+ cars sold this month$/);

    const bonus = page.locator('article[data-offer="cg-o3"]');
    await expect(bonus.getByRole("heading", { name: "Haval H6 Hybrid: $1,500 factory bonus" })).toBeVisible();
    await expect(bonus).toContainText("Factory bonus");
    // Longer than 200 characters: 160 and a mark that it goes on.
    const description = (await bonus.locator("p").nth(1).textContent()) ?? "";
    expect(description.endsWith("…")).toBe(true);
    expect(description.length).toBe(161);
    // The model's own page (issue 26), where the dealer has a models menu.
    await expect(bonus.getByRole("link", { name: "View H6" })).toHaveAttribute("href", "/h6");
    await expect(bonus.getByRole("link", { name: "Book a Test Drive" })).toHaveAttribute("href", "/book-test-drive/");
    // An offer that excludes this website is not shown.
    await expect(page.getByText("Tank 300 launch edition")).toHaveCount(0);
  });

  test("an offer's page shows it whole, with its terms in a collapsible panel", async ({ page }) => {
    await page.goto(siteUrl("coastal-gwm", "/special-offers"));
    await page.getByRole("link", { name: "Haval H6 Hybrid: $1,500 factory bonus" }).click();
    await expect(page).toHaveURL(/\/offers\/haval\/cg-o3$/);
    await expect(page.getByRole("heading", { level: 1, name: "Haval H6 Hybrid: $1,500 factory bonus" })).toBeVisible();
    await expect(page.getByText("when you take delivery before the end of the year.")).toBeVisible();
    const terms = page.getByText(/Coastal GWM reserves the right to end this offer early\.$/);
    await expect(terms).toBeHidden();
    await page.locator("summary", { hasText: "Terms and conditions" }).click();
    await expect(terms).toBeVisible();
    await expect(page.getByRole("heading", { name: "More offers" })).toBeVisible();
  });

  test("an offer reads its plain-text description, and shows its model's picture when it has none of its own", async ({ page }) => {
    const plain = "Every used car from Westside comes with 12 months' 24/7 roadside assistance Australia-wide, at no extra cost.";
    await page.goto(siteUrl("westside-used", "/special-offers"));
    const card = page.locator('article[data-offer="ws-o1"]');
    // The dealer's data gives the description with markup and as plain text (sanitized_description): shoppers read the text.
    await expect(card.getByText(plain, { exact: true })).toBeVisible();
    await expect(card).not.toContainText("<p>");
    await expect(card).not.toContainText("<strong>");
    // No image_url, so image_or_model_image, where the card would otherwise show a placeholder.
    await expect(card.locator("img")).toHaveAttribute("src", /wagon\.svg/);
    await page.goto(siteUrl("westside-used", "/offers/ws-o1"));
    await expect(page.getByText(plain, { exact: true })).toBeVisible();
    await expect(page.locator("main")).not.toContainText("<strong>");
    await expect(page.locator('article[data-offer="ws-o1"] img').first()).toHaveAttribute("src", /wagon\.svg/);
  });

  test("offers without a manufacturer answer at /offers/{id}; unknown and excluded offers are 404", async ({ page }) => {
    expect((await page.goto(siteUrl("westside-used", "/offers/ws-o1")))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "12 months' roadside assistance on every car" })).toBeVisible();
    expect((await page.goto(siteUrl("coastal-gwm", "/offers/haval/no-such-offer")))?.status()).toBe(404);
    expect((await page.goto(siteUrl("coastal-gwm", "/offers/tank/cg-o5")))?.status()).toBe(404);
    // The other form of a known offer's address moves to its own.
    await page.goto(siteUrl("coastal-gwm", "/offers/cg-o3"));
    await expect(page).toHaveURL(/\/offers\/haval\/cg-o3$/);
  });
});

test.describe("brands", () => {
  test("the group's brands page shows the stats banner and its brands by kind", async ({ page }) => {
    expect((await page.goto(siteUrl("summit-auto-group", "/brands")))?.status()).toBe(200);
    const stats = page.getByRole("list", { name: "Our group in numbers" });
    await expect(stats).toContainText("50+");
    await expect(stats).toContainText("Locations");
    await expect(stats).toContainText("40+");
    await expect(stats).toContainText("30+");
    for (const heading of ["Car Brands", "Motorcycle Brands", "Truck Brands", "Group Brands"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    // The group's own entry skips its page, so it is not a link.
    await expect(page.locator('[data-brand="summit-auto-group"]')).not.toHaveAttribute("href", /.*/);
    await page.locator('a[data-brand="hyundai"]').click();
    await expect(page).toHaveURL(/\/hyundai\/overview$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hyundai" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View Hyundai stock" })).toHaveAttribute("href", "/search?make=Hyundai");
  });

  test("a dealer without a brands page answers 404, and unknown brands have no overview", async ({ page }) => {
    expect((await page.goto(siteUrl("coastal-gwm", "/brands")))?.status()).toBe(404);
    expect((await page.goto(siteUrl("summit-auto-group", "/no-such-brand/overview")))?.status()).toBe(404);
    expect((await page.goto(siteUrl("summit-auto-group", "/summit-auto-group/overview")))?.status()).toBe(404);
  });
});

test.describe("the model dropdown", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("ALL MODELS first, then a tab per body and CURRENT OFFERS", async ({ page }, testInfo) => {
    await page.goto(siteUrl("coastal-gwm", "/special-offers"));
    const dropdown = page.locator("details[data-model-dropdown]");
    await dropdown.locator("summary").click();
    const tabs = dropdown.locator("[data-tab]");
    await expect(tabs.first()).toHaveText("ALL MODELS");
    await expect(tabs.last()).toHaveText("CURRENT OFFERS");
    const tabCount = await tabs.count();
    expect(tabCount).toBeGreaterThan(2);
    const allCards = await dropdown.getByText("Discover").count();
    expect(allCards).toBeGreaterThan(0);
    // A model's picture is a photo of the dealer's stock, the photo route's copy for the menu's small tiles.
    const menuPicture = dropdown.locator("a img").first();
    await expectThroughPhotoRoute(menuPicture);
    await expect(menuPicture).toHaveAttribute("sizes", PHOTO_LAYOUTS.menuTile.sizes);

    const body = tabs.nth(1);
    const bodyLabel = (await body.textContent()) ?? "";
    if (testInfo.project.name === "js") {
      await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
      await body.click();
      await expect(body).toHaveAttribute("aria-selected", "true");
      await expect(page).toHaveURL(/\/special-offers$/);
      const bodyCards = await dropdown.getByText("Discover").count();
      expect(bodyCards).toBeGreaterThan(0);
      expect(bodyCards).toBeLessThanOrEqual(allCards);
      await tabs.last().click();
      await expect(dropdown.getByText("View Offer").first()).toBeVisible();
      await expect(dropdown.getByText("Haval H6 Hybrid: $1,500 factory bonus")).toBeVisible();
      // The arrow keys move between tabs.
      await tabs.last().press("ArrowRight");
      await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
      await expect(tabs.first()).toBeFocused();
    } else {
      // Without JavaScript each tab is its own page.
      await body.click();
      await expect(page).toHaveURL(/\/models\?body=[a-z0-9-]+$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`Models$`));
      await expect(page.getByRole("link", { name: bodyLabel })).toHaveAttribute("aria-current", "page");
      expect(await page.getByRole("link", { name: /^Discover the / }).count()).toBeGreaterThan(0);
      const tilePicture = page.locator("main article[data-model] img").first();
      await expectThroughPhotoRoute(tilePicture);
      await expect(tilePicture).toHaveAttribute("sizes", PHOTO_LAYOUTS.tile.sizes);
    }
  });

  test("/models never fails on a body it cannot read", async ({ page }) => {
    for (const query of ["?body=%3Cscript%3E", "?body=spaceship", `?body=${"x".repeat(300)}`]) {
      expect((await page.goto(siteUrl("coastal-gwm", `/models${query}`)))?.status(), query).toBe(200);
    }
    await expect(page.getByRole("heading", { level: 1, name: "All Models" })).toBeVisible();
  });
});

test.describe("carousel", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a brand's models scroll by dots, previous and next (disabled at the ends) and the arrow keys", async ({ page }, testInfo) => {
    await page.goto(siteUrl("summit-auto-group", "/hyundai/overview"));
    const carousel = page.getByRole("region", { name: "Hyundai models" });
    const slides = carousel.locator("li:has(article[data-model])");
    expect(await slides.count()).toBeGreaterThan(2);
    if (testInfo.project.name !== "js") {
      // Without JavaScript the strip scrolls natively and has no controls.
      await expect(carousel.getByRole("button")).toHaveCount(0);
      return;
    }
    const previous = carousel.getByRole("button", { name: "Previous" });
    const next = carousel.getByRole("button", { name: "Next" });
    const dots = carousel.getByRole("button", { name: /^Go to slide/ });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(dots.first()).toHaveAttribute("aria-current", "true");

    await next.click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(previous).toBeEnabled();

    await carousel
      .getByRole("link", { name: /^Discover the / })
      .nth(1)
      .focus();
    await page.keyboard.press("ArrowRight");
    await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");

    await dots.last().click();
    await expect(next).toBeDisabled();
  });
});

test.describe("accessibility", () => {
  // The whole page with the model dropdown open, with JavaScript on and off (tests/e2e/axe.ts).
  for (const [slug, path] of [
    ["coastal-gwm", "/special-offers"],
    ["coastal-gwm", "/offers/haval/cg-o3"],
    ["summit-auto-group", "/brands"],
    ["summit-auto-group", "/hyundai/overview"],
    ["coastal-gwm", "/models?body=suv"],
  ] as const) {
    axeTest(`${path} has no serious or critical axe findings, the model dropdown open`, async ({ shopperPage }) => {
      await shopperPage.goto(siteUrl(slug, path));
      await shopperPage.locator("details[data-model-dropdown] summary").click();
      await expectNoAxeFindings(shopperPage, `${slug}${path}, the model dropdown open`);
    });
  }
});

test.describe("collapsible panel", () => {
  test("opens over 300 ms, or at once for shoppers who prefer reduced motion", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "without JavaScript the <details> opens at once, as tested above");
    const openTerms = async () => {
      await page.goto(siteUrl("coastal-gwm", "/offers/haval/cg-o3"));
      await page.waitForFunction(() => document.querySelector("[data-offer] details") !== null);
      // The panel's own script is on the page once it is interactive.
      await page.waitForLoadState("networkidle");
      // Clicked and read in one step, so a slow machine cannot let the animation end unseen.
      return page.evaluate(() => {
        document.querySelector<HTMLElement>("[data-offer] details > summary")?.click();
        return document.getAnimations().map((a) => (a.effect?.getTiming().duration ?? 0) as number);
      });
    };
    expect(await openTerms()).toContain(300);
    await expect(page.locator("[data-offer] details")).toHaveAttribute("open", "");

    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await openTerms()).toEqual([]);
    await expect(page.locator("[data-offer] details")).toHaveAttribute("open", "");
  });
});
