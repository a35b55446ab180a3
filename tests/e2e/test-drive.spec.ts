/**
 * Test-drive times, with JavaScript on (the picker over GET /api/test-drive-slots) and off (the plain
 * select of the next days' times): a shopper books a real free time at Coastal GWM's sales yard, the
 * time leaves the list, and a second shopper who had chosen the same time is told it was just booked
 * with everything they typed kept. Summit's other dealerships' times are one link away without script.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { SlotDay } from "~/domain/testDriveSlots";
import { siteUrl } from "./site";
import { findCar, inStock, siteGet } from "./vehicleStock";

const COASTAL = "coastal-gwm";
const SUMMIT = "summit-auto-group";
const TAKEN = "Sorry, that time has just been booked. Please choose another time.";

const withScript = () => test.info().project.use.javaScriptEnabled !== false;

/** Free times at a location (`from` asks for one day: a fresh address, not one caches may hold for a few seconds). */
async function freeDays(request: APIRequestContext, tenant: string, location: string, from?: string): Promise<SlotDay[]> {
  const query = from ? `date=${from}&days=1` : "days=14";
  const response = await siteGet(request, tenant, `/api/test-drive-slots?location=${location}&${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { days: SlotDay[] }).days.filter((d) => d.slots.length > 0);
}

/** Chooses a time the way the shopper would: the picker's day and time buttons, or the plain select. */
async function chooseTime(page: Page, day: SlotDay, value: string) {
  const slot = day.slots.find((s) => s.value === value)!;
  if (withScript()) {
    const picker = page.getByTestId("slot-picker");
    await expect(picker).toBeVisible({ timeout: 15_000 });
    await picker.getByRole("button", { name: new RegExp(`^${day.label}`) }).click();
    await picker
      .getByRole("group", { name: `Times on ${day.label}` })
      .getByRole("radio", { name: slot.label, exact: true })
      .check();
  } else {
    await page.getByLabel("Test drive time").selectOption(value);
  }
}

async function settle(page: Page) {
  if (!withScript()) return;
  await page.waitForLoadState("networkidle");
  await expect(page.locator('form[id^="lead-"]:not([data-interactive])')).toHaveCount(0, { timeout: 15_000 });
}

async function fillContact(page: Page, name: string, email: string) {
  await page.getByLabel("First Name").fill(name);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Mobile Number").fill("0412 345 678");
}

test("a shopper books a real free time; another who chose the same time is told, with the form kept", async ({
  browser,
  page,
  request,
}) => {
  const car = findCar(COASTAL, "in-stock car", (v) => inStock(v) && v.price > 10);
  const days = await freeDays(request, COASTAL, "southport-sales");
  // Each project books its own day, so the two runs never take each other's time.
  const day = days[withScript() ? 2 : 3];
  const time = day.slots[3].value;
  const address = siteUrl(COASTAL, `/book-test-drive/?car_id=${encodeURIComponent(car.id)}`);

  // The second shopper opens the page and chooses the time first, but sends later.
  const later = await browser.newPage({ javaScriptEnabled: withScript() });
  await later.goto(address);
  await settle(later);
  await chooseTime(later, day, time);
  await fillContact(later, "Sam", "sam@example.com");
  await later.getByLabel("Message").fill("Keep this message");

  await page.goto(address);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a Test Drive");
  await settle(page);
  await chooseTime(page, day, time);
  await fillContact(page, "Alex", "alex@example.com");
  await page.getByRole("button", { name: "Book a Test Drive" }).click();
  await expect(page).toHaveURL(/\/success/);

  // The time is no longer offered.
  const after = await freeDays(request, COASTAL, "southport-sales", day.date);
  expect(after.flatMap((d) => d.slots.map((s) => s.value))).not.toContain(time);
  expect(after.flatMap((d) => d.slots.map((s) => s.value))).toContain(day.slots[4].value);

  await later.getByRole("button", { name: "Book a Test Drive" }).click();
  await expect(later.getByText(TAKEN)).toBeVisible();
  await expect(later).toHaveURL(/\/book-test-drive\//);
  await expect(later.getByLabel("First Name")).toHaveValue("Sam");
  await expect(later.getByLabel("Email Address")).toHaveValue("sam@example.com");
  await expect(later.getByLabel("Message")).toHaveValue("Keep this message");
  await later.close();
});

test("a dealer group offers each dealership's own times", async ({ page, request }) => {
  await page.goto(siteUrl(SUMMIT, "/book-test-drive/"));
  await expect(page.getByLabel("Dealership")).toHaveValue("summit-hyundai-parramatta");
  const penrith = await freeDays(request, SUMMIT, "summit-toyota-penrith");
  expect(penrith.length).toBeGreaterThan(0);
  if (withScript()) {
    // A choice made before the form is live would not reach its times.
    await settle(page);
    await page.getByLabel("Dealership").selectOption("summit-toyota-penrith");
    await expect(page.getByTestId("slot-picker")).toContainText("Test drive time at Summit Toyota Penrith");
    await expect(page.getByTestId("slot-picker").getByRole("radio", { name: penrith[0].slots[0].label, exact: true })).toHaveCount(1);
  } else {
    await page.getByTestId("other-location-times").getByRole("link", { name: "Summit Toyota Penrith" }).click();
    await expect(page).toHaveURL(/location=summit-toyota-penrith/);
    await expect(page.getByLabel("Dealership")).toHaveValue("summit-toyota-penrith");
    await expect(page.getByLabel("Test drive time").locator(`option[value="${penrith[0].slots[0].value}"]`)).toHaveCount(1);
  }
});
