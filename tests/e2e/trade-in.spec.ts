/**
 * The trade-in valuation with JavaScript on and off: a rego found in the dealer's records, its condition
 * and the shopper's details, the offer with the change-over price, then accepted (the '3. Offer Accepted'
 * lead stored with its outbox rows); an unknown rego described by hand (year, make, model, badge and
 * kilometres) and the offer declined; a car over 7 years old gets 'our team will call you'; the FAQ opens
 * without script. With script, every step arrives without a page load.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { Vehicle } from "~/domain/vehicle";
import { e2eDataDir, PORT, siteUrl } from "./site";
import { findCar, inStock } from "./vehicleStock";

const SUMMIT = "summit-auto-group";
const DATA_DIR = e2eDataDir();
const year = new Date().getFullYear();

const withScript = () => test.info().project.use.javaScriptEnabled !== false;

/** A unique e-mail per test and project, so each finds its own leads. */
const emailFor = (name: string) => `${name}-${test.info().project.name}-${Date.now()}@example.com`;

interface StoredLead {
  id: string;
  category: string;
  subcategory: string;
  email: string;
  phone: string;
  car_id: string | null;
  payload: Record<string, unknown>;
  deliveries: { channel: string }[];
}

/** The dealer's leads, as `npm run leads` reads them (loopback and the data folder's token). */
async function leadsOf(request: APIRequestContext, tenant: string): Promise<StoredLead[]> {
  const token = fs.readFileSync(path.join(DATA_DIR, "import-token"), "utf8").trim();
  const response = await request.get(`http://127.0.0.1:${PORT}/api/leads?tenant=${tenant}&limit=300`, {
    headers: { "x-import-token": token },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { leads: StoredLead[] }).leads;
}

/** With script on, wait until the step's form is React's; and mark the page, so a full page load would show. */
async function ready(page: Page) {
  if (!withScript()) return;
  await expect(page.locator("#trade-in-form form[data-interactive]")).toHaveCount(1, { timeout: 15_000 });
  await page.evaluate(() => ((window as unknown as { tradeInMark: number }).tradeInMark = 1));
}

/** With script on, the page is the same document it was (no reload between steps). */
async function sameDocument(page: Page) {
  if (!withScript()) return;
  expect(await page.evaluate(() => (window as unknown as { tradeInMark?: number }).tradeInMark)).toBe(1);
}

const form = (page: Page) => page.locator("#trade-in-form");

async function enterRego(page: Page, rego: string, state: string) {
  await form(page).getByLabel("Rego").fill(rego);
  await form(page).getByLabel("State").selectOption(state);
  await form(page).getByRole("button", { name: "Find My Car" }).click();
  await expect(page).toHaveURL(/[?&]valuation=[0-9a-f-]{36}/);
}

async function answer(page: Page, options: { km: string; email: string; condition?: string }) {
  await expect(page.getByRole("heading", { name: "Its condition and your details" })).toBeVisible();
  await ready(page);
  await form(page).getByLabel("Kilometres").fill(options.km);
  for (const label of [
    "No accident damage",
    "Full service history",
    "2 or more keys",
    "No finance owing",
    options.condition ?? "Good: minor wear for its age",
  ]) {
    await form(page).getByLabel(label).check();
  }
  await form(page).getByLabel("First Name").fill("Jess");
  await form(page).getByLabel("Last Name").fill("Nguyen");
  await form(page).getByLabel("Email Address").fill(options.email);
  await form(page).getByLabel("Mobile Number").fill("0412 345 678");
  await form(page).getByRole("button", { name: "Get My Offer" }).click();
}

const money = (n: number) => `$${n.toLocaleString("en-AU")}`;
const line = (v: Pick<Vehicle, "year" | "make" | "model" | "badge">) => [v.year, v.make, v.model, v.badge].filter(Boolean).join(" ");

test("a rego found in the dealer's records, its condition, the offer and change-over price, accepted: the '3. Offer Accepted' lead is stored", async ({
  page,
  request,
}) => {
  const target = findCar(SUMMIT, "an in-stock car to change over to", (v) => inStock(v) && v.price > 30_000 && v.offer_price === 0);
  const tradeIn = findCar(
    SUMMIT,
    "a registered car under 7 years and 90,000 km",
    (v) => Boolean(v.regplate) && v.year >= year - 5 && v.km < 90_000 && v.make !== "" && v.id !== target.id,
  );
  const email = emailFor("accept");

  await page.goto(siteUrl(SUMMIT, `/cars/trade-in?car_id=${encodeURIComponent(target.id)}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get Your Change Over Price");
  await ready(page);
  // Typed as a shopper might: lower case, with a space.
  await enterRego(page, `${tradeIn.regplate.slice(0, 3).toLowerCase()} ${tradeIn.regplate.slice(3).toLowerCase()}`, tradeIn.state);
  await expect(page.getByTestId("trade-in-vehicle")).toContainText("Found in our records");
  await expect(page.getByTestId("trade-in-vehicle")).toContainText(line(tradeIn));
  await expect(form(page).getByLabel("Kilometres")).toHaveValue(String(tradeIn.km));
  await sameDocument(page);

  await answer(page, { km: String(tradeIn.km + 1000), email });
  const offer = page.getByTestId("trade-in-offer");
  await expect(offer).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
  const price = Number((await offer.innerText()).replace(/\D/g, ""));
  expect(price).toBeGreaterThan(1000);
  await expect(page.getByTestId("trade-in-change-over")).toContainText("Change-over price");
  await expect(page.getByText("Subject to a quick inspection confirming your answers. Valid for 7 days.")).toBeVisible();
  await page.getByText("How we worked out this offer").click();
  await expect(page.getByRole("cell", { name: /^Market value of a / })).toBeVisible();
  await sameDocument(page);

  await page.getByRole("button", { name: "Accept Offer" }).click();
  // The multi-step form ends on /success, which says what was decided and leads back to the valuation.
  await expect(page).toHaveURL(/\/success\?lead=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your Trade-In!");
  await expect(page.getByTestId("success-outcome")).toContainText(`You've accepted our offer of ${money(price)} for your `);
  await sameDocument(page);
  await page.getByRole("link", { name: "See your valuation" }).click();
  await expect(page.getByTestId("trade-in-accepted")).toContainText(`You've accepted our offer of ${money(price)}`);

  const leads = (await leadsOf(request, SUMMIT)).filter((l) => l.email === email);
  const accepted = leads.find((l) => l.subcategory === "3. Offer Accepted");
  expect(accepted, "the accepted lead").toBeTruthy();
  expect(accepted!.category).toBe("Trade-In");
  expect(accepted!.car_id).toBe(target.id);
  expect(accepted!.payload).toMatchObject({
    offer_accepted: true,
    form_completed: true,
    offer_price: price,
    subcategory: "3. Offer Accepted",
  });
  expect(accepted!.deliveries.length, "queued for the dealer's channels").toBeGreaterThan(0);
  expect(leads.map((l) => l.subcategory)).toContain("2. Condition Adjustments");
  // The start lead (the shopper gave no details yet) is the one the accepted lead names.
  const start = (await leadsOf(request, SUMMIT)).find((l) => l.id === accepted!.payload.lead_id);
  expect(start).toMatchObject({ subcategory: "1. Valuation Started", car_id: target.id });
  expect(start!.payload).toMatchObject({ source: "Website", car_id: target.id, rego: tradeIn.regplate, regoState: tradeIn.state });
  expect((start!.payload.lead_attributes as { visited_pages: string[] }).visited_pages).toContain(
    `/cars/trade-in?car_id=${encodeURIComponent(target.id)}`,
  );
});

test("an unknown rego: the car by hand (year, make, model, badge, kilometres), then the offer declined", async ({ page, request }) => {
  const email = emailFor("manual");
  await page.goto(siteUrl(SUMMIT, "/trade-in"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trade-In Valuation");
  await ready(page);
  await enterRego(page, "TEST 01", "VIC");
  await expect(page.getByText("We couldn't find rego TEST01 (VIC) in our records, so tell us about the car yourself.")).toBeVisible();
  await ready(page);

  // Kilometres that are not a number: the page says so and keeps what was typed.
  await form(page)
    .getByLabel("Year")
    .selectOption(String(year - 2));
  await form(page).getByLabel("Make").selectOption("Toyota");
  await form(page).getByLabel("Model").fill("Corolla");
  await form(page).getByLabel("Kilometres").fill("lots");
  await form(page).getByRole("button", { name: "Continue" }).click();
  await expect(form(page).getByText("Please enter the kilometres as a number up to 1,500,000.")).toBeVisible();
  await expect(form(page).getByLabel("Model")).toHaveValue("Corolla");
  await expect(form(page).getByLabel("Make")).toHaveValue("Toyota");

  await form(page).getByLabel("Badge").fill("Ascent Sport");
  await form(page).getByLabel("Kilometres").fill("30,000");
  await form(page).getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("trade-in-vehicle")).toContainText(`${year - 2} Toyota Corolla Ascent Sport`);
  await expect(form(page).getByLabel("Kilometres")).toHaveValue("30000");

  await answer(page, { km: "30000", email, condition: "Fair: visible dents, scratches or worn tyres" });
  await expect(page.getByTestId("trade-in-offer")).toBeVisible();
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page).toHaveURL(/\/success\?lead=/);
  await expect(page.getByTestId("success-outcome")).toContainText(`You've declined our offer of `);
  await expect(page.getByTestId("success-outcome")).toContainText(`for your ${year - 2} Toyota Corolla Ascent Sport.`);
  await sameDocument(page);

  const leads = (await leadsOf(request, SUMMIT)).filter((l) => l.email === email);
  expect(leads.map((l) => l.subcategory).sort()).toEqual(["2. Condition Adjustments", "3. Offer Declined"]);
  expect(leads.find((l) => l.subcategory === "2. Condition Adjustments")!.payload).toMatchObject({
    vehicle: { year: year - 2, make: "Toyota", model: "Corolla", badge: "Ascent Sport", km: 30_000, source: "shopper" },
    adjustmentAnswers: { km: 30_000, condition: "fair", accident: "none" },
  });
});

test("a car over 7 years old gets no online figure: our team will call you", async ({ page, request }) => {
  const old = findCar(SUMMIT, "a registered car over 7 years old", (v) => Boolean(v.regplate) && v.year < year - 7);
  const email = emailFor("old");
  await page.goto(siteUrl(SUMMIT, "/sell-my-car"));
  await ready(page);
  await enterRego(page, old.regplate, old.state);
  await expect(page.getByTestId("trade-in-vehicle")).toContainText(line(old));
  await answer(page, { km: "60000", email });
  await expect(page.getByTestId("trade-in-call")).toContainText("Our team will call you.");
  await expect(page.getByTestId("trade-in-call")).toContainText(
    "We don't give online estimates for cars over 7 years old, so our team will call you to arrange a price.",
  );
  await expect(page.getByTestId("trade-in-offer")).toHaveCount(0);
  const lead = (await leadsOf(request, SUMMIT)).find((l) => l.email === email);
  expect(lead).toMatchObject({
    subcategory: "2. Condition Adjustments",
    payload: expect.objectContaining({ no_online_estimate: "over-age" }),
  });
});

test("the FAQ opens and closes without script; an address naming no valuation starts again", async ({ page }) => {
  const response = await page.goto(siteUrl(SUMMIT, "/trade-in?valuation=not-a-valuation"));
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText("We couldn't find that valuation. Please start again with your car's rego.");
  await expect(form(page).getByLabel("Rego")).toBeVisible();
  const question = page.locator("details", { hasText: "Can I trade in a car that still has finance owing?" });
  await expect(question.getByText("We pay your lender out of the price at settlement", { exact: false })).toBeHidden();
  await question.locator("summary").click();
  await expect(question.getByText("We pay your lender out of the price at settlement", { exact: false })).toBeVisible();
  for (const summary of [
    "What vehicles do you buy?",
    "How is my estimate calculated?",
    "Is the online estimate the exact price I'll get?",
    "Where does the inspection happen?",
  ]) {
    await expect(page.locator("summary", { hasText: summary })).toBeVisible();
  }
});
