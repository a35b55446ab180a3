/**
 * The vehicle detail page, with JavaScript on and off (both projects run every test; the ones about
 * script-only behaviour skip without it). Cars are picked from the deterministic demo stock by kind.
 */
import { expect, test, type Page } from "@playwright/test";
import { siteUrl } from "./site";
import { busyPhone, slowReactTurns } from "./busyPhone";
import { photoUrl } from "~/domain/photos";
import { expectThroughPhotoRoute, rawMediaRequests } from "./photoRoute";
import { demoStock, findCar, inStock, siteGet } from "./vehicleStock";
import { priceDisplay } from "~/domain/priceDisplay";
import { formatMoney } from "~/domain/money";
import { formatPhone } from "~/domain/phone";
import { marketIndicator } from "~/domain/marketIndicator";
import { sellingPrice } from "~/domain/priceDisplay";
import { vehicleTitle, type Vehicle } from "~/domain/vehicle";

const SUMMIT = "summit-auto-group";
const WESTSIDE = "westside-used";
const carPath = (v: Pick<Vehicle, "slug">) => `/cars/${v.slug}`;
/** The page's forms of the forms kit (lead forms and calculators), whose script loads after the page's. */
const KIT_FORMS = 'form[id^="lead-"], #fuel-calculator form, #delivery-calculator form';
/** Opens a car's page; with script on, waits until the page and its forms are interactive so clicks reach React. */
async function open(page: Page, tenant: string, v: Pick<Vehicle, "slug">, query = "") {
  const response = await page.goto(siteUrl(tenant, carPath(v) + query));
  const js = test.info().project.use.javaScriptEnabled !== false;
  if (js && response?.status() === 200) {
    await expect(page.locator("#vehicle-top")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    await expect(page.locator(KIT_FORMS).and(page.locator(":not([data-interactive])"))).toHaveCount(0, { timeout: 15_000 });
  }
  return response;
}
const summitFlags = { subscriptions: false, noPriceText: "Enquire for price." };

test.describe("an in-stock car", () => {
  const car = findCar(
    SUMMIT,
    "in-stock car with photos and features that can be financed",
    (v) => inStock(v) && v.images.length > 3 && v.standardEquipment.length > 8 && v.price > 10 && !v.reserved && !v.tag,
  );

  test("shows the car's title, price, key information and sections in the spec's order", async ({ page }) => {
    const response = await open(page, SUMMIT, car);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${car.year} ${car.make} ${car.model}`);
    await expect(page.getByTestId("price")).toContainText(priceDisplay(car, summitFlags).text);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" })).toBeVisible();
    const ids = await page.locator("main section[id]").evaluateAll((els) => els.map((e) => e.id));
    const order = [
      "gallery",
      "key-information",
      "dealer-comments",
      "delivery-calculator",
      "specifications",
      "finance-calculator",
      "enquire",
      "similar-vehicles",
    ];
    const positions = order.map((id) => ids.indexOf(id));
    expect(
      positions.every((p) => p >= 0),
      `sections present: ${ids.join(", ")}`,
    ).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await expect(page.getByRole("link", { name: "terms and conditions", exact: true })).toHaveAttribute("href", "/terms-and-conditions");
    await expect(page.locator("#finance-calculator").getByRole("link", { name: "Get Finance" })).toHaveAttribute("href", /car_id=/);
  });

  test("tells search engines about the car: title, description, canonical, image and Car JSON-LD", async ({ page }) => {
    await open(page, SUMMIT, car);
    await expect(page).toHaveTitle(new RegExp(vehicleTitle(car).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${carPath(car)}$`));
    // Social sites get the photo route's copy, 1280 wide, at an absolute address.
    const ogImage = photoUrl(car.primary_image_url || car.images[0].url, 1280).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^https?://[^/]+${ogImage}$`));
    expect((await page.locator('meta[name="description"]').getAttribute("content"))?.length).toBeGreaterThan(40);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld["@type"]).toBe("Car");
    expect(ld.offers).toMatchObject({
      "@type": "Offer",
      priceCurrency: "AUD",
      price: sellingPrice(car),
      availability: "https://schema.org/InStock",
    });
    expect(ld.vehicleIdentificationNumber).toBe(car.vin);
    expect(ld.modelDate).toBe(String(car.year));
    expect(ld.mileageFromOdometer.value).toBe(car.km);
  });

  test("key information shows four facts until 'Show More', features eight until 'Show All'", async ({ page }) => {
    await open(page, SUMMIT, car);
    const info = page.locator("#key-information");
    await expect(info.locator("dl").first().locator("dt")).toHaveCount(4);
    await info.getByText("Show More", { exact: true }).click();
    await expect(info.getByText("Show Less", { exact: true })).toBeVisible();
    await expect(info.getByText("Stock No.", { exact: true })).toBeVisible();
    await expect(page.getByTestId("features").locator("li")).toHaveCount(8);
    const hidden = car.standardEquipment[car.standardEquipment.length - 1];
    await expect(info.getByText(hidden, { exact: true })).toBeHidden();
    await info.getByText(/^Show All/).click();
    await expect(info.getByText(hidden, { exact: true })).toBeVisible();
    await expect(info.getByText("Hide", { exact: true })).toBeVisible();
  });

  test("the enquiry form stores a lead and goes to /success", async ({ page }) => {
    await open(page, SUMMIT, car);
    const form = page.locator("#enquire");
    await form.getByLabel("First Name").fill("Alex");
    await form.getByLabel("Email Address").fill("alex@example.com");
    await form.getByLabel("Mobile Number").fill("0412 345 678");
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(page).toHaveURL(/\/success\?car=/);
    await expect(page.getByRole("heading", { name: /Thank you/ })).toBeVisible();
    await page.getByRole("link", { name: "Back to the car" }).click();
    await expect(page).toHaveURL(new RegExp(`${carPath(car)}$`));
  });

  test("the enquiry form explains what to fix and keeps what was typed", async ({ page }) => {
    await open(page, SUMMIT, car);
    const form = page.locator("#enquire");
    await form.getByLabel("First Name").fill("Alex");
    await form.getByLabel("Email Address").fill("alex@example.com");
    await form.getByLabel("Mobile Number").fill("12345");
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(page.locator("#enquire").getByText("Please enter a valid Australian phone number.")).toBeVisible();
    await expect(page.locator("#enquire").getByLabel("First Name")).toHaveValue("Alex");
    await expect(page).not.toHaveURL(/success/);
  });

  test("what a shopper types before the form's script arrives is kept, in the same form, without a hydration error", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "about the form's script taking over the server's form");
    const reactErrors: string[] = [];
    page.on("console", (m) => {
      if (/React error|hydrat|did not match|Suspense boundary/i.test(m.text())) reactErrors.push(m.text());
    });
    page.on("pageerror", (e) => reactErrors.push(e.message));
    // Hold the lead form's code back until the shopper has typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/LeadFormImpl-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl(SUMMIT, carPath(car)));
    const form = page.locator("#enquire form");
    await expect(form).toBeVisible();
    // The page waits for its parts' code before it hydrates (decision 37): it is the server's HTML until then.
    await expect(page.locator("#vehicle-top")).toHaveAttribute("data-hydrated", "false");
    await expect(form).not.toHaveAttribute("data-interactive");
    const marker = await form.evaluate((el) => ((el as HTMLFormElement & { early?: boolean }).early = true));
    await form.getByLabel("First Name").fill("Early");
    await form.getByLabel("Mobile Number").fill("12345");
    await expect(page.locator("#vehicle-top")).toHaveAttribute("data-hydrated", "false");
    release();
    await expect(page.locator("#vehicle-top")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    await expect(form).toHaveAttribute("data-interactive", "", { timeout: 15_000 });
    // React took over the server's form element rather than drawing a new one.
    expect(await form.evaluate((el) => (el as HTMLFormElement & { early?: boolean }).early)).toBe(marker);
    await expect(form.getByLabel("First Name")).toHaveValue("Early");
    await expect(form.getByLabel("Mobile Number")).toHaveValue("12345");
    // The form is React's now: the phone number is judged in place, on the same page, nothing sent.
    await form.getByLabel("Email Address").fill("early@example.com");
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(form.getByText("Please enter a valid Australian phone number.")).toBeVisible();
    expect(await form.evaluate((el) => (el as HTMLFormElement & { early?: boolean }).early)).toBe(marker);
    await expect(form.getByLabel("First Name")).toHaveValue("Early");
    await expect(page).not.toHaveURL(/success/);
    expect(reactErrors).toEqual([]);
  });

  test("print opens the printable page in a new tab; the PDF link names the file after the car", async ({ page }) => {
    await open(page, SUMMIT, car);
    const print = page.getByRole("link", { name: "Print" });
    await expect(print).toHaveAttribute("href", `/print?car_id=${car.slug}`);
    await expect(print).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute("download", `${car.slug}.pdf`);
  });
});

test.describe("gallery", () => {
  const car = findCar(
    SUMMIT,
    "in-stock car with a video, photos and no spin",
    (v) => inStock(v) && v.images.length > 4 && !!v.video_url && v.spin_images.length === 0,
  );
  const slides = car.images.length + 1;

  test("puts the video second and prioritises the first two images", async ({ page }) => {
    await open(page, SUMMIT, car);
    const gallery = page.locator("#gallery");
    await expect(gallery.locator("#gallery-slide-2 img")).toHaveAttribute("alt", /walkaround video/);
    const first = gallery.locator("#gallery-slide-1 img");
    await expect(first).toHaveAttribute("loading", "eager");
    await expect(first).toHaveAttribute("fetchpriority", "high");
    await expect(first).toHaveAttribute("width", /\d+/);
    // The second image is the third slide (after the video): prioritised too.
    await expect(gallery.locator("#gallery-slide-3 img")).toHaveAttribute("fetchpriority", "high");
    await expect(gallery.locator("#gallery-slide-4 img")).toHaveAttribute("loading", "lazy");
    await expect(gallery.locator("#gallery-slide-4 img")).not.toHaveAttribute("fetchpriority", /./);
  });

  test("without script every photo is reachable: each slide links to its picture and thumbnails jump to it", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "the slider takes over with script");
    await open(page, SUMMIT, car);
    const gallery = page.locator("#gallery");
    await expect(gallery.locator("[id^=gallery-slide-]")).toHaveCount(slides);
    for (const [i, image] of car.images.entries()) {
      await expect(gallery.locator(`a[href="${photoUrl(image.url, 1600)}"]`)).toHaveCount(1, { timeout: i ? 1000 : 7000 });
    }
    await expect(gallery.getByRole("list", { name: "Choose a photo" }).getByRole("link")).toHaveCount(slides);
    await gallery.getByRole("link", { name: "Photo 5", exact: true }).click();
    await expect(page).toHaveURL(/#gallery-slide-6$/);
  });

  test("thumbnails move the slider; fullscreen moves with the arrow keys and closes with Escape", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "needs script");
    // A busy phone, made certain: while `busyPhone` is set, React gets each turn 700 ms late (its scheduler
    // takes turns through a MessageChannel), so the dialog is drawn well before React's queued work after it
    // runs. An arrow key pressed the moment the dialog shows must still count (fresh-clone run 53 lost it).
    await slowReactTurns(page, 700);
    await open(page, SUMMIT, car);
    const gallery = page.locator("#gallery");
    await expect(gallery.getByText(`1 / ${slides}`)).toBeVisible();
    await gallery.getByRole("link", { name: "Photo 2", exact: true }).click();
    await expect(gallery.getByText(`3 / ${slides}`)).toBeVisible();
    const fullscreen = gallery.getByRole("button", { name: "Fullscreen" });
    await expect(fullscreen).toContainText("Fullscreen");
    await busyPhone(page, true);
    await fullscreen.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(`3 / ${slides}`)).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByText(`4 / ${slides}`)).toBeVisible();
    await busyPhone(page, false);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.getByText(`2 / ${slides}`)).toBeVisible();
    await expect(dialog.getByRole("list").getByRole("button")).toHaveCount(slides);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(gallery.getByText(`2 / ${slides}`)).toBeVisible();
  });

  test("a car with one photo or none shows the new-arrival placeholder with a Request Photos form", async ({ page }) => {
    const bare = findCar(SUMMIT, "in-stock car without photos", (v) => inStock(v) && v.images.length === 0);
    await open(page, SUMMIT, bare);
    const gallery = page.locator("#gallery");
    await expect(gallery.getByRole("img", { name: /New arrival/ })).toHaveAttribute(
      "src",
      photoUrl("/media/placeholder/new-arrival.svg", 960),
    );
    await expect(gallery.locator('input[name="prefilled"]')).toHaveValue(/Please send me photos of the/);
    await gallery.getByLabel("First Name").fill("Sam");
    await gallery.getByLabel("Email Address").fill("sam@example.com");
    await gallery.getByLabel("Mobile Number").fill("0400 000 111");
    await gallery.getByRole("button", { name: "Request Photos" }).click();
    await expect(page).toHaveURL(/\/success/);
  });
});

/** How long the 360° viewer may take to have every frame in, made on demand on a busy machine. */
const SPIN_READY_MS = 60_000;

test.describe("360 spin and interior", () => {
  // The test server makes photos as shoppers ask (PHOTO_WARMUP=off): the first viewer to open has 24 frames
  // made on demand, which takes seconds on a quiet machine and far longer on a busy one.
  test.describe.configure({ timeout: 90_000 });
  const car = findCar(
    SUMMIT,
    "in-stock car with spin frames, interior and hotspots",
    (v) => inStock(v) && v.spin_images.length === 24 && !!v.spin_interior_image && v.hotspots.exterior.length > 0,
  );

  test("opens on the spinner (the tenant's default): the first frame without script, the viewer with it", async ({
    page,
    javaScriptEnabled,
  }) => {
    // On a phone, as every test of the spinner here: the viewer preloads the phone's copies of the frames,
    // which the photo route makes once for all of them.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, SUMMIT, car);
    await expect(page.locator("#gallery").getByRole("link", { name: "360° Spin" })).toHaveAttribute("aria-current", "true");
    if (javaScriptEnabled) await expect(page.getByRole("slider", { name: /360 degree view/ })).toBeVisible();
    else {
      // The first frame, resized by the photo route (at most 960 wide: every frame is preloaded with script).
      const first = page.locator(`#gallery img[src="${photoUrl(car.spin_images[0], 960)}"]`);
      await expect(first).toBeVisible();
      await expectThroughPhotoRoute(first);
    }
  });

  test("every spin frame is preloaded once, resized by the photo route to the width the viewer is drawn", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the viewer needs script");
    const raw = rawMediaRequests(page);
    const frames = new Set<string>();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/photos" && car.spin_images.includes(url.searchParams.get("src") ?? "")) {
        frames.add(`${url.searchParams.get("src")} ${url.searchParams.get("w")}`);
      }
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, SUMMIT, car);
    const spin = page.getByRole("slider", { name: /360 degree view/ });
    await expect(spin).toHaveAttribute("data-ready", "true", { timeout: SPIN_READY_MS });
    // 390 px wide at 1x: the 480 copy of each of the 24 frames, and the frame shown is one of them.
    const shown = spin.locator("img");
    await expectThroughPhotoRoute(shown);
    await expect(shown).toHaveAttribute("src", /&w=480$/);
    expect([...frames].filter((f) => f.endsWith(" 480")).length).toBe(24);
    expect(raw).toEqual([]);
  });

  test("shows the car's first frame at once, whole, while the other frames load; turns once they are in", async ({
    page,
    javaScriptEnabled,
  }) => {
    // The other frames are held back until the test lets them go, however fast the machine is.
    const held: (() => Promise<void>)[] = [];
    let release = false;
    await page.route(
      (url) => url.pathname === "/photos" && car.spin_images.slice(1).includes(url.searchParams.get("src") ?? ""),
      async (route) => {
        if (release) return route.continue();
        held.push(() => route.continue());
      },
    );
    await page.setViewportSize({ width: 390, height: 844 });
    // The page's load event waits for the held frames wherever the page shows them too: the test reads the page sooner.
    await page.goto(siteUrl(SUMMIT, carPath(car)), { waitUntil: "domcontentloaded" });
    const stage = page.locator("#gallery [data-frame]").first();
    const first = stage.locator("img").first();
    // The first frame is a plain picture in the page, drawn before any script and whatever the frames do.
    await expect(first).toHaveAttribute("src", photoUrl(car.spin_images[0], 960));
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    if (!javaScriptEnabled) return;
    const spin = page.getByRole("slider", { name: /360 degree view/ });
    await expect(spin).toHaveAttribute("data-ready", "false");
    await expect(spin.getByRole("status")).toHaveText(/^Loading 360° view… \d+%$/);
    // Nothing veils the car: the middle of the stage is the stage itself, and the picture is the first frame, loaded.
    const shown = spin.locator("img");
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await shown.getAttribute("srcset")).toContain(photoUrl(car.spin_images[0], 480));
    const middle = await spin.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit === el;
    });
    expect(middle).toBe(true);
    const badge = (await spin.getByRole("status").boundingBox())!;
    const box = (await spin.boundingBox())!;
    expect(badge.width * badge.height).toBeLessThan((box.width * box.height) / 8);
    release = true;
    for (const go of held.splice(0)) await go();
    await expect(spin).toHaveAttribute("data-ready", "true", { timeout: SPIN_READY_MS });
    await expect(spin.getByRole("status")).toHaveCount(0);
    await expect(spin.getByText("Swipe to spin")).toBeVisible();
  });

  test("drag turns the car at 20 px a frame; the hint goes at the first mouse down", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "needs script");
    // On a phone, as the tests above: the photo route has made the phone's copies of the frames.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, SUMMIT, car);
    const spin = page.getByRole("slider", { name: /360 degree view/ });
    await expect(spin).toHaveAttribute("data-ready", "true", { timeout: SPIN_READY_MS });
    await expect(spin.getByText("Swipe to spin")).toBeVisible();
    const box = (await spin.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // The press stops the auto-rotation and draws the frame the drag turns from, in the same render
    // that hides the hint, however late the browser gets to a frame.
    await expect(spin.getByText("Swipe to spin")).toHaveCount(0);
    const start = Number(await spin.getAttribute("data-frame"));
    // 100 px to the left is five frames on, whether the moves arrive one by one or merged into one.
    await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect(spin).toHaveAttribute("data-frame", String((start + 5) % 24));
    // Auto-rotation has stopped for good.
    await page.waitForTimeout(400);
    await expect(spin).toHaveAttribute("data-frame", String((start + 5) % 24));
  });

  test("shows a hotspot on the frame it belongs to", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "needs script");
    const spot = car.hotspots.exterior[0];
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, SUMMIT, car);
    const spin = page.getByRole("slider", { name: /360 degree view/ });
    await expect(spin).toHaveAttribute("data-ready", "true", { timeout: SPIN_READY_MS });
    await spin.focus();
    await page.keyboard.press("ArrowRight");
    for (let i = 0; i < 24 && Number(await spin.getAttribute("data-frame")) !== spot.angle; i++) await page.keyboard.press("ArrowRight");
    await spin.getByLabel(spot.title, { exact: true }).click();
    await expect(spin.getByRole("note")).toContainText(spot.description);
  });

  test("the interior view shows the cabin with its hotspots; leaving the gallery resets it", async ({ page, javaScriptEnabled }) => {
    await open(page, SUMMIT, car);
    const gallery = page.locator("#gallery");
    await gallery.getByRole("link", { name: "Interior" }).click();
    await expect(gallery.getByRole("img", { name: /interior/ })).toHaveAttribute("src", photoUrl(car.spin_interior_image, 960));
    for (const spot of car.hotspots.interior) await expect(gallery.getByLabel(spot.title, { exact: true })).toBeVisible();
    if (!javaScriptEnabled) return;
    await gallery.getByRole("link", { name: "Gallery" }).click();
    await gallery.getByRole("button", { name: "Next photo" }).click();
    await gallery.getByRole("button", { name: "Next photo" }).click();
    await expect(gallery.getByText(/^3 \//)).toBeVisible();
    await gallery.getByRole("link", { name: "360° Spin" }).click();
    await gallery.getByRole("link", { name: "Gallery" }).click();
    await expect(gallery.getByText(/^1 \//)).toBeVisible();
  });
});

test.describe("sidebar", () => {
  test("call the dealer: masked until clicked, then revealed with the reveal call; unmasked without script", async ({
    page,
    javaScriptEnabled,
  }) => {
    const car = findCar(SUMMIT, "used car in stock", (v) => inStock(v) && v.car_type === "used");
    const number = formatPhone("1300 786 602");
    await open(page, SUMMIT, car);
    const side = page.getByRole("complementary", { name: "About this car" });
    if (!javaScriptEnabled) {
      await expect(side.getByRole("link", { name: new RegExp(number) })).toHaveAttribute("href", "tel:1300786602");
      return;
    }
    const masked = side.getByRole("button", { name: "Show the dealer's phone number" });
    await expect(masked).toContainText("1300 XXX XXX");
    const reveal = page.waitForRequest((r) => r.url().endsWith("/api/phone-reveal") && r.method() === "POST");
    await masked.click();
    expect((await reveal).postData()).toContain(`car_id=${encodeURIComponent(car.id)}`);
    await expect(side.getByRole("link", { name: new RegExp(number) })).toHaveAttribute("href", "tel:1300786602");
  });

  test("share copies the link with a toast and 'Copied' for 1.5 s", async ({ page, context, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "copying needs script");
    const car = findCar(SUMMIT, "in-stock car", inStock);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await open(page, SUMMIT, car);
    await page.getByText("Share", { exact: true }).click();
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toHaveText(`Copied ${vehicleTitle(car)} to your clipboard!`);
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`${carPath(car)}$`));
    // Back to 'Copy link' once its 1.5 s are up; a machine busy with other work may run the timer late.
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible({ timeout: 10_000 });
  });

  test("share to Facebook, Twitter and WhatsApp links to the car", async ({ page }) => {
    const car = findCar(SUMMIT, "in-stock car", inStock);
    await open(page, SUMMIT, car);
    await page.getByText("Share", { exact: true }).click();
    for (const [name, host] of [
      ["Facebook", "facebook.com/sharer"],
      ["Twitter", "twitter.com/intent/tweet"],
      ["WhatsApp", "wa.me"],
    ]) {
      const link = page.getByRole("link", { name, exact: true });
      await expect(link).toHaveAttribute("href", new RegExp(host.replace(/\./g, "\\.")));
      expect(decodeURIComponent((await link.getAttribute("href")) ?? "")).toContain(carPath(car));
    }
  });

  test.describe("view counter", () => {
    // A view counts once per visitor (address and browser) per car per day, and the test server's data
    // folder outlives a run: a browser no earlier run used makes this page's view a new one.
    const browserName = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Shopper/${Date.now()}`;
    test.use({ userAgent: browserName });
    /** Reads (and counts) the car's views as another visitor: same address, another browser. */
    const viewsAs = (page: Page, car: Vehicle, visitor: string) => {
      const port = Number(process.env.E2E_PORT ?? 3100);
      return page.request.get(`http://127.0.0.1:${port}${carPath(car)}/view.json`, {
        headers: { host: `${SUMMIT}.localhost:${port}`, "user-agent": `${browserName}.${visitor}` },
      });
    };

    test("the view counter counts this view, once per visitor", async ({ page, javaScriptEnabled }) => {
      // A car no other test (or the other project) opens, so parallel views do not change the count.
      const car = demoStock(SUMMIT).filter((v) => inStock(v) && v.images.length > 1 && v.car_type === "demo")[javaScriptEnabled ? 3 : 4];
      const before = await viewsAs(page, car, "1");
      const counted = (await before.json()).views as number;
      expect((await before.json()).car_fields.status).toBe("in_stock");
      await open(page, SUMMIT, car);
      // The number before "view(s)" (the text also holds the <noscript> counting image's address).
      const shown = async () =>
        Number(/([\d,]+) views?\b/.exec((await page.getByTestId("view-counter").textContent()) ?? "")?.[1].replace(/,/g, "") ?? 0);
      // With script the page's own view is counted and shown; without it the page shows the count it was made with.
      if (javaScriptEnabled) await expect.poll(shown).toBeGreaterThan(counted);
      else expect(await shown()).toBeGreaterThanOrEqual(counted);
      const after = (await (await viewsAs(page, car, "2")).json()).views as number;
      // This page's view (by script, or by the <noscript> image without it) and the second check's own.
      expect(after).toBeGreaterThanOrEqual(counted + 2);
      // Reloading the page is the same visitor: the count does not move for it.
      await open(page, SUMMIT, car);
      if (javaScriptEnabled) await expect.poll(shown).toBe(after);
      expect((await (await viewsAs(page, car, "2")).json()).views as number).toBe(after);
    });
  });

  test("the market-price indicator shows when the car is at least $500 under the state average", async ({ page }) => {
    const car = findCar(
      WESTSIDE,
      "used car priced under the market",
      (v) => inStock(v) && marketIndicator(sellingPrice(v), v.autograb_data, v.state) !== null,
    );
    const indicator = marketIndicator(sellingPrice(car), car.autograb_data, car.state)!;
    await open(page, WESTSIDE, car);
    await expect(page.getByText(`${formatMoney(indicator.saving)} below the`)).toBeVisible();
  });

  test("rego expiry reads 'Expires on Month d, yyyy', and 'Unregistered' for a past date where the dealer says so", async ({ page }) => {
    const future = findCar(WESTSIDE, "registered used car", (v) => inStock(v) && v.rego_expiry > new Date().toISOString().slice(0, 10));
    await open(page, WESTSIDE, future);
    await page.locator("#key-information").getByText("Show More", { exact: true }).click();
    await expect(page.locator("#key-information")).toContainText(/Expires on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    const past = findCar(
      WESTSIDE,
      "used car with expired rego",
      (v) => inStock(v) && !!v.rego_expiry && v.rego_expiry < new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
    );
    await open(page, WESTSIDE, past);
    await expect(page.locator("#used-car-checks")).toContainText("Unregistered");
  });

  test("the history report button appears only when the car has a file", async ({ page }) => {
    const withFile = findCar(SUMMIT, "car with a history report", (v) => inStock(v) && !!v.file);
    await open(page, SUMMIT, withFile);
    await expect(page.getByRole("link", { name: "View History Report" }).first()).toHaveAttribute("href", withFile.file);
    const without = findCar(SUMMIT, "car without a report", (v) => inStock(v) && !v.file);
    await open(page, SUMMIT, without);
    await expect(page.getByRole("link", { name: "View History Report" })).toHaveCount(0);
  });
});

test.describe("sticky bars and announcement", () => {
  test("the sticky header shows after 500 px; the mobile bottom bar opens past 900 px", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "scroll behaviour needs script");
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, SUMMIT, findCar(SUMMIT, "in-stock car", inStock));
    await expect(page.getByTestId("sticky-header")).toHaveAttribute("data-visible", "false");
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(page.getByTestId("sticky-header")).toHaveAttribute("data-visible", "true");
    await expect(page.getByTestId("bottom-bar")).toHaveAttribute("data-opened", "false");
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect(page.getByTestId("bottom-bar")).toHaveAttribute("data-opened", "true");
  });

  test("the sticky header's picture is the photo route's small copy", async ({ page }) => {
    const car = findCar(SUMMIT, "in-stock car with photos", (v) => inStock(v) && v.images.length > 1);
    await open(page, SUMMIT, car);
    const picture = page.getByTestId("sticky-header").locator("img");
    await expectThroughPhotoRoute(picture);
    await expect(picture).toHaveAttribute("src", photoUrl(car.images[0].thumb.url || car.images[0].url, 320));
    await expect(picture).toHaveAttribute("sizes", "72px");
  });

  test("a car away from the primary location says where it is, with directions, and can be dismissed", async ({
    page,
    javaScriptEnabled,
  }) => {
    const away = findCar(SUMMIT, "car at a secondary yard", (v) => inStock(v) && v.city !== "Parramatta");
    await open(page, SUMMIT, away);
    const bar = page.getByRole("region", { name: "Where this car is" });
    await expect(bar).toContainText(`Located at ${away.city}`);
    await expect(bar.getByRole("link", { name: "Get Directions" })).toHaveAttribute("href", /^https:\/\//);
    if (javaScriptEnabled) {
      await bar.getByRole("button", { name: "Dismiss" }).click();
      await expect(bar).toHaveCount(0);
    }
    const home = findCar(SUMMIT, "car at the primary yard", (v) => inStock(v) && v.city === "Parramatta");
    await open(page, SUMMIT, home);
    await expect(page.getByRole("region", { name: "Where this car is" })).toHaveCount(0);
  });
});

test.describe("dealer comments", () => {
  test("long comments are collapsed at 400 characters with more and less", async ({ page }) => {
    const car = findCar(SUMMIT, "car with long comments", (v) => inStock(v) && v.dealercomments.length > 450);
    await open(page, SUMMIT, car);
    const block = page.locator("#dealer-comments");
    const preview = (await block.getByTestId("comments-preview").textContent()) ?? "";
    expect(preview.replace("…", "").length).toBeLessThanOrEqual(400);
    const tail = car.dealercomments.replace(/\s+/g, " ").trim().slice(-40).trim();
    await expect(block.getByText(tail)).toBeHidden();
    await block.getByText("Read more", { exact: true }).click();
    await expect(block.getByText(tail)).toBeVisible();
    await expect(block.getByText("Read less", { exact: true })).toBeVisible();
  });

  test("no comments reads that they are pending", async ({ page }) => {
    const car = findCar(SUMMIT, "car without comments", (v) => inStock(v) && !v.dealercomments.trim());
    await open(page, SUMMIT, car);
    await expect(page.locator("#dealer-comments")).toContainText("Dealer comments are pending. Please check back here later.");
  });
});

test.describe("calculators", () => {
  const car = findCar(SUMMIT, "petrol car in stock", (v) => inStock(v) && v.simple_fuel === "Petrol");

  test("the fuel calculator works out the weekly cost", async ({ page }) => {
    await open(page, SUMMIT, car);
    const calc = page.locator("#fuel-calculator");
    await calc.getByLabel("Distance per week").fill("500");
    await calc.getByLabel("Fuel consumption").fill("10");
    await calc.getByLabel("Fuel price").fill("2");
    await calc.getByRole("button", { name: "Calculate" }).click();
    await expect(page.locator("#fuel-calculator").getByTestId("fuel-result")).toContainText("$100.00 per week");
    await expect(page.locator("#fuel-calculator").getByTestId("fuel-result")).toContainText("$5,200.00 a year");
  });

  test("the first use of a calculator is analytics event 26, sent once", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "analytics events are sent by script");
    // Beacon bodies are not visible to the test; without a beacon the events go by fetch, which are.
    await page.addInitScript(() => Object.defineProperty(navigator, "sendBeacon", { value: () => false }));
    const events: number[] = [];
    page.on("request", (r) => {
      if (!r.url().endsWith("/api/events")) return;
      const body = JSON.parse(r.postData() ?? "{}") as { event_id?: number };
      if (body.event_id) events.push(body.event_id);
    });
    await open(page, SUMMIT, car);
    await page.locator("#fuel-calculator").getByLabel("Distance per week").fill("300");
    await page.locator("#delivery-calculator").getByLabel("Postcode").fill("2150");
    await page.locator("#delivery-calculator").getByRole("button", { name: "Get Estimate" }).click();
    await expect(page.locator("#delivery-calculator").getByTestId("delivery-result")).toContainText("Sydney Metro");
    await expect.poll(() => events.filter((e) => e === 26).length).toBe(1);
    await page.locator("#fuel-calculator").getByLabel("Distance per week").fill("400");
    await page.waitForTimeout(300);
    expect(events.filter((e) => e === 26)).toHaveLength(1);
  });

  test("the fuel calculator is not offered for electric cars", async ({ page }) => {
    const ev = findCar(SUMMIT, "electric car", (v) => inStock(v) && v.simple_fuel === "Electric");
    await open(page, SUMMIT, ev);
    await expect(page.locator("#fuel-calculator")).toHaveCount(0);
  });

  test("the delivery calculator asks for a postcode, prices a covered one and apologises for the rest", async ({ page }) => {
    await open(page, SUMMIT, car);
    const estimate = async (postcode: string) => {
      const calc = page.locator("#delivery-calculator");
      await calc.getByLabel("Postcode").fill(postcode);
      await calc.getByRole("button", { name: "Get Estimate" }).click();
      return page.locator("#delivery-calculator").getByTestId("delivery-result");
    };
    // A missing postcode is a problem with the field, said at the field.
    await expect(await estimate("")).toHaveText("");
    await expect(page.locator("#delivery-calculator").getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#delivery-calculator").getByLabel("Postcode")).toHaveAccessibleDescription("Please enter a postcode.");
    await expect(await estimate("2600")).toHaveText("$790 delivery to 2600 (ACT)");
    await expect(await estimate("2150")).toHaveText("Free delivery to 2150 (Sydney Metro)");
    await expect(await estimate("6000")).toHaveText(
      "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    );
  });
});

test.describe("similar vehicles", () => {
  const car = findCar(
    SUMMIT,
    "in-stock car with a popular model",
    (v) => inStock(v) && v.price > 10 && demoStock(SUMMIT).filter((o) => o.model === v.model && inStock(o)).length > 8,
  );

  test("shows up to six in-stock cars, not this one, without repeats, once the block is near the view", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "without script the block links to the results page (next test)");
    await open(page, SUMMIT, car);
    const block = page.locator("#similar-vehicles");
    // Not in the page: six skeletons hold the block's place until it comes near the view.
    await expect(page.getByTestId("similar-skeleton")).toHaveCount(6);
    await expect(block).toHaveAttribute("aria-busy", "true");
    await block.scrollIntoViewIfNeeded();
    const links = block.getByRole("heading", { level: 3 }).getByRole("link");
    await expect(links.first()).toBeVisible();
    await expect(page.getByTestId("similar-skeleton")).toHaveCount(0);
    await expect(block).toHaveAttribute("aria-busy", "false");
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.length).toBeLessThanOrEqual(6);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(hrefs).not.toContain(carPath(car));
    const bySlug = new Map(demoStock(SUMMIT).map((v) => [carPath(v), v]));
    for (const href of hrefs) expect(bySlug.get(href!)?.status).toBe("in_stock");
    // The same model comes first.
    expect(bySlug.get(hrefs[0]!)?.model).toBe(car.model);
  });

  test("when the similar cars cannot be loaded, the block offers a search and the page stays", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without script nothing is loaded");
    await page.route(/\/similar(\.data)?(\?|$)/, (route) => route.fulfill({ status: 404, body: "Not found" }));
    await open(page, SUMMIT, car);
    const block = page.locator("#similar-vehicles");
    await block.scrollIntoViewIfNeeded();
    await expect(block.getByText("We couldn't load similar cars just now.")).toBeVisible();
    await expect(block.getByRole("link", { name: `Search our ${car.make}` })).toBeVisible();
    await expect(block).toHaveAttribute("aria-busy", "false");
    // The car's page is still there around it.
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${car.year} ${car.make} ${car.model}`);
  });

  test("without JavaScript the block links to the results page of the same make and price window", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "with script the cars load in the block (test above)");
    await open(page, SUMMIT, car);
    const block = page.locator("#similar-vehicles");
    // No skeleton waits for a script that will not run, and the block is not busy.
    await expect(page.getByTestId("similar-skeleton").first()).toBeHidden();
    await expect(block).toHaveAttribute("aria-busy", "false");
    const link = block.getByRole("link", { name: `See similar ${car.make} for sale` });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/search/);
    const price = sellingPrice(car);
    const spread = price < 50_000 ? 10_000 : 25_000;
    const hrefs = await page
      .locator("main article")
      .getByRole("heading")
      .getByRole("link")
      .evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(1);
    const bySlug = new Map(demoStock(SUMMIT).map((v) => [carPath(v), v]));
    for (const href of hrefs) {
      const shown = bySlug.get(href!.split("?")[0]!);
      expect(shown?.make, href!).toBe(car.make);
      // The window is around this car's selling price; the search filters on each car's listed price.
      expect(Math.abs(shown!.price - price), href!).toBeLessThanOrEqual(spread);
    }
  });

  test("after moving from car to car in the app, six skeletons wait until the block is near the view", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "in-app navigation needs script");
    await open(page, SUMMIT, car);
    await page.locator("#similar-vehicles").scrollIntoViewIfNeeded();
    const next = page.locator("#similar-vehicles").getByRole("heading", { level: 3 }).getByRole("link").first();
    const target = (await next.getAttribute("href"))!;
    let asked = false;
    page.on("request", (r) => {
      // The block asks the similar cars' route itself (`/cars/{slug}/similar`), once it is near the view.
      if (/\/similar(\.data)?$/.test(new URL(r.url()).pathname)) asked = true;
    });
    // The price comparison is the browser's to fetch after an in-app navigation.
    const gauge = page.waitForRequest((r) => r.url().endsWith(`${target}/autogauge`));
    await next.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await gauge;
    await expect(page.getByTestId("similar-skeleton")).toHaveCount(6);
    expect(asked).toBe(false);
    await page.locator("#similar-vehicles").scrollIntoViewIfNeeded();
    await expect(page.locator("#similar-vehicles").getByRole("heading", { level: 3 }).first()).toBeVisible();
    expect(asked).toBe(true);
    await expect(page.getByTestId("similar-skeleton")).toHaveCount(0);
  });
});

test.describe("a sold car", () => {
  const sold = findCar(SUMMIT, "sold car", (v) => v.status === "sold");

  test("still opens, with the SOLD panel and a 'Find Me Something Similar' enquiry that goes to /success", async ({ page }) => {
    const response = await open(page, SUMMIT, sold);
    expect(response?.status()).toBe(200);
    const panel = page.locator("#similar");
    await expect(panel.getByRole("heading", { name: "SOLD" })).toBeVisible();
    await expect(panel).toContainText("Unfortunately this car recently sold. But don't worry, we can help you find a similar car!");
    await expect(page.getByRole("complementary", { name: "About this car" }).getByRole("link", { name: "Enquire Now" })).toHaveCount(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld.offers.availability).toBe("https://schema.org/SoldOut");
    await panel.getByLabel("First Name").fill("Jo");
    await panel.getByLabel("Email Address").fill("jo@example.com");
    await panel.getByLabel("Mobile Number").fill("0411 222 333");
    await panel.getByRole("button", { name: "Find Me Something Similar" }).click();
    await expect(page).toHaveURL(/\/success/);
    await expect(page.getByRole("heading", { name: /Thank you/ })).toBeVisible();
  });
});

test.describe("not found", () => {
  test("a slug that does not exist is a 404 page", async ({ page }) => {
    const response = await page.goto(siteUrl(SUMMIT, "/cars/2019-no-such-car-x1"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("another dealer's car is a 404 on this site", async ({ page }) => {
    const theirs = findCar(WESTSIDE, "westside car", inStock);
    expect((await page.goto(siteUrl(WESTSIDE, carPath(theirs))))?.status()).toBe(200);
    const response = await page.goto(siteUrl(SUMMIT, carPath(theirs)));
    expect(response?.status()).toBe(404);
    expect((await siteGet(page.request, SUMMIT, `${carPath(theirs)}.pdf`)).status()).toBe(404);
    expect((await siteGet(page.request, SUMMIT, `${carPath(theirs)}/view.json`)).status()).toBe(404);
  });
});

test.describe("price comparison", () => {
  test("shows the gauge when the market-price port has a confident comparison", async ({ page }) => {
    const candidates = demoStock(SUMMIT)
      .filter((v) => inStock(v) && v.car_type === "used" && v.price > 10)
      .slice(0, 60);
    let shown: Vehicle | null = null;
    let answer: Record<string, number | string> = {};
    for (const v of candidates) {
      const a = await (await siteGet(page.request, SUMMIT, `${carPath(v)}/autogauge`)).json();
      if (typeof a.fill === "number" && a.confidence > 0.2 && a.market_range_max >= a.listing_price) {
        shown = v;
        answer = a;
        break;
      }
    }
    expect(shown, "a used car with a confident comparison").not.toBeNull();
    await open(page, SUMMIT, shown!);
    const block = page.locator("#price-comparison");
    await expect(block.getByRole("heading", { name: "Price Comparison" })).toBeVisible();
    await expect(block).toContainText((answer.fill as number) < 0.65 ? "Good Deal" : "Great Deal");
    await expect(block).toContainText(String(answer.description));
  });
});
