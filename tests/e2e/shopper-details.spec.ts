/**
 * Local user details (spec 000 section 3: name, last_name, email, phone, postcode, kept in the browser
 * under the site slug) fill in every lead form after a first enquiry or a sign-in, with JavaScript (the
 * server's page is the same for everyone, so without it the forms stay empty); signing out forgets them.
 */
import { expect, test, type Page } from "@playwright/test";
import { siteUrl } from "./site";
import { shopperMobile, shownMobile, signIn } from "./smsSignIn";
import { findCar, inStock } from "./vehicleStock";

const SUMMIT = "summit-auto-group";
const car = findCar(SUMMIT, "in-stock car", (v) => inStock(v) && v.price > 10);

const withScript = () => test.info().project.use.javaScriptEnabled !== false;

async function settle(page: Page) {
  if (!withScript()) return;
  await page.waitForLoadState("networkidle");
  await expect(page.locator('form[id^="lead-"]:not([data-interactive])')).toHaveCount(0, { timeout: 15_000 });
}

/** The contact fields of the lead form in `form` (a locator), as the shopper sees them. */
async function contactValues(page: Page, form: string) {
  const scope = page.locator(form);
  return {
    first: await scope.getByLabel("First Name").inputValue(),
    last: await scope.getByLabel("Last Name").inputValue(),
    email: await scope.getByLabel("Email Address").inputValue(),
    phone: await scope.getByLabel("Mobile Number").inputValue(),
    postcode: await scope.getByLabel("Postcode").inputValue(),
  };
}

const EMPTY = { first: "", last: "", email: "", phone: "", postcode: "" };

test("a first enquiry fills in the next lead forms (a test drive, then the finance page and a car's enquiry)", async ({ page }) => {
  await page.goto(siteUrl(SUMMIT, "/book-test-drive/"));
  await settle(page);
  expect(await contactValues(page, "#lead-test-drive")).toEqual(EMPTY);
  await page.getByLabel("First Name").fill("Alex");
  await page.getByLabel("Last Name").fill("Citizen");
  await page.getByLabel("Email Address").fill("alex@example.com");
  await page.getByLabel("Mobile Number").fill("0412 345 678");
  await page.getByLabel("Postcode").fill("2000");
  await page.getByRole("button", { name: "Book a Test Drive" }).click();
  await expect(page).toHaveURL(/\/success/);

  const typed = { first: "Alex", last: "Citizen", email: "alex@example.com", phone: "0412345678", postcode: "2000" };
  await page.goto(siteUrl(SUMMIT, "/finance"));
  await settle(page);
  if (withScript()) {
    await expect
      .poll(() => contactValues(page, "#lead-finance"))
      .toMatchObject({ ...typed, phone: expect.stringMatching(/^0412 ?345 ?678$/) });
  } else {
    // Without JavaScript nothing is kept in the browser, and the server's page is the same for everyone.
    expect(await contactValues(page, "#lead-finance")).toEqual(EMPTY);
  }

  await page.goto(siteUrl(SUMMIT, `/cars/${car.slug}`));
  await settle(page);
  if (withScript()) {
    await expect
      .poll(() => contactValues(page, "#lead-enquiry"))
      .toMatchObject({ first: "Alex", email: "alex@example.com", postcode: "2000" });
  } else {
    expect(await contactValues(page, "#lead-enquiry")).toEqual(EMPTY);
  }
});

test("after signing in, lead forms know the shopper's mobile; signing out forgets what was kept", async ({ page }) => {
  test.skip(!withScript(), "the details are kept in the browser, which needs JavaScript");
  await page.goto(siteUrl(SUMMIT, "/my-garage"));
  await expect(page).toHaveURL(/\/sign-in\?/);
  const mobile = shopperMobile("shopper-details");
  await signIn(page, SUMMIT, mobile);
  await expect(page).toHaveURL(siteUrl(SUMMIT, "/my-garage"));
  // Signed in: the account's details are kept in this browser at once.
  const kept = () => page.evaluate((slug) => JSON.parse(localStorage.getItem(`${slug}:user`) ?? "null") as unknown, SUMMIT);
  await expect.poll(kept).toMatchObject({ phone: shownMobile(mobile) });

  await page.goto(siteUrl(SUMMIT, "/finance"));
  await settle(page);
  await expect.poll(() => contactValues(page, "#lead-finance")).toEqual({ ...EMPTY, phone: shownMobile(mobile) });

  // 'Sign out' in the header: the session ends and this browser forgets the shopper's details.
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toHaveCount(0);
  expect(await kept()).toBeNull();
  await page.goto(siteUrl(SUMMIT, "/finance"));
  await settle(page);
  await page.waitForLoadState("networkidle");
  expect(await contactValues(page, "#lead-finance")).toEqual(EMPTY);
});
