import { expect, test, type Page } from "@playwright/test";
import { PORT, siteUrl } from "./site";
import { expectThroughPhotoRoute } from "./photoRoute";
import { compareColumnSizes } from "~/domain/photos";

/** Detail-page paths of the first cars on a results page. */
async function firstCarSlugs(page: Page, count: number) {
  const hrefs = await page
    .locator('main a[href^="/cars/"]')
    .evaluateAll((links) =>
      [...new Set(links.map((a) => (a as HTMLAnchorElement).pathname))].filter((p) => /^\/cars\/[^/]+$/.test(p) && p !== "/cars/trade-in"),
    );
  return hrefs.slice(0, count);
}

test("a shopper ticks Compare on two cars and sees them side by side", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "choosing cars to compare lives in the browser");
  await page.goto(siteUrl("summit-auto-group", "/search/used-cars"));
  const boxes = page.getByRole("checkbox", { name: /^Compare / });
  await expect(boxes.first()).toBeVisible();
  const names = [await boxes.nth(0).getAttribute("aria-label"), await boxes.nth(1).getAttribute("aria-label")].map((n) =>
    n!.replace(/^Compare /, ""),
  );
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const bar = page.getByRole("complementary", { name: "Cars to compare" });
  await expect(bar).toContainText("2 cars chosen to compare");
  await bar.getByRole("link", { name: "Compare 2 cars" }).click();
  await expect(page.getByRole("heading", { name: "Compare cars" })).toBeVisible();
  for (const name of names)
    await expect(page.getByRole("columnheader", { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Odometer" })).toBeVisible();
  for (const picture of await page.locator("thead img").all()) await expectThroughPhotoRoute(picture);

  // A fourth car cannot be added past three, and Clear empties the list.
  await page.goBack();
  await boxes.nth(2).check();
  await expect(boxes.nth(3)).toBeDisabled();
  await bar.getByRole("button", { name: "Clear" }).click();
  await expect(bar).toBeHidden();
});

test("a comparison link works without JavaScript and shows only this dealer's cars", async ({ page, request }) => {
  await page.goto(siteUrl("summit-auto-group", "/search/used-cars"));
  const slugs = await firstCarSlugs(page, 2);
  expect(slugs.length).toBe(2);
  // The vehicle page's view.json gives each car's id.
  const ids: string[] = [];
  for (const slug of slugs) {
    // Node's HTTP client does not resolve *.localhost, so name the dealer in the Host header.
    const response = await request.get(`http://127.0.0.1:${PORT}${slug}/view.json`, {
      headers: { Host: `summit-auto-group.localhost:${PORT}` },
    });
    const body = await response.json();
    ids.push(String(body.car_fields.id));
  }
  await page.goto(siteUrl("summit-auto-group", `/compare?id=${ids[0]}&id=${ids[1]}`));
  await expect(page.locator("thead th")).toHaveCount(2);
  // Each car's photo is the photo route's copy, sized for a column of two cars.
  await expect(page.locator("thead img")).toHaveCount(2);
  for (const picture of await page.locator("thead img").all()) {
    await expectThroughPhotoRoute(picture);
    await expect(picture).toHaveAttribute("sizes", compareColumnSizes(2));
  }
  await page.locator("thead").getByRole("link", { name: "Remove" }).first().click();
  await expect(page.locator("thead th")).toHaveCount(1);

  // The same ids on another dealer's site show nothing.
  await page.goto(siteUrl("westside-used", `/compare?id=${ids[0]}&id=${ids[1]}`));
  await expect(page.getByText("No cars chosen yet.")).toBeVisible();
});

test("a broken comparison URL is an empty comparison, not an error", async ({ page }) => {
  const response = await page.goto(siteUrl("summit-auto-group", "/compare?id=%3Cscript%3E&id=&id=" + "x".repeat(300)));
  expect(response?.status()).toBe(200);
  await expect(page.getByText("No cars chosen yet.")).toBeVisible();
});
