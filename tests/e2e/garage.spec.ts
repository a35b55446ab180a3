/**
 * My Garage, with JavaScript on and off: a signed-out shopper opening /my-garage on Coastal GWM is sent
 * to sign-in (type my-garage), gets the code by "SMS" (the embedded outbox in the test server's data
 * folder) and lands back in an empty garage that links to the search; favourites kept in the browser
 * show with JavaScript (and say they need it without); the page's 'Sign out' ends the session. The
 * spec's other garage paths (/mymotorama...) move to the dealer's own garage path.
 */
import { expect, test } from "@playwright/test";
import { PORT, siteUrl } from "./site";
import { expectThroughPhotoRoute } from "./photoRoute";
import { photoUrl } from "~/domain/photos";
import { shopperMobile, signIn } from "./smsSignIn";

const COASTAL = "coastal-gwm";

const withScript = () => test.info().project.use.javaScriptEnabled !== false;

test("the garage asks for sign-in, then shows the shopper's empty garage; sign-out closes it", async ({ page }) => {
  await page.goto(siteUrl(COASTAL, "/my-garage"));
  await expect(page).toHaveURL(/\/sign-in\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get("type")).toBe("my-garage");
  expect(query.get("redirect")).toBe("/my-garage");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to My Garage");

  await signIn(page, COASTAL, shopperMobile("garage"));
  await expect(page).toHaveURL(siteUrl(COASTAL, "/my-garage"));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("My Garage");
  await expect(main.getByTestId("garage-empty")).toBeVisible();
  await expect(main.getByRole("link", { name: "Search our cars" })).toHaveAttribute("href", "/search");

  if (withScript()) {
    // Favourites live in this browser, under the site slug: read after the page loads.
    await expect(main.getByTestId("no-favourites")).toBeVisible();
    await expect(main.getByTestId("favourites-need-script")).toHaveCount(0);
    await page.evaluate((slug) => {
      const favourite = {
        id: "fav-1",
        name: "2023 GWM Ute Cannon",
        slug: "2023-gwm-ute-cannon-fav-1",
        make: "GWM",
        model: "Ute",
        primary_image_url: "https://photos.feed.example/gwm-ute.jpg",
      };
      localStorage.setItem(`${slug}:favourites`, JSON.stringify([favourite]));
      const viewed = { id: "v-9", stocknum: "C1009", make: "GWM", model: "Tank 300", body: "suv", simple_body: "suv" };
      localStorage.setItem(`${slug}:viewedCars`, JSON.stringify([viewed]));
    }, COASTAL);
    // A fresh load: the header asks who is signed in and links here.
    await page.reload();
    await expect(page.getByRole("banner").getByRole("link", { name: "My Garage" })).toHaveAttribute("href", "/my-garage");
    await expect(main.getByTestId("favourites").getByRole("link", { name: "2023 GWM Ute Cannon" })).toHaveAttribute(
      "href",
      "/cars/2023-gwm-ute-cannon-fav-1",
    );
    // A saved car's photo is the photo route's small copy, never the feed's own file.
    const saved = main.getByTestId("favourites").locator("img");
    await expectThroughPhotoRoute(saved);
    await expect(saved).toHaveAttribute("src", photoUrl("https://photos.feed.example/gwm-ute.jpg", 320));
    await expect(main.getByTestId("viewed-cars").getByRole("link", { name: /GWM Tank 300/ })).toHaveAttribute(
      "href",
      "/search?query=C1009",
    );
  } else {
    await expect(main.getByText("Your favourites are kept in this browser: turn on JavaScript to see them here.")).toBeVisible();
  }

  // The page's own 'Sign out' (a plain form post): the garage asks for sign-in again.
  await main.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(siteUrl(COASTAL, "/"));
  await page.goto(siteUrl(COASTAL, "/my-garage"));
  await expect(page).toHaveURL(/\/sign-in\?type=my-garage&/);
});

test("another brand's garage path moves for good to this dealer's garage, which asks for sign-in", async ({ page, request }) => {
  // Node cannot resolve <slug>.localhost as Chromium does: the loopback address with the site's Host header.
  const answer = await request.get(`http://127.0.0.1:${PORT}/mymotorama?from=email`, {
    headers: { host: `${COASTAL}.localhost:${PORT}` },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(301);
  expect(answer.headers()["location"]).toBe("/my-garage?from=email");

  await page.goto(siteUrl(COASTAL, "/myservco"));
  await expect(page).toHaveURL(/\/sign-in\?/);
  expect(new URL(page.url()).searchParams.get("redirect")).toBe("/my-garage");
});
