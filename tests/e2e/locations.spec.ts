/**
 * Locations, the dealer locator and reviews as a shopper meets them, with JavaScript on and off: the
 * locator's nearest locations and its two postcode messages, the grid's filters, a location's page
 * (hours, map, department switch, JSON-LD) at its spec addresses, and axe on each page type.
 */
import { expect, test } from "@playwright/test";
import { test as axeTest, expectNoAxeFindings } from "./axe";
import { siteUrl } from "./site";

const GROUP = "summit-auto-group";

test.describe("dealer locator", () => {
  test("lists the nearest locations to a postcode, nearest first with the distance", async ({ page }) => {
    await page.goto(siteUrl(GROUP, "/dealer-locator"));
    await page.getByRole("textbox", { name: "Postcode" }).fill("2750");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/dealer-locator\?postcode=2750$/);
    await expect(page.getByRole("heading", { name: "Nearest to 2750" })).toBeVisible();
    const cards = page.locator("ol article");
    await expect(cards.first().getByRole("heading")).toHaveText(/Penrith/);
    await expect(cards.first()).toContainText(/\d+\.\d km away/);
    await expect(cards.first().getByRole("link", { name: /Directions/ })).toBeVisible();
  });

  test("says 'Invalid postcode. Please enter a 4-digit number.' and 'Invalid postcode'", async ({ page }) => {
    await page.goto(siteUrl(GROUP, "/dealer-locator"));
    await page.getByRole("textbox", { name: "Postcode" }).fill("27a");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid postcode. Please enter a 4-digit number.");
    await page.getByRole("textbox", { name: "Postcode" }).fill("0000");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid postcode");
    await expect(page.locator("ol article")).toHaveCount(0);
  });
});

test.describe("locations grid", () => {
  test("filters sales, service only and parts with plain links", async ({ page }) => {
    await page.goto(siteUrl(GROUP, "/locations"));
    const cards = page.locator("main article, article");
    const all = await cards.count();
    expect(all).toBeGreaterThan(5);
    await expect(cards.first()).toContainText("Monday - Friday");
    await page.getByRole("link", { name: "Service only", exact: true }).click();
    await expect(page).toHaveURL(/\/locations\?type=service$/);
    await expect(page.getByRole("link", { name: "Service only", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(cards).toHaveCount(2);
    for (const text of await cards.allInnerTexts()) expect(text).toMatch(/^SERVICE/i);
    await page.getByRole("link", { name: "Parts", exact: true }).click();
    await expect(cards).toHaveCount(1);
    await page.getByRole("link", { name: "All", exact: true }).click();
    await expect(cards).toHaveCount(all);
  });

  test("the Sales/Service tabs variant shows each department's hours and phone, with or without script", async ({ page }) => {
    await page.goto(siteUrl("coastal-gwm", "/locations"));
    const card = page.locator("article").filter({ has: page.getByRole("radio", { name: "Service" }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link", { name: "07 5591 4400" })).toBeVisible();
    await expect(card.getByRole("link", { name: "07 5591 4422" })).toBeHidden();
    await card.getByText("Service", { exact: true }).click();
    await expect(card.getByRole("link", { name: "07 5591 4422" })).toBeVisible();
    await expect(card.getByRole("link", { name: "07 5591 4400" })).toBeHidden();
  });

  test("answers at /dealerships where the dealer's locations page is there", async ({ page }) => {
    const response = await page.goto(siteUrl(GROUP, "/dealerships"));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our locations");
  });
});

test.describe("a location's page", () => {
  test("shows the address, hours, map and switches department at the same address", async ({ page }, testInfo) => {
    await page.goto(siteUrl(GROUP, "/locations"));
    await page.getByRole("link", { name: "Summit Hyundai Parramatta", exact: true }).click();
    await expect(page).toHaveURL(/\/locations\/summit-hyundai-parramatta$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Summit Hyundai Parramatta");
    await expect(page.locator("address").first()).toHaveText("120 Church Street, Parramatta NSW 2150");
    await expect(page.locator("#vehicle-map")).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Monday - Friday" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Get Directions/ }).first()).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/dir\//,
    );
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(jsonLd["@type"]).toBe("AutoDealer");
    expect(jsonLd.openingHoursSpecification.length).toBeGreaterThan(0);

    await page.getByLabel("Department at this address").selectOption({ label: "Service - Summit Hyundai Service Parramatta" });
    if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Go" }).click();
    await expect(page).toHaveURL(/\/locations\/summit-hyundai-service$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Summit Hyundai Service Parramatta");
  });

  test("with no maps key, shows an honest address card with Get Directions instead of a made-up map", async ({ page }) => {
    await page.goto(siteUrl(GROUP, "/locations/summit-hyundai-parramatta"));
    const card = page.locator("#vehicle-map");
    await expect(card.getByRole("heading", { name: "Find us" })).toBeVisible();
    await expect(card.locator("address")).toContainText("120 Church Street");
    await expect(card.locator("address")).toContainText("Parramatta NSW 2150");
    const directions = card.getByRole("link", { name: /^Get Directions/ });
    await expect(directions).toBeVisible();
    await expect(directions).toHaveAttribute(
      "href",
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent("120 Church Street, Parramatta NSW 2150")}`,
    );
    await expect(directions).toHaveAttribute("target", "_blank");
    // No drawing of streets that are not there, and no raw coordinates.
    await expect(card.locator("svg line, svg text, iframe")).toHaveCount(0);
    await expect(card).not.toContainText(/-?\d{2,3}\.\d{3,}/);
    // 'View map' would jump to a card that is not a map.
    await expect(page.getByRole("link", { name: "View map" })).toHaveCount(0);
  });

  test("shows the dealer's own wording of a day's hours", async ({ page }) => {
    await page.goto(siteUrl("westside-used", "/locations/osborne-park"));
    const sunday = page.getByRole("row", { name: /^Sunday/ }).first();
    await expect(sunday).toContainText("10am – 4pm (sales only)");
  });

  test("answers at /contact-us/{slug}, /our-location/{slug} and the location's name, and 404 for an unknown one", async ({ page }) => {
    for (const path of ["/contact-us/southport-sales", "/our-location/southport-sales", "/contact-us/coastal-gwm-haval-sales"]) {
      const response = await page.goto(siteUrl("coastal-gwm", path));
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coastal GWM Haval Sales");
    }
    expect((await page.goto(siteUrl("coastal-gwm", "/locations/nowhere")))?.status()).toBe(404);
  });
});

test.describe("accessibility", () => {
  for (const [slug, path] of [
    [GROUP, "/locations"],
    ["coastal-gwm", "/locations"],
    [GROUP, "/locations/summit-hyundai-parramatta"],
    [GROUP, "/dealer-locator?postcode=2150"],
    ["westside-used", "/dealer-locator?postcode=12"],
    [GROUP, "/reviews"],
    ["coastal-gwm", "/"],
  ] as const) {
    // The whole page, header and footer included, with JavaScript on and off (tests/e2e/axe.ts).
    axeTest(`${slug} ${path} has no serious or critical axe findings`, async ({ shopperPage }) => {
      await shopperPage.goto(siteUrl(slug, path));
      await expectNoAxeFindings(shopperPage, `${slug}${path}`);
    });
  }
});
