/**
 * Stock photos reach shoppers through the photo route (/photos, docs/decisions/0018): cards and the
 * vehicle gallery carry a srcset of the route's widths, the browser picks one and gets AVIF (Chromium
 * accepts it), cached for a year; the size attributes stay so nothing shifts. JavaScript on and off.
 */
import { expect, test, type Locator, type Page, type Response } from "@playwright/test";
import { siteUrl } from "./site";
import { findCar, inStock } from "./vehicleStock";
import { PHOTO_LAYOUTS } from "~/domain/photos";

const SUMMIT = "summit-auto-group";

/** Every answer of the photo route while the page loads. */
function photoAnswers(page: Page): Response[] {
  const answers: Response[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/photos") answers.push(response);
  });
  return answers;
}

/** The img is drawn from a photo-route file the browser chose from its srcset. */
async function expectLoadedThroughRoute(img: Locator, layout: keyof typeof PHOTO_LAYOUTS) {
  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveAttribute("src", /^\/photos\?src=[^&]+&w=\d+$/);
  const srcset = (await img.getAttribute("srcset")) ?? "";
  for (const width of PHOTO_LAYOUTS[layout].widths) expect(srcset).toContain(`&w=${width} ${width}w`);
  await expect(img).toHaveAttribute("sizes", PHOTO_LAYOUTS[layout].sizes);
  await expect(img).toHaveAttribute("width", /^\d+$/);
  await expect(img).toHaveAttribute("height", /^\d+$/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  const current = await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname + new URL(el.currentSrc).search);
  expect(current).toMatch(/^\/photos\?src=/);
  return current;
}

async function expectAvifAnswer(answers: Response[], address: string) {
  await expect.poll(() => answers.some((a) => a.url().endsWith(address)), { timeout: 15_000 }).toBe(true);
  const answer = answers.find((a) => a.url().endsWith(address))!;
  expect(answer.status()).toBe(200);
  const headers = await answer.allHeaders();
  expect(headers["content-type"]).toBe("image/avif");
  expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(headers["vary"]).toBe("Accept");
}

test("a results card shows its photo through the photo route, chosen from its srcset", async ({ page }) => {
  const answers = photoAnswers(page);
  await page.goto(siteUrl(SUMMIT, "/search"));
  const first = page.locator("main article img[srcset]").first();
  const current = await expectLoadedThroughRoute(first, "card");
  await expectAvifAnswer(answers, current);
  await expect(first).toHaveAttribute("fetchpriority", "high");
  // Cards further down wait until they are near the screen.
  await expect(page.locator("main article img[srcset]").nth(6)).toHaveAttribute("loading", "lazy");
});

test("the vehicle gallery shows its photos through the photo route; the first two photos are prioritised", async ({ page }) => {
  const car = findCar(
    SUMMIT,
    "in-stock car with photos and no spin",
    (v) => inStock(v) && v.images.length > 4 && v.spin_images.length === 0,
  );
  const answers = photoAnswers(page);
  await page.goto(siteUrl(SUMMIT, `/cars/${car.slug}`));
  const gallery = page.locator("#gallery");
  const first = gallery.locator("#gallery-slide-1 img");
  const current = await expectLoadedThroughRoute(first, "gallery");
  await expectAvifAnswer(answers, current);
  await expect(first).toHaveAttribute(
    "src",
    new RegExp(`src=${encodeURIComponent(car.images[0].url).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}&`),
  );
  const photos = gallery.locator("[id^=gallery-slide-] img[srcset]");
  await expect(photos.nth(0)).toHaveAttribute("fetchpriority", "high");
  await expect(photos.nth(1)).toHaveAttribute("fetchpriority", "high");
  await expect(photos.nth(1)).toHaveAttribute("loading", "eager");
  await expect(photos.nth(2)).toHaveAttribute("loading", "lazy");
  await expect(photos.nth(2)).not.toHaveAttribute("fetchpriority", /./);
});

test("a photo the dealer's hosts do not serve shows the placeholder picture, not a broken image", async ({ page }) => {
  const outside = encodeURIComponent("https://photos.not-this-dealer.example/1.jpg");
  const response = await page.goto(siteUrl(SUMMIT, `/photos?src=${outside}&w=480`));
  expect(response?.status()).toBe(200);
  const headers = await response!.allHeaders();
  expect(headers["content-type"]).toBe("image/avif");
  expect(headers["x-photo"]).toBe("placeholder; not-allowed");
  expect(headers["cache-control"]).toBe("public, max-age=300");
  await expect.poll(() => page.locator("img").evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(480);
});
