/**
 * Dealers' content pages, unsubscribe and menus that follow the stock, with JavaScript on and off: the
 * dealer's own page over the shared one, the Service page's booking enquiry ending on /success, the
 * unsubscribe form refusing a wrong address with its message and recording a right one, no used-car
 * link on a new-and-demo dealer; the Service and Parts pages' location blocks (the dealer's service centres
 * and parts counters as location cards); and no serious or critical accessibility finding (axe) on each
 * page type.
 */
import { expect, test, type Page } from "@playwright/test";
import { test as axeTest, expectNoAxeFindings } from "./axe";
import { siteUrl } from "./site";

const COASTAL = "coastal-gwm";
const SUMMIT = "summit-auto-group";
const WESTSIDE = "westside-used";
const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false;

async function settle(page: Page) {
  if (!javaScriptOn()) return;
  await page.waitForLoadState("networkidle");
  await expect(page.locator('form[id^="lead-"]:not([data-interactive])')).toHaveCount(0, { timeout: 15_000 });
}

test("a dealer's own page replaces the shared one, and a page it has not got is a 404", async ({ page }) => {
  await page.goto(siteUrl(COASTAL, "/about-us"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Coastal GWM Haval");
  await expect(page).toHaveTitle("About Coastal GWM Haval | Coastal GWM Haval");
  await page.goto(siteUrl(WESTSIDE, "/careers"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Careers");
  await expect(page.getByText("there may be a place for you at Westside Used Cars")).toBeVisible();
  const missing = await page.goto(siteUrl(COASTAL, "/ultratek"));
  expect(missing?.status()).toBe(404);
  const group = await page.goto(siteUrl(SUMMIT, "/ultratek"));
  expect(group?.status()).toBe(200);
});

test("the privacy policy states the Privacy Act's time limits", async ({ page }) => {
  await page.goto(siteUrl(SUMMIT, "/privacy-policy"));
  await expect(page.getByText("We will acknowledge your request within 7 days and respond to it within 30 days.")).toBeVisible();
  await expect(page.getByText("We will acknowledge your complaint within 7 days and aim to resolve it within 14 days.")).toBeVisible();
  await page.goto(siteUrl(COASTAL, "/privacy-policy"));
  await expect(page.getByText("aim to resolve it within 30 days")).toBeVisible();
});

test("the footer of a new-and-demo dealer has no used-car search; a dealer of every kind has one", async ({ page }) => {
  await page.goto(siteUrl(COASTAL, "/about-us"));
  const buyerTools = page.getByRole("navigation", { name: "Buyer Tools" });
  await expect(buyerTools.getByRole("link", { name: "Demo Cars" })).toBeVisible();
  await expect(buyerTools.getByRole("link", { name: "Used Cars" })).toHaveCount(0);
  await page.goto(siteUrl(SUMMIT, "/about-us"));
  await expect(page.getByRole("navigation", { name: "Buyer Tools" }).getByRole("link", { name: "Used Cars" })).toBeVisible();
});

test("a service booking enquiry is sent from the Service page", async ({ page }) => {
  await page.goto(siteUrl(COASTAL, "/service"));
  await expect(page.getByRole("heading", { level: 2, name: "Book a Service" })).toBeVisible();
  await settle(page);
  await page.getByLabel("Rego").fill("ABC123");
  await page.getByLabel("First Name").fill("Alex");
  await page.getByLabel("Email Address").fill("alex@example.com");
  await page.getByLabel("Mobile Number").fill("0412 345 678");
  await page.getByLabel("Which service do you need, and when suits you?").fill("60,000 km service, any weekday morning");
  await page.getByRole("button", { name: "Request a Booking" }).click();
  await expect(page).toHaveURL(/\/success/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Thank you");
});

test("a parts enquiry with a wrong rego is answered with the message and what was typed, then sent", async ({ page }) => {
  await page.goto(siteUrl(COASTAL, "/vehicle-parts-and-accessories"));
  await settle(page);
  await page.getByLabel("Rego").fill("AB#12");
  await page.getByLabel("First Name").fill("Alex");
  await page.getByLabel("Email Address").fill("alex@example.com");
  await page.getByLabel("Mobile Number").fill("0412 345 678");
  await page.getByLabel("Which parts or accessories are you after?").fill("A tow bar");
  await page.getByRole("button", { name: "Send Enquiry" }).click();
  // The Rego is every enquiry form's (the dealer's enquiry rules), with its one message.
  await expect(page.getByText("Please enter a registration of up to 9 letters and numbers, or leave it empty.")).toBeVisible();
  await expect(page.getByLabel("First Name")).toHaveValue("Alex");
  await expect(page.getByLabel("Which parts or accessories are you after?")).toHaveValue("A tow bar");
  // Put right, it is sent (and reaches the dealer's parts people: tests/e2e/lead-files.spec.ts).
  await page.getByLabel("Rego").fill("ABC123");
  await page.getByRole("button", { name: "Send Enquiry" }).click();
  await expect(page).toHaveURL(/\/success/);
});

test("unsubscribing: a wrong address is refused with its message, a right one is recorded", async ({ page }) => {
  await page.goto(siteUrl(WESTSIDE, "/"));
  await page.getByRole("contentinfo").getByRole("link", { name: "Unsubscribe" }).click();
  await expect(page).toHaveURL(/\/pages\/unsubscribe$/);
  await page.getByLabel("Email").fill("not an address");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please enter a valid email address." })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("not an address");
  await page.getByLabel("Email").fill(`shopper-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You've been unsubscribed.")).toBeVisible();
  await expect(page).toHaveURL(/unsubscribed=1/);
});

test("the Service and Parts pages show the dealer's service centres and parts counters as location cards", async ({ page }) => {
  // Summit Auto Group (seven dealerships): two service centres, one parts counter.
  await page.goto(siteUrl(SUMMIT, "/service"));
  const centres = page.getByRole("region", { name: "Our service centres" });
  await expect(centres.getByRole("heading", { level: 2 })).toHaveText("Our service centres");
  await expect(centres.getByRole("heading", { level: 3 })).toHaveText([
    "Summit Hyundai Service Parramatta",
    "Summit Trucks Service Wetherill Park",
  ]);
  const first = centres.getByRole("article").first();
  await expect(first.getByText("124 Church Street", { exact: false })).toBeVisible();
  await expect(first.getByRole("link", { name: /^Directions/ })).toHaveAttribute("target", "_blank");
  await expect(first.getByRole("link", { name: /^Contact Us/ })).toHaveAttribute("href", /^\/contact-us\//);
  await expect(first.getByRole("table", { name: /^Opening hours/ })).toBeVisible();
  // The block sits between the page's text and its booking form.
  await expect(page.getByRole("heading", { name: "Book a Service", level: 2 })).toBeVisible();
  // A card's name is the way to the location's own page.
  await first.getByRole("link", { name: "Summit Hyundai Service Parramatta", exact: true }).click();
  await expect(page).toHaveURL(/\/locations\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Summit Hyundai Service Parramatta");

  await page.goto(siteUrl(SUMMIT, "/vehicle-parts-and-accessories"));
  await expect(page.getByRole("region", { name: "Our parts counters" }).getByRole("heading", { level: 3 })).toHaveText([
    "Summit Toyota Parts Penrith",
  ]);

  // Coastal GWM: its service yard on /service; no parts counter, so no block (nor its heading) on the parts page.
  await page.goto(siteUrl(COASTAL, "/service"));
  await expect(page.getByRole("region", { name: "Our service centres" }).getByRole("heading", { level: 3 })).toHaveText([
    "Coastal GWM Haval Service",
  ]);
  await page.goto(siteUrl(COASTAL, "/vehicle-parts-and-accessories"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our parts counters" })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: /^Directions/ })).toHaveCount(0);
});

test.describe("accessibility", () => {
  // The whole page (header, footer and toast region included), with JavaScript on and off (tests/e2e/axe.ts).
  for (const [slug, path] of [
    [COASTAL, "/about-us"],
    [SUMMIT, "/privacy-policy"],
    [COASTAL, "/service"],
    [SUMMIT, "/service"],
    [WESTSIDE, "/pages/unsubscribe"],
  ] as const) {
    axeTest(`${slug}${path} has no serious or critical axe finding`, async ({ shopperPage }) => {
      await shopperPage.goto(siteUrl(slug, path));
      await expectNoAxeFindings(shopperPage, `${slug}${path}`);
    });
  }
});
