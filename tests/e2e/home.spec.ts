import { expect, test, type Page } from "@playwright/test";
import { siteUrl } from "./site";

const hasJs = (projectName: string) => projectName !== "no-js";

/** With JavaScript the panel computes live; wait until it does before typing. */
async function budgetPanel(page: Page, projectName: string) {
  const budget = page.getByRole("region", { name: "Find cars for your budget" });
  if (hasJs(projectName)) await expect(budget.locator("form[data-interactive]")).toHaveCount(1);
  return budget;
}

async function shownPrices(page: Page): Promise<number[]> {
  const texts = await page
    .locator("main article p")
    .filter({ hasText: /^\$[\d,]+/ })
    .allInnerTexts();
  return texts.map((t) => Number(/^\$([\d,]+)/.exec(t)?.[1].replace(/,/g, "") ?? NaN)).filter(Number.isFinite);
}

test.describe("home page", () => {
  test("shows six featured in-stock cars, each with its own photo", async ({ page }) => {
    await page.goto(siteUrl("summit-auto-group"));
    const featured = page.getByRole("region", { name: "Featured vehicles" });
    await expect(featured.locator("article")).toHaveCount(6);
    await expect(featured.getByText("JUST SOLD")).toHaveCount(0);
    for (const src of await featured.locator("article img[width]").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")))) {
      expect(src).not.toContain("placeholder");
    }
    await expect(featured.getByRole("link", { name: "View all stock" })).toHaveAttribute("href", "/search");
  });

  test("keeps the hero search box", async ({ page }) => {
    await page.goto(siteUrl("coastal-gwm"));
    await expect(page.getByRole("searchbox", { name: "Search stock" })).toBeVisible();
  });

  test("budget search: the default estimate goes to results up to that price", async ({ page }) => {
    await page.goto(siteUrl("summit-auto-group"));
    const budget = page.getByRole("region", { name: "Find cars for your budget" });
    await expect(budget.getByText("Select your preferred car types")).toBeVisible();
    // weekly 200 x 52 x 5 + 2000 deposit
    await expect(budget.getByText("$54,000")).toBeVisible();
    const link = budget.getByRole("link", { name: "View Cars In This Range" });
    await expect(link).toHaveAttribute("href", "/search?range%5Bprice%5D=:54000");
    await link.click();
    await expect(page).toHaveURL(/\/search\?range%5Bprice%5D=:54000/);
    await expect(page.getByRole("link", { name: /Remove filter Range: Price: up to \$54,000/ })).toBeVisible();
    for (const price of await shownPrices(page)) expect(price).toBeLessThanOrEqual(54000);
  });

  test("budget search: a budget below the cheapest car reads '0 Cars Found' and cannot be used", async ({ page }, testInfo) => {
    await page.goto(siteUrl("summit-auto-group"));
    const budget = await budgetPanel(page, testInfo.project.name);
    await budget.getByRole("textbox", { name: "Weekly repayment" }).fill("abc");
    await budget.getByRole("textbox", { name: "Deposit" }).fill("500");
    if (!hasJs(testInfo.project.name)) await budget.getByRole("button", { name: "Work out my budget" }).click();
    const none = page.getByRole("region", { name: "Find cars for your budget" }).getByRole("button", { name: "0 Cars Found" });
    await expect(none).toBeDisabled();
    await expect(page.getByText("No Cars found for this budget")).toBeVisible();
  });

  test("budget search: a car type and a monthly repayment", async ({ page }, testInfo) => {
    await page.goto(siteUrl("summit-auto-group"));
    const budget = await budgetPanel(page, testInfo.project.name);
    await budget.locator("label").filter({ hasText: /^SUV$/ }).click();
    await budget.getByLabel("Monthly").check();
    if (hasJs(testInfo.project.name)) {
      // the repayment follows the period's default: 600 a month
      await expect(budget.getByRole("textbox", { name: "Monthly repayment" })).toHaveValue("600");
    } else {
      await budget.getByRole("textbox", { name: "Weekly repayment" }).fill("600");
      await budget.getByRole("button", { name: "Work out my budget" }).click();
    }
    // 600 x 12 x 5 + 2000
    await expect(page.getByRole("region", { name: "Find cars for your budget" }).getByText("$38,000")).toBeVisible();
    const link = page.getByRole("region", { name: "Find cars for your budget" }).getByRole("link", { name: "View SUVs In This Range" });
    await expect(link).toHaveAttribute("href", "/search?body=suv&range%5Bprice%5D=:38000");
    await link.click();
    await expect(page.getByRole("link", { name: /Remove filter Body Type: SUV/ })).toBeVisible();
    for (const price of await shownPrices(page)) expect(price).toBeLessThanOrEqual(38000);
  });

  test("budget search on the /used-car dealer goes to its own results path", async ({ page }) => {
    await page.goto(siteUrl("westside-used"));
    const link = page.getByRole("region", { name: "Find cars for your budget" }).getByRole("link", { name: "View Cars In This Range" });
    await expect(link).toHaveAttribute("href", /^\/used-car\?range%5Bprice%5D=:\d+$/);
  });
});
