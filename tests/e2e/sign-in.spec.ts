/**
 * Phone sign-in and gated routes, with JavaScript on and off: a signed-out shopper opening a gated
 * page of Coastal GWM (gating on) is sent to sign-in, gets the code by "SMS" (the embedded outbox in
 * the test server's data folder), and lands back on the page; wrong codes end in the spec's
 * too-many message; signing out gates the page again.
 */
import { expect, test } from "@playwright/test";
import { PORT, siteUrl } from "./site";
import { codeSentTo, sendSignInCode, shopperMobile, signInReady } from "./smsSignIn";
import { findCar, inStock } from "./vehicleStock";

const COASTAL = "coastal-gwm";
const car = findCar(COASTAL, "in-stock car", (v) => inStock(v) && v.price > 1000);

const withScript = () => test.info().project.use.javaScriptEnabled !== false;
/** A mobile of its own for each test, project and retry (codes are limited per phone). */
const mobileFor = (n: number) => shopperMobile("sign-in", n);

test("a gated page asks for sign-in, the code by SMS signs the shopper in and back on the page; sign-out gates it again", async ({
  page,
  context,
}) => {
  const gated = `/finance?car_id=${encodeURIComponent(car.id)}`;
  await page.goto(siteUrl(COASTAL, gated));
  await expect(page).toHaveURL(/\/sign-in\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get("type")).toBe("car-finance");
  expect(query.get("redirect")).toBe(gated);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to get finance for this car");
  await expect(page.getByLabel("Mobile Number")).toHaveAttribute("placeholder", "0412 345 678");
  await signInReady(page);
  // Without JavaScript every step is a new page; with it, none is.
  if (withScript()) await page.evaluate(() => Object.assign(window, { __samePage: true }));

  // Step 1: the mobile is checked before any code is sent.
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page.getByText("This is a required field.")).toBeVisible();
  await page.getByLabel("Mobile Number").fill("02 9000 0000");
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page.getByText("Please enter a valid Australian mobile number.")).toBeVisible();

  const mobile = mobileFor(1);
  const since = await sendSignInCode(page, mobile);
  // verificationSent: the number locked, 'Resend Code' (after a countdown with script).
  await expect(page.locator("form#sign-in")).toHaveAttribute("data-status", "verificationSent");
  await expect(page.getByLabel("Mobile Number")).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Mobile Number")).toHaveValue(new RegExp(`^${mobile.replace(/\s/g, "").split("").join("\\s?")}$`));
  if (withScript()) await expect(page.getByRole("button", { name: /^Resend Code \(\d+s\)$/ })).toBeDisabled();
  else await expect(page.getByRole("button", { name: "Resend Code" })).toBeEnabled();

  // Step 2: the code's own messages, then the code from the SMS.
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page.getByText("This is a required field.")).toBeVisible();
  await page.getByLabel("Verification Code").fill("12345");
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page.getByText("Code must be 6 digits.")).toBeVisible();
  await page.getByLabel("Verification Code").fill(await codeSentTo(COASTAL, mobile, since));
  await page.getByRole("button", { name: "Verify and Sign In" }).click();

  await expect(page).toHaveURL(siteUrl(COASTAL, gated));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car Finance");
  await expect(page.getByTestId("enquiry-car")).toBeVisible();
  if (withScript()) expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
  const session = (await context.cookies()).find((c) => c.name === "dealer_session");
  expect(session?.httpOnly).toBe(true);

  // Signed in, the gated page stays open on a fresh visit.
  await page.goto(siteUrl(COASTAL, gated));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car Finance");

  if (withScript()) {
    // The header asks who is signed in after the page loads: 'My Garage' (Coastal has the garage) and 'Sign out'.
    const header = page.getByRole("banner");
    await expect(header.getByTestId("shopper-links")).toBeVisible();
    await expect(header.getByRole("link", { name: "My Garage" })).toHaveAttribute("href", "/my-garage");
    await page.evaluate((slug) => {
      localStorage.setItem(`${slug}:viewedCars`, "[]");
      localStorage.setItem("another-site:viewedCars", "[]");
    }, COASTAL);
    await header.getByRole("button", { name: "Sign out" }).click();
    // The page reloads signed out: this gated page asks for sign-in again; this site's local details are gone.
    await expect(page).toHaveURL(/\/sign-in\?type=car-finance/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toHaveCount(0);
    expect(await page.evaluate((slug) => localStorage.getItem(`${slug}:viewedCars`), COASTAL)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("another-site:viewedCars"))).toBe("[]");
  } else {
    // Without JavaScript the header stays the signed-out one; the sign-out form's POST, from the dealer's page.
    await expect(page.getByTestId("shopper-links")).toHaveCount(0);
    const out = await page.request.post(`http://127.0.0.1:${PORT}/sign-out`, {
      form: { redirect: gated },
      headers: {
        host: `${COASTAL}.localhost:${PORT}`,
        origin: siteUrl(COASTAL, "").replace(/\/$/, ""),
        cookie: `dealer_session=${session!.value}`,
      },
      maxRedirects: 0,
    });
    expect(out.status()).toBe(302);
    expect(out.headers()["location"]).toBe(gated);
    expect(out.headers()["set-cookie"]).toMatch(/dealer_session=;.*Max-Age=0/);
  }
  // The old session no longer signs anyone in, even from a browser that kept its cookie.
  await page.goto(siteUrl(COASTAL, gated));
  await expect(page).toHaveURL(/\/sign-in\?type=car-finance/);
});

test("the trade-in sign-in: wrong codes are refused in the spec's words, then too many attempts", async ({ page }) => {
  const gated = `/cars/trade-in?car_id=${encodeURIComponent(car.id)}`;
  await page.goto(siteUrl(COASTAL, gated));
  await expect(page).toHaveURL(/\/sign-in\?type=trade-in&/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to get your change over price");
  await signInReady(page);
  const mobile = mobileFor(2);
  const since = await sendSignInCode(page, mobile);
  const code = await codeSentTo(COASTAL, mobile, since);
  const wrong = code === "000000" ? "111111" : "000000";

  await page.getByLabel("Verification Code").fill(wrong);
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page.getByText("The verification code is invalid. Please try again.")).toBeVisible();
  await expect(page.getByLabel("Mobile Number")).toHaveAttribute("readonly", "");
  for (let attempt = 2; attempt <= 6; attempt++) {
    await page.getByLabel("Verification Code").fill(wrong);
    // Each attempt's answer before the next: a code sent while the last is still on its way replaces it in
    // the browser, and the server may never count the one replaced.
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Verify and Sign In" }).click();
    await answered;
    if (withScript()) await expect(page.locator("form#sign-in")).not.toHaveAttribute("data-status", "verificationSubmitted");
  }
  await expect(page.getByRole("alert")).toHaveText("Too many verification attempts. Please try again later.");
  // Even the right code is refused now, and nobody is signed in.
  await page.getByLabel("Verification Code").fill(code);
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Too many verification attempts. Please try again later.");
  await expect(page).toHaveURL(/\/sign-in\?/);
});

test("the checkout without a car is not gated, and 'Cancel' goes back", async ({ page, request }) => {
  const port = PORT;
  const bare = await request.get(`http://127.0.0.1:${port}/cars/checkout`, {
    headers: { host: `${COASTAL}.localhost:${port}` },
    maxRedirects: 0,
  });
  expect(bare.status()).not.toBe(302);
  await page.goto(siteUrl(COASTAL, `/sign-in?type=my-garage&redirect=%2Fmy-garage&back=${encodeURIComponent("/search")}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to My Garage");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/search/);
});
