/**
 * The enquiry pages behind the cards' and vehicle page's buttons (finance, test drive, trade-in,
 * reserve), with JavaScript on and off: each is a lead form that ends on /success, refuses bad input
 * with messages, and the reserve page answers only on the dealer's own path and for available cars.
 */
import { expect, test, type Page } from "@playwright/test";
import { siteUrl } from "./site";
import { expectThroughPhotoRoute } from "./photoRoute";
import { photoUrl } from "~/domain/photos";
import { demoStock, findCar, inStock, siteGet } from "./vehicleStock";
import { vehicleTitle } from "~/domain/vehicle";

const SUMMIT = "summit-auto-group";
const WESTSIDE = "westside-used";

async function settle(page: Page) {
  // With script on, let the page hydrate and the form's own script take it over, so the form is React's;
  // without, the plain POST form is used.
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.waitForLoadState("networkidle");
  await expect(page.locator('form[id^="lead-"]:not([data-interactive])')).toHaveCount(0, { timeout: 15_000 });
}

async function fillContact(page: Page, phone = "0412 345 678") {
  await page.getByLabel("First Name").fill("Alex");
  await page.getByLabel("Email Address").fill("alex@example.com");
  await page.getByLabel("Mobile Number").fill(phone);
}

test.describe("finance", () => {
  test("'Get Finance' on a search result opens the finance form about that car, and a complete form is sent", async ({ page }) => {
    const withScript = test.info().project.use.javaScriptEnabled !== false;
    const visit = async () =>
      JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), `${SUMMIT}:visit`)) ?? "{}") as { pages?: string[] };
    if (withScript) {
      // Every page of the visit is kept for the lead's visited_pages (the layout's tracker), not only the form's.
      await page.goto(siteUrl(SUMMIT, "/"));
      await expect.poll(async () => (await visit()).pages ?? [], { timeout: 15_000 }).toContain("/");
    }
    await page.goto(siteUrl(SUMMIT, "/search"));
    // A car with an NVIC code goes to the personalised journey; one without, to the finance form about it.
    await expect(
      page.getByRole("link", { name: "Get Finance" }).and(page.locator('[href^="/personalised/finance?car_id="]')).first(),
    ).toBeVisible();
    const link = page.getByRole("link", { name: "Get Finance" }).and(page.locator('[href^="/finance?car_id="]')).first();
    expect(await link.getAttribute("href")).toMatch(/^\/finance\?car_id=.*#finance-form$/);
    await link.click();
    await expect(page).toHaveURL(/\/finance\?car_id=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car Finance");
    await expect(page.getByTestId("enquiry-car")).toBeVisible();
    await expect(page.locator("#finance-form")).toBeVisible();
    await settle(page);
    await expect(page.getByLabel("Amount to borrow ($)")).not.toHaveValue("");
    // Summit has several dealerships: the enquiry rules' select starts at the car's (decision 21).
    await expect(page.getByLabel("Select a Preferred Dealership")).not.toHaveValue("");
    if (withScript) expect((await visit()).pages?.slice(0, 2)).toEqual(["/", "/search"]);
    await fillContact(page);
    await page.getByRole("button", { name: "Get Finance Quote" }).click();
    await expect(page).toHaveURL(/\/success/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Thank you");
  });

  test("a form the server refuses comes back with messages and what was typed", async ({ page }) => {
    await page.goto(siteUrl(SUMMIT, "/finance"));
    await settle(page);
    // Without a car, the group's shopper chooses the dealership (required, as the browser says before sending).
    const dealership = page.getByLabel("Select a Preferred Dealership");
    await expect(dealership).toHaveAttribute("required", "");
    await expect(dealership).toHaveValue("");
    await dealership.selectOption({ label: "Summit Toyota Penrith" });
    await page.getByLabel("Amount to borrow ($)").fill("lots");
    await fillContact(page, "123");
    await page.getByRole("button", { name: "Get Finance Quote" }).click();
    await expect(page.getByText("Please enter an amount between $1,000 and $1,000,000.")).toBeVisible();
    await expect(page.getByText("Please enter a valid Australian phone number.")).toBeVisible();
    await expect(dealership).toHaveValue("summit-toyota");
    await expect(page).toHaveURL(/\/finance/);
    await expect(page.getByLabel("Amount to borrow ($)")).toHaveValue("lots");
    await expect(page.getByLabel("First Name")).toHaveValue("Alex");
  });

  test("the older finance addresses and nonsense query values still show the page", async ({ request }) => {
    for (const path of [
      "/finance-enquiry",
      "/apply-for-finance",
      "/finance?car_id=%27%3Cx&vehiclePriceBudget=abc",
      "/finance?car_id=not-a-car",
    ]) {
      expect((await siteGet(request, SUMMIT, path)).status(), path).toBe(200);
    }
  });
});

test.describe("test drive", () => {
  const car = findCar(SUMMIT, "in-stock car", (v) => inStock(v) && v.price > 10);

  test("books a test drive for a car", async ({ page }) => {
    await page.goto(siteUrl(SUMMIT, `/book-test-drive/?car_id=${encodeURIComponent(car.id)}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a Test Drive");
    await expect(page.getByTestId("enquiry-car")).toContainText(vehicleTitle(car));
    // The car's photo is the photo route's copy for the side panel.
    const photo = page.getByTestId("enquiry-car").getByRole("img", { name: vehicleTitle(car), exact: true });
    await expectThroughPhotoRoute(photo);
    await expect(photo).toHaveAttribute("src", photoUrl(car.primary_image_url || car.images[0].url, 480));
    await settle(page);
    await fillContact(page);
    await page.getByRole("button", { name: "Book a Test Drive" }).click();
    await expect(page).toHaveURL(/\/success\?car=/);
  });

  test("refuses a form without a valid email", async ({ page }) => {
    await page.goto(siteUrl(SUMMIT, "/book-test-drive/"));
    await settle(page);
    await fillContact(page, "12");
    await page.getByRole("button", { name: "Book a Test Drive" }).click();
    await expect(page.getByText("Please enter a valid Australian phone number.")).toBeVisible();
    await expect(page.getByLabel("Mobile Number")).toHaveValue("12");
  });
});

test.describe("reserve", () => {
  const available = findCar(SUMMIT, "reservable car", (v) => inStock(v) && v.price > 10 && !v.reserved && !v.tag);
  const sold = findCar(SUMMIT, "sold car", (v) => v.status === "sold");

  test("an available car can be reserved on the dealer's own path", async ({ page }) => {
    // Reserving holds the car, so each project reserves a car of its own, from the end of the stock list
    // (other browser tests take the first car that fits, and must still find it available).
    const reservable = demoStock(SUMMIT).filter((v) => inStock(v) && v.price > 10 && !v.reserved && !v.tag);
    // A retry takes another car: the try before may have reserved its own.
    const fromEnd = (test.info().project.use.javaScriptEnabled === false ? 1 : 0) + 2 * test.info().retry;
    const car = reservable[reservable.length - 1 - fromEnd];
    await page.goto(siteUrl(SUMMIT, `/cars/${car.slug}/buy-online`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserve this Car");
    await expect(page.getByText(/\$200 deposit/).first()).toBeVisible();
    await settle(page);
    await fillContact(page);
    await page.getByRole("button", { name: "Reserve Car Now" }).click();
    // Recorded without payment (the demo has no Stripe): the page says where the reservation stands.
    // Reserving holds the car and refreshes the dealer's search and cached pages before answering.
    await expect(page).toHaveURL(/\/buy-online\?reservation=/, { timeout: 20_000 });
    await expect(page.getByTestId("reservation-confirmed")).toBeVisible();
  });

  test("a sold car is not reservable and points to similar cars", async ({ page }) => {
    await page.goto(siteUrl(SUMMIT, `/cars/${sold.slug}/buy-online`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This car can't be reserved");
    await expect(page.getByRole("button", { name: "Reserve Car Now" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "See Similar Cars" })).toHaveAttribute("href", /^\/search/);
  });

  test("only the dealer's configured reserve path answers", async ({ request }) => {
    expect((await siteGet(request, SUMMIT, `/cars/${available.slug}/checkout`)).status()).toBe(404);
    const westside = findCar(WESTSIDE, "in-stock car", (v) => inStock(v) && v.price > 10 && !v.reserved && !v.tag);
    expect((await siteGet(request, WESTSIDE, `/cars/${westside.slug}/buy-online`)).status()).toBe(404);
    // Westside gates checkout: its own path answers a signed-out shopper by asking them to sign in first.
    const port = Number(process.env.E2E_PORT ?? 3100);
    const own = await request.get(`http://127.0.0.1:${port}/cars/${westside.slug}/checkout`, {
      headers: { host: `${WESTSIDE}.localhost:${port}` },
      maxRedirects: 0,
    });
    expect(own.status()).toBe(302);
    const signIn = new URL(own.headers()["location"], "http://x");
    expect(signIn.pathname).toBe("/sign-in");
    expect(signIn.searchParams.get("type")).toBe("checkout");
    expect(signIn.searchParams.get("redirect")).toBe(`/cars/${westside.slug}/checkout`);
    // Another dealer's car is a 404 on checkout.
    expect((await siteGet(request, WESTSIDE, `/cars/${available.slug}/checkout`)).status()).toBe(404);
  });
});
