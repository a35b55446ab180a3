/**
 * Save a car to the watchlist, with JavaScript on and off: signed out, Save sends the shopper to
 * sign-in (type=watchlist), the code by "SMS" (the embedded outbox in the test server's data folder)
 * signs them in and brings them back to the car, saved, with the spec's toast and its 'View List' link;
 * removing it says 'Car Removed'. The same from a card on the results page: back on the same results,
 * the card saved, one toast, and 'View List' opens the garage with the car in it.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { siteUrl } from "./site";
import { shopperMobile, signIn } from "./smsSignIn";
import { findCar, inStock, tenantConfig } from "./vehicleStock";

const DEALER = "summit-auto-group";
const car = findCar(DEALER, "in-stock car", (v) => inStock(v) && v.price > 1000);
const carPage = `/cars/${car.slug}`;
const garage = tenantConfig(DEALER).paths.watchlist;

const withScript = () => test.info().project.use.javaScriptEnabled !== false;
/** The mobiles of this spec's three sign-ins, each its own for every project and retry (codes are limited per phone). */
const mobile = () => shopperMobile("watchlist", 1);
const cardMobile = () => shopperMobile("watchlist", 2);
const cardMobileAgain = () => shopperMobile("watchlist", 3);

async function settle(page: Page) {
  if (withScript()) await page.waitForLoadState("networkidle");
}

const saveButton = (scope: Page | Locator) => scope.getByRole("button", { name: /^Save .+ to your watchlist$/ });
const removeButton = (scope: Page | Locator) => scope.getByRole("button", { name: /^Remove .+ from your watchlist$/ });

test("Save while signed out: sign-in, back on the car saved with the toast; remove says 'Car Removed'", async ({ page }) => {
  await page.goto(siteUrl(DEALER, carPage));
  await settle(page);
  // This car's Save, in the sidebar (the similar cars below have their own).
  const sidebar = page.getByRole("complementary", { name: "About this car" });
  await expect(saveButton(sidebar)).toHaveCount(1);
  await saveButton(sidebar).click();

  // Signed out: the sign-in screen for the watchlist, coming back to this car.
  await expect(page).toHaveURL(/\/sign-in\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get("type")).toBe("watchlist");
  expect(query.get("back")).toBe(carPage);
  await signIn(page, DEALER, mobile());

  // Back on the car, saved, and the toast says so. With script the outcome then leaves the address bar.
  if (withScript()) await expect(page).toHaveURL(siteUrl(DEALER, carPage));
  else await expect(page).toHaveURL(siteUrl(DEALER, `${carPage}?saved=${encodeURIComponent(car.id)}`));
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Car Saved In Watchlist");
  await expect(toast).toContainText("is now available in your watchlist");
  await expect(toast.getByRole("link", { name: "View List" })).toHaveAttribute("href", garage);
  await expect(page.getByRole("status").filter({ has: toast })).toHaveCount(1);
  await settle(page);
  await expect(removeButton(sidebar)).toBeVisible();

  // Remove: 'Car Removed', and the button offers Save again.
  await removeButton(sidebar).click();
  await expect(page.getByTestId("toast")).toContainText("Car Removed");
  await expect(page.getByTestId("toast")).toContainText("is no longer in your watchlist");
  await expect(saveButton(sidebar)).toBeVisible();
  if (withScript()) {
    // Signed in with script, Save is one call on the same page; a fresh visit knows the car is saved.
    expect(page.url()).toBe(siteUrl(DEALER, carPage));
    await saveButton(sidebar).click();
    await expect(page.getByTestId("toast")).toContainText("Car Saved In Watchlist");
    await expect(page.getByTestId("toast")).toHaveCount(1);
    await page.goto(siteUrl(DEALER, carPage));
    await expect(removeButton(sidebar)).toBeVisible();
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await removeButton(sidebar).click();
    await expect(page.getByTestId("toast")).toContainText("Car Removed");
  } else {
    await expect(page).toHaveURL(siteUrl(DEALER, `${carPage}?removed=${encodeURIComponent(car.id)}`));
    // Closing the toast without JavaScript: the same page without the outcome.
    await page.getByTestId("toast").getByRole("link", { name: "Dismiss" }).click();
    await expect(page).toHaveURL(siteUrl(DEALER, carPage));
    await expect(page.getByTestId("toast")).toHaveCount(0);
  }
});

test("Save on a results card while signed out: sign-in, back on the same results with the car saved and one toast; View List shows it in the garage", async ({
  page,
}) => {
  const results = "/search?sortBy=price:desc";
  await page.goto(siteUrl(DEALER, results));
  await settle(page);
  const save = saveButton(page).first();
  const label = (await save.getAttribute("aria-label"))!;
  const carName = /^Save (.+) to your watchlist$/.exec(label)![1];
  const savedButton = page.getByRole("button", { name: `Remove ${carName} from your watchlist`, exact: true }).first();
  await save.click();

  // Signed out: the sign-in screen for the watchlist, the save finishing on the way back to these results.
  await expect(page).toHaveURL(/\/sign-in\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get("type")).toBe("watchlist");
  expect(query.get("back")).toBe(results);
  expect(query.get("redirect")).toMatch(/^\/api\/watchlist\/save-car\?car_id=/);
  await signIn(page, DEALER, cardMobile());

  // Back on the same results: the card says Saved, the spec's toast (only one on the page) with View List.
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Car Saved In Watchlist");
  await expect(toast).toContainText(`${carName} is now available in your watchlist`);
  await expect(toast).toHaveCount(1);
  await expect(savedButton).toBeVisible();
  if (withScript()) {
    // The outcome leaves the address bar once the toast is up (a reload would not say it again).
    await expect(page).toHaveURL(siteUrl(DEALER, results));
    await expect(savedButton).toHaveAttribute("aria-pressed", "true");
  } else {
    await expect(page).toHaveURL(new RegExp(`${results.replace(/[?]/g, "\\?")}&saved=`));
  }
  // Styled as a toast from the first paint, script or not (its styles are in the page's stylesheet).
  await expect(toast).toHaveCSS("border-left-width", "6px");

  // View List: the dealer's garage, with the car in it.
  await toast.getByRole("link", { name: "View List" }).click();
  await expect(page).toHaveURL(siteUrl(DEALER, garage));
  const garageRemove = page.getByTestId("saved-car").getByRole("button", { name: `Remove ${carName}`, exact: true });
  await expect(garageRemove).toHaveCount(1);

  // Tidy up for the next run: Remove comes back to the garage saying so.
  await garageRemove.click();
  await expect(page.getByTestId("car-removed")).toContainText(`${carName} is no longer in your watchlist`);
  await expect(garageRemove).toHaveCount(0);
});

test("with script, Save on a card is one call: optimistic, every Save waits for it, one toast at a time", async ({ page }) => {
  test.skip(!withScript(), "without JavaScript each Save is a page of its own");
  await page.goto(siteUrl(DEALER, "/search"));
  await saveButton(page).first().click();
  await expect(page).toHaveURL(/\/sign-in\?/);
  await signIn(page, DEALER, cardMobileAgain());
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Car Saved In Watchlist");
  await settle(page);

  // A second car: the call runs, and while it does every Save on the page is disabled.
  const second = saveButton(page).first();
  const label = (await second.getAttribute("aria-label"))!;
  const carName = /^Save (.+) to your watchlist$/.exec(label)![1];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/watchlist/save-car**", async (route) => {
    await held;
    await route.continue();
  });
  await second.click();
  const pressed = page.getByRole("button", { name: `Remove ${carName} from your watchlist` });
  await expect(pressed).toBeVisible();
  await expect(pressed).toBeDisabled();
  await expect(saveButton(page).first()).toBeDisabled();
  release();
  await expect(toast).toContainText(`${carName} is now available in your watchlist`);
  await expect(toast).toHaveCount(1);
  await expect(pressed).toBeEnabled();
  await expect(saveButton(page).first()).toBeEnabled();
  await page.unroute("**/api/watchlist/save-car**");

  // Remove from the card: 'Car Removed', still one toast; the first car too, so the next run starts empty.
  await pressed.click();
  await expect(toast).toContainText(`${carName} is no longer in your watchlist`);
  await expect(toast).toHaveCount(1);
  while ((await removeButton(page).count()) > 0) {
    const count = await removeButton(page).count();
    await removeButton(page).first().click();
    await expect(removeButton(page)).toHaveCount(count - 1);
  }
});
