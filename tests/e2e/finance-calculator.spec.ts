/**
 * The vehicle page's finance calculator and finance disclaimer (spec 001 sections 4, 5 and 9), with
 * JavaScript on and off: each demo dealer's bounds as its tenant.json calculator block says (coastal:
 * year increments; summit: the group-site calculator; westside: from the car's price, a fixed rate and
 * an establishment fee), the plain GET form's answer, the live answer, 'Enquire for Finance', the
 * group-site price message and Show More / Show Less. Cars come from the deterministic demo stock.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { canFinance } from "~/domain/eligibility";
import { shownLender } from "~/domain/finance/lenderDisplay";
import { sellingPrice } from "~/domain/priceDisplay";
import type { Vehicle } from "~/domain/vehicle";
import { dealerFlags } from "../../server/tenants/publicSite";
import { lenderDisplayConfig } from "../../server/vehicles/pageData";
import { siteUrl } from "./site";
import { findCar, inStock, tenantConfig } from "./vehicleStock";

const COASTAL = "coastal-gwm";
const SUMMIT = "summit-auto-group";
const WESTSIDE = "westside-used";
const now = new Date();

/** The car's lender whose figures the page shows, if any (the lender display rules). */
const lenderOf = (tenant: string, v: Vehicle) =>
  shownLender(v, sellingPrice(v), lenderDisplayConfig(tenantConfig(tenant)), now)?.name ?? null;
const financeable = (tenant: string) => (v: Vehicle) => inStock(v) && canFinance(v, dealerFlags(tenantConfig(tenant)));
/** A car offered finance whose calculator has the dealer's own bounds (no lender's laid over them). */
const plainCar = (tenant: string, more: (v: Vehicle) => boolean = () => true) =>
  findCar(tenant, "financeable car without lender figures", (v) => financeable(tenant)(v) && lenderOf(tenant, v) === null && more(v));

const js = () => test.info().project.use.javaScriptEnabled !== false;

async function open(page: Page, tenant: string, v: Pick<Vehicle, "slug">, query = "") {
  const response = await page.goto(siteUrl(tenant, `/cars/${v.slug}${query}`));
  expect(response?.status()).toBe(200);
  if (js()) {
    await expect(page.locator("#vehicle-top")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    await expect(page.locator("#finance-calculator form")).toHaveAttribute("data-interactive", "", { timeout: 15_000 });
  }
  return page.locator("#finance-calculator");
}

async function expectSlider(slider: Locator, bounds: { min: string; max: string; step: string; value: string; text?: string }) {
  await expect(slider).toHaveAttribute("type", "range");
  await expect(slider).toHaveAttribute("min", bounds.min);
  await expect(slider).toHaveAttribute("max", bounds.max);
  await expect(slider).toHaveAttribute("step", bounds.step);
  await expect(slider).toHaveValue(bounds.value);
  if (bounds.text) await expect(slider).toHaveAttribute("aria-valuetext", bounds.text);
}

/** Sends the figures: live with script (nothing to press), the GET form without it. */
async function send(page: Page, calc: Locator) {
  if (js()) {
    await expect(calc.getByRole("button", { name: "Calculate" })).toHaveCount(0);
    return;
  }
  await calc.getByRole("button", { name: "Calculate" }).click();
  await expect(page).toHaveURL(/[?&]frequency=/);
}

test.describe("each dealer's calculator, as its tenant.json says", () => {
  test("coastal-gwm: loan amount 1,000-100,000 step 500 from 30,000, its year increments from 5 years, interest 0.99-14.99 through its 8.99%", async ({
    page,
  }) => {
    // The 30,000 start on a car that costs at least that (the loan never starts above the car's price).
    const car = plainCar(COASTAL, (v) => sellingPrice(v) >= 30000);
    expect(tenantConfig(COASTAL).finance.calculator).toMatchObject({ customYearIncrements: [1, 2, 3, 4, 5, 7], interestDefault: 8.99 });
    const calc = await open(page, COASTAL, car);
    await expectSlider(calc.getByLabel("Loan Amount"), { min: "1000", max: "100000", step: "500", value: "30000", text: "$30,000" });
    // The term moves through 1, 2, 3, 4, 5 and 7 years.
    await expectSlider(calc.getByLabel("Loan Term"), { min: "0", max: "5", step: "1", value: "4", text: "5 years" });
    // The half-percent grid passes through the dealer's 8.99%, which the slider shows and the answer uses.
    await expectSlider(calc.getByLabel("Interest Rate"), { min: "0.99", max: "14.99", step: "0.5", value: "8.99", text: "8.99% p.a." });
    await expect(calc.getByLabel("Interest Rate")).toBeEnabled();
    await expectSlider(calc.getByLabel("Deposit / Trade-In"), { min: "0", max: "100000", step: "500", value: "0" });
    await expectSlider(calc.getByLabel("Residual"), { min: "0", max: "100000", step: "500", value: "0" });
    await expect(calc.getByRole("radio", { name: "Weekly" })).toBeChecked();
    // $30,000 over 5 years at 8.99% is $143.35 a week: $144, 260 repayments.
    await expect(calc.getByTestId("finance-payment")).toContainText("$144");
    await expect(calc.getByTestId("finance-total")).toHaveText("$37,440");
    await expect(calc.getByTestId("finance-answer")).toContainText("at 8.99% p.a.");
    await expect(calc.getByRole("link", { name: "Get Finance" })).toHaveAttribute("href", /car_id=|personalised\/finance/);
  });

  test("summit-auto-group (group site): typed Purchase Price from 30,000, term 1-7 step 0.5 from 5, its brands' fees and rate bounds", async ({
    page,
  }) => {
    expect(tenantConfig(SUMMIT).finance.calculator.groupStyle).toBe(true);
    const hyundai = plainCar(SUMMIT, (v) => v.make === "Hyundai");
    const calc = await open(page, SUMMIT, hyundai);
    const price = calc.getByLabel("Purchase Price");
    await expect(price).toHaveAttribute("type", "text");
    await expect(price).toHaveAttribute("inputmode", "numeric");
    await expect(price).toHaveValue("30000");
    await expect(calc.getByLabel("Deposit / Trade-In")).toHaveValue("0");
    await expect(calc.getByLabel("Residual")).toHaveValue("0");
    await expectSlider(calc.getByLabel("Loan Term"), { min: "1", max: "7", step: "0.5", value: "5", text: "5 years" });
    await expectSlider(calc.getByLabel("Interest Rate"), { min: "0.5", max: "15", step: "0.5", value: "9.5" });
    const fees = calc.getByTestId("finance-fees");
    await expect(fees).toContainText("Establishment fee$395");
    await expect(fees).toContainText("Security registration fee$6");
    await expect(fees).toContainText("Monthly admin fee$8 a month");
    await expect(fees).toContainText("Agency fee$912.25");
    // $30,000 over 5 years at 9.5% is $145.22 a week: $146 x 260, plus $1,313.25 once and $8 for 60 months.
    await expect(calc.getByTestId("finance-payment")).toContainText("$146");
    await expect(calc.getByTestId("finance-total")).toHaveText("$39,753");

    const toyota = plainCar(SUMMIT, (v) => v.make === "Toyota");
    const toyotaCalc = await open(page, SUMMIT, toyota);
    await expectSlider(toyotaCalc.getByLabel("Interest Rate"), { min: "4", max: "20", step: "0.5", value: "9.5" });
    await expect(toyotaCalc.getByTestId("finance-fees")).toHaveCount(0);
  });

  test("summit-auto-group: a car with Pepper Money's figures takes that lender's bounds, fee and comparison-rate range", async ({
    page,
  }) => {
    const car = findCar(
      SUMMIT,
      "car showing Pepper Money's figures",
      (v) => financeable(SUMMIT)(v) && lenderOf(SUMMIT, v) === "Pepper Money",
    );
    const calc = await open(page, SUMMIT, car);
    await expectSlider(calc.getByLabel("Interest Rate"), { min: "7.5", max: "14.5", step: "0.5", value: "9.5" });
    await expect(calc.getByTestId("finance-comparison-range")).toHaveText("Comparison rate 8.38% - 19.42% p.a.");
    await expect(calc.getByTestId("finance-answer")).toContainText("including a $1,361 establishment fee");
  });

  test("westside-used: from the car's price, amount 5,000 upward, term up to 5 years, a fixed 11.5% and a $1,300 establishment fee", async ({
    page,
  }) => {
    const car = plainCar(WESTSIDE, (v) => sellingPrice(v) > 10000 && sellingPrice(v) < 95000);
    const price = sellingPrice(car);
    // The car's price snapped down onto the slider: never above it ($27,990 starts at $27,500).
    const start = String(5000 + Math.floor((price - 5000) / 500) * 500);
    expect(Number(start)).toBeLessThanOrEqual(price);
    const calc = await open(page, WESTSIDE, car, "?interest=3");
    await expectSlider(calc.getByLabel("Loan Amount"), { min: "5000", max: "100000", step: "500", value: start });
    await expectSlider(calc.getByLabel("Loan Term"), { min: "1", max: "5", step: "0.5", value: "5" });
    const interest = calc.getByLabel("Interest Rate");
    await expect(interest).toBeDisabled();
    // The dealer's rate stands whatever the address asks for.
    await expectSlider(interest, { min: "1", max: "14.5", step: "0.5", value: "11.5", text: "11.50% p.a." });
    await expect(calc.getByTestId("finance-answer")).toContainText("including a $1,300 establishment fee");
    await expect(calc.getByTestId("finance-answer")).toContainText("at 11.50% p.a.");
  });
});

test.describe("working out repayments", () => {
  const car = plainCar(COASTAL);

  test("answers the shopper's figures: $45,000 over 3 years at 8.99%, monthly, is $1,431 ($51,516 in all)", async ({ page }) => {
    const calc = await open(page, COASTAL, car);
    await calc.getByLabel("Loan Amount").fill("45000");
    await calc.getByLabel("Loan Term").fill("2");
    await calc.getByLabel("Interest Rate").fill("8.99");
    await calc.getByRole("radio", { name: "Monthly" }).check();
    await send(page, calc);
    const answer = page.locator("#finance-calculator");
    await expect(answer.getByTestId("finance-payment")).toContainText("$1,431");
    await expect(answer.getByTestId("finance-total")).toHaveText("$51,516");
    await expect(answer.getByTestId("finance-answer")).toContainText("Monthly Repayments");
    await expect(answer.getByTestId("finance-answer")).toContainText("36 monthly repayments");
    // The figures stay in the sliders.
    await expect(answer.getByLabel("Loan Amount")).toHaveValue("45000");
    await expect(answer.getByLabel("Loan Term")).toHaveAttribute("aria-valuetext", "3 years");
    await expect(answer.getByRole("radio", { name: "Monthly" })).toBeChecked();
    await expect(answer.getByTestId("finance-answer")).toContainText("at 8.99% p.a.");
    if (!js()) await expect(page).toHaveURL(/amount=45000.*termIndex=2.*interest=8\.99.*frequency=monthly/);
  });

  test("the page answers figures in its address, kept within the sliders' bounds", async ({ page }) => {
    const calc = await open(page, COASTAL, car, "?amount=999999&termIndex=4&interest=99&tradeIn=-5&residual=abc&frequency=fortnightly");
    await expect(calc.getByLabel("Loan Amount")).toHaveValue("100000");
    await expect(calc.getByLabel("Interest Rate")).toHaveValue("14.99");
    await expect(calc.getByLabel("Deposit / Trade-In")).toHaveValue("0");
    // $100,000 over 5 years at 14.99% (the top of the grid through the dealer's 8.99%) is $1,095.29 a fortnight: $1,096 x 130.
    await expect(calc.getByTestId("finance-payment")).toContainText("$1,096");
    await expect(calc.getByTestId("finance-total")).toHaveText("$142,480");
  });

  test("asks the shopper to enquire, with no totals, when the repayment is 25 or less", async ({ page }) => {
    const calc = await open(page, COASTAL, car, "?amount=2000&termIndex=5&interest=10");
    await expect(calc.getByTestId("finance-payment")).toHaveText("Enquire for Finance");
    await expect(calc.getByTestId("finance-total")).toHaveText("");
    if (js()) {
      await calc.getByLabel("Loan Amount").fill("30000");
      await expect(calc.getByTestId("finance-payment")).not.toContainText("Enquire for Finance");
      await expect(calc.getByTestId("finance-total")).not.toHaveText("");
    }
  });

  test("the group-site Purchase Price keeps digits only and says when it is beyond its bounds", async ({ page }) => {
    const hyundai = plainCar(SUMMIT, (v) => v.make === "Hyundai");
    const calc = await open(page, SUMMIT, hyundai);
    const message = "Cannot be less than $1,000 or more than $250,000";
    await calc.getByLabel("Purchase Price").fill("$300,000abc");
    await calc.getByLabel("Deposit / Trade-In").fill("20000");
    await calc.getByLabel("Loan Term").fill("4");
    await calc.getByLabel("Interest Rate").fill("7");
    await calc.getByRole("radio", { name: "Monthly" }).check();
    await send(page, calc);
    const answer = page.locator("#finance-calculator");
    await expect(answer.getByLabel("Purchase Price")).toHaveValue("300000");
    await expect(answer.getByLabel("Purchase Price")).toHaveAttribute("aria-invalid", "true");
    await expect(answer.getByText(message)).toBeVisible();
    // Worked out on the price within its bounds: $250,000 - $20,000 over 4 years at 7% is $5,507.64 a month.
    await expect(answer.getByTestId("finance-payment")).toContainText("$5,508");

    await answer.getByLabel("Purchase Price").fill("40000");
    await answer.getByLabel("Deposit / Trade-In").fill("5000");
    await answer.getByLabel("Residual").fill("10000");
    await answer.getByLabel("Interest Rate").fill("8");
    await send(page, answer);
    const again = page.locator("#finance-calculator");
    await expect(again.getByText(message)).toHaveCount(0);
    await expect(again.getByLabel("Purchase Price")).not.toHaveAttribute("aria-invalid", "true");
    // $35,000 with $10,000 residual over 4 years at 8% is $676.99 a month: $677 x 48 + $1,313.25 + $8 x 48.
    await expect(again.getByTestId("finance-payment")).toContainText("$677");
    await expect(again.getByTestId("finance-total")).toHaveText("$34,193");
    await expect(again.getByLabel("Purchase Price")).toHaveValue("40000");
  });

  test("the first use of the finance calculator is analytics event 26, sent once", async ({ page }) => {
    test.skip(!js(), "analytics events are sent by script");
    await page.addInitScript(() => Object.defineProperty(navigator, "sendBeacon", { value: () => false }));
    const events: { event_id?: number; payload?: { calculator?: string } }[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/events")) events.push(JSON.parse(r.postData() ?? "{}"));
    });
    const calc = await open(page, COASTAL, car);
    await calc.getByLabel("Loan Amount").fill("40000");
    await calc.getByLabel("Interest Rate").fill("7");
    await calc.getByRole("radio", { name: "Fortnightly" }).check();
    await expect.poll(() => events.filter((e) => e.event_id === 26).length).toBe(1);
    expect(events.find((e) => e.event_id === 26)?.payload?.calculator).toBe("finance");
    await calc.getByLabel("Residual").fill("5000");
    await page.waitForTimeout(300);
    expect(events.filter((e) => e.event_id === 26)).toHaveLength(1);
  });
});

test.describe("the finance disclaimer", () => {
  test("shows the dealer's text cut to 197 characters, with Show More and Show Less", async ({ page }) => {
    const car = plainCar(COASTAL);
    const full = tenantConfig(COASTAL).finance.calculator.disclaimer;
    expect(full.length).toBeGreaterThan(197);
    await open(page, COASTAL, car);
    const disclaimer = page.locator("#financeDisclaimer");
    await expect(disclaimer).toContainText(`*${full.slice(0, 197).trimEnd()}...`);
    await expect(disclaimer).not.toContainText(full.slice(197));
    await disclaimer.getByRole("link", { name: "Show More" }).click();
    await expect(page.locator("#financeDisclaimer")).toContainText(`*${full}`);
    if (!js()) await expect(page).toHaveURL(/disclaimer=full#financeDisclaimer$/);
    await page.locator("#financeDisclaimer").getByRole("link", { name: "Show Less" }).click();
    await expect(page.locator("#financeDisclaimer")).toContainText(`${full.slice(0, 197).trimEnd()}...`);
    await expect(page.locator("#financeDisclaimer").getByRole("link", { name: "Show More" })).toBeVisible();
  });

  test("is the lender's own text when the page shows that lender's figures", async ({ page }) => {
    const car = findCar(WESTSIDE, "car showing a lender's figures", (v) => financeable(WESTSIDE)(v) && lenderOf(WESTSIDE, v) !== null);
    const lender = lenderOf(WESTSIDE, car) as string;
    const own = car.finance_lenders?.[lender]?.disclaimer ?? "";
    expect(own).not.toBe("");
    await open(page, WESTSIDE, car);
    await expect(page.locator("#financeDisclaimer")).toHaveText(`*${own}`);
  });
});
