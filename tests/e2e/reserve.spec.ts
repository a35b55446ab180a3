/**
 * Reserving a car, JavaScript on and off, on the demo (no Stripe settings: the embedded payments
 * default): the page names the dealer's deposit and says no money is taken, with the three-point
 * banner and the card marks; the request is recorded, the page says where it stands, and from the next
 * request on the car shows 'Reserved' in the results with its reserve buttons gone.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { vehicleTitle } from "~/domain/vehicle";
import { siteUrl } from "./site";
import { demoStock, inStock, siteGet } from "./vehicleStock";

const SUMMIT = "summit-auto-group";
const withScript = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * A reservable car of Summit's for this project alone (other specs reserve the first ones), still
 * reservable on the server (a test server's data folder may outlive a run).
 */
async function carToReserve(request: APIRequestContext, from: number) {
  // Not electric or hybrid: their fuel tag comes before 'Reserved' on a card (spec 000 section 4).
  const reservable = demoStock(SUMMIT).filter(
    (v) => inStock(v) && v.price > 10 && !v.reserved && !v.tag && v.stocknum && !/electric|hybrid/i.test(v.simple_fuel),
  );
  for (let i = from + (withScript() ? 0 : 1); i < reservable.length; i += 2) {
    const page = await siteGet(request, SUMMIT, `/cars/${reservable[i].slug}/buy-online`);
    if (page.status() === 200 && (await page.text()).includes('data-testid="deposit-label"')) return reservable[i];
  }
  throw new Error("the Summit demo stock has no reservable car left");
}

async function settle(page: Page) {
  if (!withScript()) return;
  await page.waitForLoadState("networkidle");
  await expect(page.locator('form[id^="lead-"]:not([data-interactive])')).toHaveCount(0, { timeout: 15_000 });
}

test("a reservation recorded without payment shows the car Reserved from the next request, its reserve buttons gone", async ({
  page,
  request,
}) => {
  const car = await carToReserve(request, 7);
  await page.goto(siteUrl(SUMMIT, `/cars/${car.slug}`));
  await expect(page.locator(`a[href="/cars/${car.slug}/buy-online"]`).first()).toBeVisible();

  await page.goto(siteUrl(SUMMIT, `/cars/${car.slug}/buy-online`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserve this Car");
  await expect(page.getByTestId("deposit-label")).toHaveText("$200 deposit, arranged by phone");
  await expect(page.getByTestId("no-money-note")).toContainText("no money is taken");
  const banner = page.getByTestId("three-point-banner");
  await expect(banner.getByText("Reserve online")).toBeVisible();
  await expect(banner.getByText("Secure payments")).toBeVisible();
  await expect(banner.getByRole("link", { name: "Apply for finance" })).toBeVisible();
  const strip = page.getByTestId("payments-strip");
  for (const brand of ["Visa", "Mastercard", "American Express"]) await expect(strip.getByRole("img", { name: brand })).toBeVisible();

  await settle(page);
  await page.getByLabel("First Name").fill("Robin");
  await page.getByLabel("Email Address").fill("robin@example.com");
  await page.getByLabel("Mobile Number").fill("0412 345 678");
  await page.getByRole("button", { name: "Reserve Car Now" }).click();
  await expect(page).toHaveURL(/\/buy-online\?reservation=[A-Za-z0-9_-]{24}(#reserve-form)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reservation request received");
  await expect(page.getByTestId("no-money-taken")).toContainText("No money has been taken.");

  // The very next requests: the results show the tag and no reserve button; the car's page has none.
  await page.goto(siteUrl(SUMMIT, `/search?query=${encodeURIComponent(car.stocknum)}`));
  const card = page.getByRole("article", { name: vehicleTitle(car) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Reserved", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "Reserve this Car" })).toHaveCount(0);
  await page.goto(siteUrl(SUMMIT, `/cars/${car.slug}`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator(`a[href="/cars/${car.slug}/buy-online"]`)).toHaveCount(0);
  // And the reserve page itself no longer takes a reservation.
  await page.goto(siteUrl(SUMMIT, `/cars/${car.slug}/buy-online`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This car can't be reserved");
});

test("a form the server refuses keeps what was typed and reserves nothing", async ({ page, request }) => {
  const car = await carToReserve(request, 30);
  await page.goto(siteUrl(SUMMIT, `/cars/${car.slug}/buy-online`));
  await settle(page);
  await page.getByLabel("First Name").fill("Robin");
  await page.getByLabel("Email Address").fill("robin@example.com");
  await page.getByLabel("Mobile Number").fill("12");
  await page.getByRole("button", { name: "Reserve Car Now" }).click();
  await expect(page.getByText("Please enter a valid Australian phone number.")).toBeVisible();
  await expect(page.getByLabel("First Name")).toHaveValue("Robin");
  await page.goto(siteUrl(SUMMIT, `/cars/${car.slug}/buy-online`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserve this Car");
});
