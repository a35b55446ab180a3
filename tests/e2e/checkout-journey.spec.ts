/**
 * The online purchase journey, JavaScript on and off, end to end on Westside Used (the demo dealer with
 * features.checkoutJourney on, gating checkout): the signed-out shopper signs in (type checkout, the
 * code from the embedded SMS outbox), lands back in the journey with their mobile filled in, answers
 * each step (details, trade-in, payment, delivery by postcode with its estimate), reviews and changes a
 * step, and submits; a dealer without the flag answers 404.
 */
import { expect, test, type Page } from "@playwright/test";
import { siteUrl } from "./site";
import { shopperMobile, signIn } from "./smsSignIn";
import { findCar, inStock, siteGet } from "./vehicleStock";

const WESTSIDE = "westside-used";

async function next(page: Page, step: string) {
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId(`step-${step}`)).toBeVisible();
}

test("a signed-in shopper buys a car online, step by step, to one order request", async ({ page }) => {
  const car = findCar(WESTSIDE, "in-stock car", (v) => inStock(v) && v.price > 10 && !v.reserved);
  await page.goto(siteUrl(WESTSIDE, `/checkout-journey?car_id=${car.slug}`));
  await expect(page).toHaveURL(/\/sign-in\?/);
  expect(new URL(page.url()).searchParams.get("type")).toBe("checkout");
  const mobile = shopperMobile("checkout-journey");
  await signIn(page, WESTSIDE, mobile);

  await expect(page).toHaveURL(new RegExp(`/checkout-journey\\?car_id=${car.slug}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buy this car online");
  await expect(page.getByTestId("three-point-banner")).toBeVisible();
  await expect(page.getByTestId("payments-strip").getByRole("img", { name: "Visa" })).toBeVisible();
  await expect(page.getByTestId("step-details")).toBeVisible();
  await expect(page.getByLabel("Mobile Number *")).toHaveValue(mobile.replace(/\s/g, ""));

  // A refused step comes back with its message and what was typed.
  await page.getByLabel("First Name *").fill("Pat");
  await page.getByLabel("Last Name *").fill("Buyer");
  await page.getByLabel("Email Address *").fill("pat@example");
  await page.getByLabel("Postcode *").fill("6000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page.getByLabel("First Name *")).toHaveValue("Pat");
  await page.getByLabel("Email Address *").fill("pat@example.com");
  await next(page, "trade-in");
  await expect(page).toHaveURL(/order=[A-Za-z0-9_-]{24}&step=trade-in/);

  await expect(page.getByRole("link", { name: "Get an online trade-in valuation" })).toHaveAttribute(
    "href",
    `/cars/trade-in?car_id=${car.id}`,
  );
  await page.getByLabel("Yes, I have a car to trade in").check();
  await page.getByLabel("Your car").fill("2016 Toyota Corolla Ascent, 98,000 km");
  await page.getByLabel("Rego (optional)").fill("1abc234");
  await next(page, "payment");

  await expect(page.getByRole("link", { name: "Start the finance journey" })).toHaveAttribute(
    "href",
    `/personalised/finance?car_id=${car.id}`,
  );
  await page.getByLabel("Cash or my own funds").check();
  await next(page, "delivery");

  await page.getByLabel("Deliver it to me").check();
  await page.getByLabel("Delivery postcode").fill("6050");
  await next(page, "review");
  const review = page.getByTestId("order-review");
  await expect(review).toContainText("Pat Buyer, pat@example.com");
  await expect(review).toContainText("2016 Toyota Corolla Ascent, 98,000 km, rego 1ABC234");
  await expect(review).toContainText("Cash or my own funds");
  await expect(review).toContainText("Deliver to 6050 (Perth Metro)");

  // Changing a step and coming back to the review.
  await review.getByRole("link", { name: "Change Payment" }).click();
  await expect(page.getByTestId("step-payment")).toBeVisible();
  await expect(page.getByLabel("Cash or my own funds")).toBeChecked();
  await page.getByRole("radio", { name: /^Finance/ }).check();
  await next(page, "delivery");
  await next(page, "review");
  await expect(page.getByTestId("order-review")).toContainText("Finance");

  await page.getByRole("button", { name: "Submit Order Request" }).click();
  // The multi-step form ends on /success, with the order's reference and the way back to the order.
  await expect(page).toHaveURL(/\/success\?lead=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your Online Purchase!");
  const reference = await page.getByTestId("order-reference").innerText();
  expect(reference).toMatch(/^ORD-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await page.getByRole("link", { name: "See your order request" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order request received");
  await expect(page.getByTestId("order-reference")).toHaveText(reference);
  await expect(page).toHaveURL(/step=done/);
});

test("dealers without online purchase answer 404", async ({ request }) => {
  for (const tenant of ["coastal-gwm", "summit-auto-group"]) {
    expect((await siteGet(request, tenant, "/checkout-journey?car_id=anything")).status()).toBe(404);
  }
});
