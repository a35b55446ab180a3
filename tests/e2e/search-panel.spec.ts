/**
 * The small things shoppers trip over on the results page and the vehicle page (issue 26): a range with
 * no results, 'Show all makes' as a toggle, the sliders' tracks before their code starts, and the
 * breadcrumb on a phone and a desktop. JavaScript on and off.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { siteUrl } from "./site";

const rangeFieldset = (page: Page, legend: string) =>
  page.locator("fieldset").filter({ has: page.locator("legend", { hasText: new RegExp(`^${legend}$`) }) });

test.describe("results page filters", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("with no results, a range reads the dealer's own bounds, never 0 to 100,000", async ({ page }) => {
    for (const slug of ["summit-auto-group", "coastal-gwm"]) {
      await page.goto(siteUrl(slug, "/search?year=2090:"));
      await expect(page.getByText("No Results Available")).toBeVisible();
      const year = rangeFieldset(page, "Year");
      await expect(year.locator("p").first()).toHaveText(/^(19|20)\d\d – (19|20)\d\d\+?$/);
      await expect(year.getByRole("spinbutton", { name: /Min/ })).toHaveValue("2090");
      for (const legend of ["Price", "Kilometres", "Year"]) {
        await expect(rangeFieldset(page, legend).locator("p").first()).not.toHaveText(/^\$?0( km)? – \$?100,?000( km)?\+$/);
      }
      // The price range is the stock's own, the same as with no filter.
      const priceEmpty = await rangeFieldset(page, "Price").locator("p").first().innerText();
      await page.goto(siteUrl(slug, "/search"));
      await expect(rangeFieldset(page, "Price").locator("p").first()).toHaveText(priceEmpty);
    }
  });

  test("'Show all makes' opens and closes again", async ({ page }) => {
    await page.goto(siteUrl("summit-auto-group", "/search"));
    const more = page.locator("details").filter({ has: page.locator("summary", { hasText: "Show all makes" }) });
    const hiddenMake = more.locator("label").first();
    await expect(hiddenMake).toBeHidden();
    await page.getByText("Show all makes").click();
    await expect(hiddenMake).toBeVisible();
    await expect(page.getByText("Show all makes")).toBeHidden();
    await page.getByText("Show fewer makes").click();
    await expect(hiddenMake).toBeHidden();
    await expect(page.getByText("Show fewer makes")).toBeHidden();
    await expect(page.getByText("Show all makes")).toBeVisible();
  });

  test("the sliders' tracks are drawn from the first paint, before their code starts", async ({ page }) => {
    // Held back: the page's scripts, so what is on screen is what the HTML and CSS draw by themselves.
    await page.route("**/assets/*.js", () => undefined);
    await page.goto(siteUrl("coastal-gwm", "/search"), { waitUntil: "domcontentloaded" });
    for (const legend of ["Price", "Kilometres", "Year"]) {
      const slider = rangeFieldset(page, legend).locator(":scope > p + div");
      const track = slider.locator(":scope > div").first();
      const fill = slider.locator(":scope > div").nth(1);
      await expect(track).toBeVisible();
      expect((await track.boundingBox())!.width, `${legend} track`).toBeGreaterThan(150);
      expect(await track.evaluate((el) => getComputedStyle(el).backgroundColor), `${legend} track colour`).not.toBe("rgba(0, 0, 0, 0)");
      expect((await fill.boundingBox())!.width, `${legend} chosen stretch`).toBeGreaterThan(150);
      await expect(slider.locator("input[type=range]")).toHaveCount(0);
    }
  });
});

/** Each crumb's box: where it sits and how tall it is. */
async function crumbBoxes(crumbs: Locator) {
  const items = crumbs.locator("li");
  const boxes = [];
  for (let i = 0; i < (await items.count()); i++) boxes.push((await items.nth(i).boundingBox())!);
  return boxes;
}

for (const [device, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
] as const) {
  test.describe(`vehicle breadcrumb on a ${device}`, () => {
    test.use({ viewport });

    test("the current car sits on the links' line, each '›' beside its crumb", async ({ page }) => {
      await page.goto(siteUrl("summit-auto-group", "/search"));
      const car = await page.locator('main a[href^="/cars/"]').first().getAttribute("href");
      await page.goto(siteUrl("summit-auto-group", car!));
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs.locator("[aria-current=page]")).toBeVisible();
      const boxes = await crumbBoxes(crumbs);
      expect(boxes.length).toBeGreaterThan(2);
      const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
      for (const [i, box] of boxes.entries()) {
        // One line each: a crumb never wraps inside itself, so its '›' is never left on another line.
        expect(box.height, `crumb ${i + 1} is one line`).toBeLessThanOrEqual(46);
        // The same line as the first crumb (this car's trail fits on one line on a phone too).
        expect(Math.abs(middle(box) - middle(boxes[0])), `crumb ${i + 1} on the first crumb's line`).toBeLessThanOrEqual(1);
      }
      const current = (await crumbs.locator("[aria-current=page]").boundingBox())!;
      const link = (await crumbs.getByRole("link").last().boundingBox())!;
      expect(Math.abs(middle(current) - middle(link)), "the current car as high as the links").toBeLessThanOrEqual(1);
      expect(current.x + current.width, "inside the page").toBeLessThanOrEqual(viewport.width);
    });
  });
}
