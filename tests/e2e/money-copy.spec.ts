/**
 * What a shopper reads about money, with JavaScript on and off: a subscription car's sale price beside
 * its weekly price (and the market-price note naming the price it compares), the budget boxes showing
 * the clamped figure they compute with, the finance quote's quick picks within its price bounds, the
 * trade-in's kilometre field with ' kms', and 'We pay you' when the trade-in is worth more than the car.
 * Cars come from the deterministic demo stock.
 */
import { expect, test, type Page } from "@playwright/test";
import { dealerFlags } from "../../server/tenants/publicSite";
import { formatMoney } from "~/domain/money";
import { priceDisplay, salePriceText, sellingPrice } from "~/domain/priceDisplay";
import { marketIndicator } from "~/domain/marketIndicator";
import type { Vehicle } from "~/domain/vehicle";
import { siteUrl } from "./site";
import { demoStock, findCar, inStock, tenantConfig } from "./vehicleStock";

const SUMMIT = "summit-auto-group";
const WESTSIDE = "westside-used";
const js = () => test.info().project.use.javaScriptEnabled !== false;
const year = new Date().getFullYear();

test.describe("a subscription car on the used dealer", () => {
  const flags = dealerFlags(tenantConfig(WESTSIDE));
  const subscribed = (v: Vehicle) => inStock(v) && v.subscription_price > 0 && sellingPrice(v) > 10;

  test("shows its sale price beside '$… / week Subscription', and the market note names that price", async ({ page }) => {
    expect(flags.subscriptions).toBe(true);
    const noted = demoStock(WESTSIDE).find((v) => subscribed(v) && marketIndicator(sellingPrice(v), v.autograb_data, v.state) !== null);
    const car = noted ?? findCar(WESTSIDE, "in-stock subscription car", subscribed);
    const shown = priceDisplay(car, flags);
    expect(shown.kind).toBe("subscription");
    const response = await page.goto(siteUrl(WESTSIDE, `/cars/${car.slug}`));
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("price")).toContainText(`${formatMoney(car.subscription_price)} / week`);
    await expect(page.getByTestId("price")).toContainText("Subscription");
    await expect(page.getByTestId("sale-price")).toHaveText(salePriceText(shown.salePrice!));
    await expect(page.getByTestId("sale-price")).toContainText(formatMoney(sellingPrice(car)));
    if (noted) {
      await expect(page.getByText(/below the .*market price/)).toContainText(`Sale price ${formatMoney(sellingPrice(car))}:`);
    }
  });
});

test.describe("the budget boxes", () => {
  test("show the clamped figure the estimate uses: a typed $5,000,000 a week is $1,000,000", async ({ page }) => {
    await page.goto(siteUrl(SUMMIT));
    const budget = page.getByRole("region", { name: "Find cars for your budget" });
    if (js()) await expect(budget.locator("form[data-interactive]")).toHaveCount(1);
    const repayment = budget.getByRole("textbox", { name: "Weekly repayment" });
    await repayment.fill("5000000");
    await budget.getByRole("textbox", { name: "Deposit" }).fill("0");
    if (!js()) await budget.getByRole("button", { name: "Work out my budget" }).click();
    const panel = page.getByRole("region", { name: "Find cars for your budget" });
    await expect(panel.getByRole("textbox", { name: "Weekly repayment" })).toHaveValue("1000000");
    // 1,000,000 x 52 x 5 + 0: the estimate is worked from the figure in the box.
    await expect(panel.getByText(formatMoney(1_000_000 * 52 * 5))).toBeVisible();
  });
});

test.describe("the finance quote's quick picks", () => {
  test("offers no $5,000 where the quote starts at $10,000", async ({ page }) => {
    const quote = tenantConfig(SUMMIT).finance.quote;
    expect(quote.priceMin).toBe(10_000);
    expect(quote.quickPicks).toContain(5_000);
    await page.goto(siteUrl(SUMMIT, "/personalised/finance?step=1&price=45000"));
    const picks = page.getByRole("group", { name: "Quick picks" });
    await expect(picks.getByRole("button", { name: "$10,000" })).toBeVisible();
    await expect(picks.getByRole("button", { name: "$5,000" })).toHaveCount(0);
    // A pick sent by hand below the bounds is not a pick: the price stays as it was.
    if (!js()) {
      await page.goto(siteUrl(SUMMIT, "/personalised/finance?step=1&price=45000&pick=5000"));
      await expect(page.getByLabel("Purchase Price")).toHaveValue("$45,000");
    }
  });
});

async function tradeInReady(page: Page) {
  if (js()) await expect(page.locator("#trade-in-form form[data-interactive]")).toHaveCount(1, { timeout: 15_000 });
}

test.describe("the trade-in", () => {
  test("its kilometre field carries ' kms'; a trade-in worth more than the car says 'We pay you', never a negative price", async ({
    page,
  }) => {
    const stock = demoStock(SUMMIT);
    // The cheapest car to change over to, and the dearest young, low-kilometre car to trade in.
    const target = [...stock].filter((v) => inStock(v) && v.price > 1000 && v.offer_price === 0).sort((a, b) => a.price - b.price)[0];
    const tradeIn = [...stock]
      .filter((v) => Boolean(v.regplate) && v.year >= year - 3 && v.km < 60_000 && v.make !== "" && v.id !== target.id)
      .sort((a, b) => b.price - a.price)[0];
    expect(target && tradeIn).toBeTruthy();

    await page.goto(siteUrl(SUMMIT, `/cars/trade-in?car_id=${encodeURIComponent(target.id)}`));
    await tradeInReady(page);
    const form = page.locator("#trade-in-form");
    await form.getByLabel("Rego").fill(tradeIn.regplate);
    await form.getByLabel("State").selectOption(tradeIn.state);
    await form.getByRole("button", { name: "Find My Car" }).click();
    await expect(page).toHaveURL(/[?&]valuation=[0-9a-f-]{36}/);
    await expect(page.getByRole("heading", { name: "Its condition and your details" })).toBeVisible();
    await tradeInReady(page);
    // The spec's unit, word for word with its leading space: ' kms'.
    expect(await form.getByTestId("km-suffix").textContent()).toBe(" kms");
    await form.getByLabel("Kilometres").fill(String(Math.max(1000, tradeIn.km)));
    for (const label of [
      "No accident damage",
      "Full service history",
      "2 or more keys",
      "No finance owing",
      "Excellent: like new, no marks",
    ]) {
      await form.getByLabel(label).check();
    }
    await form.getByLabel("First Name").fill("Jess");
    await form.getByLabel("Last Name").fill("Nguyen");
    await form.getByLabel("Email Address").fill(`we-pay-${test.info().project.name}-${Date.now()}@example.com`);
    await form.getByLabel("Mobile Number").fill("0412 345 678");
    await form.getByRole("button", { name: "Get My Offer" }).click();

    const offerText = await page.getByTestId("trade-in-offer").innerText();
    const offer = Number(offerText.replace(/\D/g, ""));
    expect(offer, "the trade-in is worth more than the car").toBeGreaterThan(target.price);
    const sums = page.getByTestId("trade-in-change-over");
    await expect(sums).toContainText(`We pay you${formatMoney(offer - target.price)}`);
    await expect(sums).not.toContainText("Change-over price");
    await expect(page.getByTestId("trade-in-change-over-amount")).not.toContainText("-");
  });
});
