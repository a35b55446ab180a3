/**
 * Issue 26, what each dealer has, with JavaScript on and off: the group's six group pages and their
 * menu; a model's page from an offer's model link, with its offers, its stock and an enquiry that ends
 * on /success; the parts search becoming a parts enquiry; the online service booking frame and its
 * Content-Security-Policy on that dealer only; reviews past ten with 'Show more reviews'; the finance
 * landing's featured cars on a dealer with used stock and on one without; no workshop pages or links on
 * a used-only yard; a gate reached from a direct link going back to the car; a brand's warranty tiles.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { test as axeTest, expectNoAxeFindings } from "./axe";
import { siteUrl } from "./site";
import { shopperMobile, signIn } from "./smsSignIn";
import { findCar, inStock, siteGet } from "./vehicleStock";

const COASTAL = "coastal-gwm";
const SUMMIT = "summit-auto-group";
const WESTSIDE = "westside-used";
const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false;

/** With JavaScript, waits until the page's lead forms have been taken over by their script. */
async function settle(page: Page) {
  if (!javaScriptOn()) return;
  await page.waitForLoadState("networkidle");
  await expect(page.locator('form[id^="lead-"]:not([data-interactive])')).toHaveCount(0, { timeout: 15_000 });
}

async function fillContact(page: Page | Locator) {
  await page.getByLabel("First Name").fill("Jordan");
  await page.getByLabel("Email Address").fill("jordan@example.com");
  await page.getByLabel("Mobile Number").fill("0412 345 678");
}

test("the group's six group pages answer on its site only, linked from its 'Our Group' menu and footer", async ({ page }) => {
  const pages = [
    ["/twg-cars", "TWG Cars"],
    ["/twg-rental", "TWG Rental"],
    ["/twg-tyres", "TWG Tyres"],
    ["/finance-and-insurance", "Finance and Insurance"],
    ["/neotek", "Neotek Vehicle Electronics"],
    ["/4x4-outdoor", "4x4 & Outdoor"],
  ] as const;
  for (const [path, title] of pages) {
    const response = await page.goto(siteUrl(SUMMIT, path));
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  }
  const footer = page.getByRole("navigation", { name: "Our Group" });
  await expect(footer.getByRole("link")).toHaveText([
    "TWG Cars",
    "TWG Rental",
    "TWG Tyres",
    "Finance and Insurance",
    "Neotek",
    "4x4 & Outdoor",
  ]);
  await footer.getByRole("link", { name: "TWG Tyres" }).click();
  await expect(page).toHaveURL(/\/twg-tyres$/);
  // TWG Cars shows its yard's card.
  await page.goto(siteUrl(SUMMIT, "/twg-cars"));
  await expect(page.getByRole("region", { name: "Visit TWG Cars" }).getByRole("heading", { level: 3 })).toHaveText(
    "Summit Used Cars Castle Hill",
  );
  expect((await page.goto(siteUrl(COASTAL, "/twg-cars")))?.status()).toBe(404);
});

test("an offer's model link opens the model's page: picture, body, offers, stock and an enquiry that is stored", async ({ page }) => {
  await page.goto(siteUrl(COASTAL, "/special-offers"));
  await page.getByRole("link", { name: "View Jolion" }).first().click();
  await expect(page).toHaveURL(/\/jolion$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Haval Jolion");
  await expect(page.getByText("Body type: SUV")).toBeVisible();
  await expect(page.getByRole("img", { name: "The Haval Jolion" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Current Jolion offers" })).toBeVisible();
  const stock = page.getByRole("region", { name: "Jolion in stock" });
  await expect(stock.getByRole("heading", { level: 3 }).first()).toContainText("Haval Jolion");
  await expect(stock.getByRole("link", { name: /^View all \d+ Jolion cars$/ })).toHaveAttribute("href", "/search/haval/jolion");

  await settle(page);
  const form = page.locator("#model-enquiry");
  await fillContact(form);
  await form.getByLabel("Comments").fill("Is the Jolion Ultra available in blue?");
  await form.getByRole("button", { name: "Send Enquiry" }).click();
  await expect(page).toHaveURL(/\/success/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Thank you");
});

test("a slug that is no model of the dealer stays a 404, and so does a model on a dealer without model pages", async ({ page }) => {
  expect((await page.goto(siteUrl(COASTAL, "/not-a-model")))?.status()).toBe(404);
  expect((await page.goto(siteUrl(COASTAL, "/i30")))?.status()).toBe(404);
  expect((await page.goto(siteUrl(WESTSIDE, "/jolion")))?.status()).toBe(404);
  // The group's offers link its models' pages too.
  await page.goto(siteUrl(SUMMIT, "/special-offers"));
  await page.getByRole("link", { name: "View CX-5" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mazda CX-5");
});

test("the parts search checks what was typed and becomes a parts enquiry with the part and the car filled in", async ({ page }) => {
  await page.goto(siteUrl(COASTAL, "/vehicle-parts-and-accessories"));
  await page.getByRole("link", { name: "parts search" }).click();
  await expect(page).toHaveURL(/\/parts\/search$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parts Search");
  const search = page.getByRole("search", { name: "Parts search" });
  await search.getByLabel("Part name or number").fill("Tow bar");
  await search.getByLabel("Make").fill("GWM");
  await search.getByLabel("Model").fill("Cannon");
  await search.getByLabel("Year").fill("23");
  await search.getByRole("button", { name: "Search Parts" }).click();
  await expect(page.getByText("Please enter the year as four digits, like 2021.")).toBeVisible();
  await expect(search.getByLabel("Year")).toHaveValue("23");
  await search.getByLabel("Year").fill("2023");
  await search.getByRole("button", { name: "Search Parts" }).click();
  await expect(page).toHaveURL(/year=2023/);
  await expect(page.getByRole("heading", { level: 2, name: "Ask our parts team about Tow bar for your 2023 GWM Cannon" })).toBeVisible();
  const message = page.getByLabel("Which parts or accessories are you after?");
  await expect(message).toHaveValue("Please let me know the price and availability of: Tow bar for my 2023 GWM Cannon.");
  await settle(page);
  await fillContact(page);
  await page.getByRole("button", { name: "Send Enquiry" }).click();
  await expect(page).toHaveURL(/\/success/);
  expect((await page.goto(siteUrl(WESTSIDE, "/parts/search")))?.status()).toBe(404);
});

test("the online service booking page is framed on the Service page, its host allowed on that dealer only", async ({ page, request }) => {
  await page.goto(siteUrl(COASTAL, "/service"));
  const booking = page.getByRole("region", { name: "Online service booking" });
  const frame = booking.locator('iframe[title="Online service booking"]');
  await expect(frame).toHaveAttribute("src", /^https:\/\/servicebooking\.gwm-haval\.example\.com\.au\//);
  await expect(booking.getByRole("link", { name: /Open the booking page in a new tab/ })).toHaveAttribute("target", "_blank");
  // The booking enquiry stays under it.
  await expect(page.getByRole("button", { name: "Request a Booking" })).toBeVisible();
  const frameSrc = async (tenant: string) => {
    const csp = (await siteGet(request, tenant, "/service")).headers()["content-security-policy"] ?? "";
    return csp.split("; ").find((d) => d.startsWith("frame-src ")) ?? "";
  };
  expect(await frameSrc(COASTAL)).toContain("https://servicebooking.gwm-haval.example.com.au");
  expect(await frameSrc(SUMMIT)).not.toContain("gwm-haval");
});

test("the reviews page lists twelve and 'Show more reviews' reaches past ten", async ({ page }) => {
  await page.goto(siteUrl(SUMMIT, "/reviews"));
  const reviews = page.locator('li[id^="review-"]');
  await expect(reviews).toHaveCount(12);
  await page.getByRole("link", { name: "Show more reviews" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(reviews).toHaveCount(24);
  await expect(page.locator("#review-13")).toBeVisible();
  expect((await page.goto(siteUrl(SUMMIT, "/reviews?page=abc")))?.status()).toBe(404);
  expect((await page.goto(siteUrl(SUMMIT, "/reviews?page=999")))?.status()).toBe(404);
});

test("the finance landing features six used cars where the dealer has them, and its own stock where it has none", async ({ page }) => {
  await page.goto(siteUrl(WESTSIDE, "/personalised/finance"));
  await expect(page.getByTestId("featured-used-cars").locator(":scope > li")).toHaveCount(6);
  await expect(page.getByRole("heading", { level: 2, name: "Featured used cars" })).toBeVisible();
  // Coastal GWM Haval sells new and demo cars only, and gates finance behind sign-in.
  await page.goto(siteUrl(COASTAL, "/personalised/finance"));
  await signIn(page, COASTAL, shopperMobile("dealer-content", 1));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get Finance Now");
  await expect(page.getByRole("link", { name: "View All Our Cars" })).toHaveAttribute("href", "/search/new-and-demo-cars");
  await expect(page.getByRole("link", { name: "View All Used Cars" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "Featured cars" })).toBeVisible();
  await expect(page.getByTestId("featured-used-cars").locator(":scope > li")).toHaveCount(6);
});

test("a used-only yard without a workshop has no Service or Parts pages, nor links to them", async ({ page }) => {
  for (const path of ["/service", "/vehicle-parts-and-accessories", "/roadside-assistance"]) {
    expect((await page.goto(siteUrl(WESTSIDE, path)))?.status(), path).toBe(404);
  }
  const car = findCar(WESTSIDE, "in-stock used car", inStock);
  await page.goto(siteUrl(WESTSIDE, `/cars/${car.slug}`));
  await expect(page.locator('a[href="/service"], a[href="/vehicle-parts-and-accessories"]')).toHaveCount(0);
  const more = page.getByRole("navigation", { name: "More from us" });
  await expect(more.getByRole("link", { name: /Sell Your Car/ })).toBeVisible();
  await expect(more.getByRole("link", { name: /Book a Service/ })).toHaveCount(0);
  // A dealer with a workshop keeps them.
  const coastalCar = findCar(COASTAL, "in-stock car", inStock);
  await page.goto(siteUrl(COASTAL, `/cars/${coastalCar.slug}`));
  await expect(page.getByRole("navigation", { name: "More from us" }).getByRole("link", { name: /Book a Service/ })).toHaveAttribute(
    "href",
    "/service",
  );
});

test("a gate reached from a direct link sends 'back' to the car, not the home page", async ({ page }) => {
  const car = findCar(COASTAL, "in-stock car", inStock);
  await page.goto(siteUrl(COASTAL, `/cars/trade-in?car_id=${car.id}`));
  await expect(page).toHaveURL(/\/sign-in\?/);
  expect(new URL(page.url()).searchParams.get("back")).toBe(`/cars/${car.slug}`);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/cars/${car.slug}$`));
  await page.goto(siteUrl(COASTAL, `/finance?car_id=${car.id}`));
  expect(new URL(page.url()).searchParams.get("back")).toBe(`/cars/${car.slug}`);
});

test("a brand's page shows the warranty tiles it configures, and a brand without one none", async ({ page }) => {
  await page.goto(siteUrl(SUMMIT, "/mitsubishi/overview"));
  const warranty = page.getByRole("region", { name: "Mitsubishi warranty" });
  await expect(warranty.getByRole("heading", { level: 3 })).toHaveText(["5-Year New Car Warranty", "5-Year Mechanical Protection"]);
  await expect(warranty.getByText("for 5 years or 175,000 km, whichever comes first")).toBeVisible();
  await page.goto(siteUrl(SUMMIT, "/isuzu/overview"));
  await expect(page.getByRole("region", { name: "Isuzu warranty" }).getByRole("heading", { level: 3 }).first()).toHaveText(
    "3-Year Standard Warranty",
  );
  await page.goto(siteUrl(COASTAL, "/haval/overview"));
  await expect(page.getByRole("heading", { level: 3, name: "7-Year New Car Warranty" })).toBeVisible();
  await page.goto(siteUrl(SUMMIT, "/ford/overview"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ford");
  await expect(page.getByRole("heading", { name: "Ford warranty" })).toHaveCount(0);
});

test.describe("accessibility", () => {
  // The whole page, with JavaScript on and off (tests/e2e/axe.ts).
  for (const [slug, path] of [
    [COASTAL, "/jolion"],
    [COASTAL, "/parts/search?part=Tow+bar&make=GWM&year=20x"],
    [SUMMIT, "/twg-cars"],
    [SUMMIT, "/mitsubishi/overview"],
    [SUMMIT, "/reviews?page=2"],
  ] as const) {
    axeTest(`${slug}${path} has no serious or critical axe finding`, async ({ shopperPage }) => {
      await shopperPage.goto(siteUrl(slug, path));
      await expectNoAxeFindings(shopperPage, `${slug}${path}`);
    });
  }
});
