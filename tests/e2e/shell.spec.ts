import { expect, test } from "@playwright/test";
import { PORT, siteUrl } from "./site";

const sites = [
  // Coastal's red on its black header is a brighter red than its brand, so the logo reads (4.5:1).
  { slug: "coastal-gwm", name: "Coastal GWM Haval", logo: "COASTAL GWM HAVAL", logoColour: "rgb(240, 60, 70)" },
  { slug: "summit-auto-group", name: "Summit Auto Group", logo: "SUMMIT AUTO GROUP", logoColour: "rgb(11, 61, 145)" },
  {
    slug: "westside-used",
    name: "Westside Used Cars",
    logo: "westside used",
    logoColour: "rgb(255, 255, 255)" /* white logo on its teal header */,
  },
];

for (const site of sites) {
  test(`${site.slug} answers on its own host with its own name and look`, async ({ page }) => {
    const response = await page.goto(siteUrl(site.slug));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(site.name));
    await expect(page.getByRole("link", { name: `${site.name} home` })).toHaveText(site.logo);
    // The logo is in the dealer's logo colour (its brand colour unless the header is brand-coloured),
    // and never the same colour as the header behind it.
    const logo = page.getByRole("link", { name: `${site.name} home` });
    const logoColour = await logo.evaluate((el) => getComputedStyle(el).color);
    const headerBackground = await page
      .locator("header")
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(logoColour).toBe(site.logoColour);
    expect(logoColour).not.toBe(headerBackground);
    await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()}`);
  });
}

test("the bare loopback host serves the default dealer", async ({ page }) => {
  await page.goto(`http://localhost:${PORT}/`);
  await expect(page).toHaveTitle(/Summit Auto Group/);
});

test("an unknown host gets a 404 page", async ({ page }) => {
  const response = await page.goto(siteUrl("no-such-dealer"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No dealer site here" })).toBeVisible();
});

test("an unknown path is a 404 inside the dealer's layout, with no error details", async ({ page }) => {
  const response = await page.goto(siteUrl("summit-auto-group", "/this/does/not/exist"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.locator("header")).toContainText("SUMMIT AUTO GROUP");
  await expect(page.locator("body")).not.toContainText("Error:");
});

test("header menu comes from the tenant config and its dropdowns open", async ({ page }) => {
  await page.goto(siteUrl("summit-auto-group"));
  await page.setViewportSize({ width: 1280, height: 800 });
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const label of ["Home", "Vehicles", "Stock", "Offers", "Service", "Finance Enquiry", "Company"]) {
    await expect(nav.getByText(label, { exact: true })).toBeVisible();
  }
  await nav.getByText("Company", { exact: true }).click();
  await expect(nav.getByRole("link", { name: "Careers" })).toBeVisible();
  await expect(page.locator("footer")).toContainText("MD 20011");
  await expect(page.locator("footer").getByRole("link", { name: "Unsubscribe" })).toHaveAttribute("href", "/pages/unsubscribe");
});

test("the mobile menu opens from the Menu button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(siteUrl("westside-used"));
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  await page.getByText("Menu", { exact: true }).click();
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link", { name: "Sell My Car" })).toBeVisible();
});

test("the home search box sends the shopper to the tenant's search path", async ({ page }) => {
  await page.goto(siteUrl("westside-used"));
  await page.getByRole("searchbox", { name: "Search stock" }).fill("corolla");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/used-car\?query=corolla/);
});

test("pages run under their Content-Security-Policy without a single blocked script, style or frame", async ({ page }) => {
  test.skip(test.info().project.name === "no-js", "policy violations are reported by scripts");
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame)/i.test(message.text())) violations.push(message.text());
  });
  const summit = (path: string) => siteUrl("summit-auto-group", path);
  // A page the page cache keeps: its scripts allowed by their hashes, what they load by 'strict-dynamic'.
  const response = await page.goto(summit("/search"));
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src ('sha256-[A-Za-z0-9+/=]+' )+'strict-dynamic'/);
  await page.waitForLoadState("networkidle");
  const carLink = page.locator('a[href^="/cars/"]').first();
  await carLink.click();
  await page.waitForURL(/\/cars\//);
  await page.waitForLoadState("networkidle");
  await page.goto(summit("/"));
  await page.waitForLoadState("networkidle");
  // A page rendered for this answer alone (it reads the Referer): its scripts carry this answer's nonce.
  const contact = await page.goto(summit("/contact"));
  expect(contact?.headers()["content-security-policy"]).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("a link moves to the next page in the browser, without reloading it; new-tab clicks and no-JavaScript visits are plain links", async ({
  page,
  context,
}) => {
  const hasJs = test.info().project.name !== "no-js";
  await page.goto(siteUrl("summit-auto-group", "/search"));
  if (hasJs) {
    await page.waitForLoadState("networkidle");
    // A note left on this page's window survives only if the next page is rendered here, not loaded.
    await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
  }
  const carLink = page.locator('main a[href^="/cars/"]').first();
  const carPath = (await carLink.getAttribute("href"))!;

  if (hasJs) {
    // Ctrl-click is the shopper asking for a new tab: the browser's, not the router's.
    const [tab] = await Promise.all([context.waitForEvent("page"), carLink.click({ modifiers: ["ControlOrMeta"] })]);
    // The new tab opens blank and then loads the car: its first load event can be the blank page's.
    await expect(tab).toHaveURL(new RegExp(`${carPath}$`));
    await tab.close();
    await expect(page).toHaveURL(/\/search$/);
  }

  await carLink.click();
  await expect(page).toHaveURL(new RegExp(`${carPath}$`));
  await expect(page.locator("h1")).toBeVisible();
  if (hasJs) expect(await page.evaluate(() => (window as { stillThisDocument?: boolean }).stillThisDocument)).toBe(true);

  // A footer link, then back to the results.
  await page.locator("footer a[href='/search']").first().click();
  await expect(page).toHaveURL(/\/search$/);
  if (hasJs) expect(await page.evaluate(() => (window as { stillThisDocument?: boolean }).stillThisDocument)).toBe(true);
});
