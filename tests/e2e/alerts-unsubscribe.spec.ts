/**
 * Unsubscribing from a dealer's alerts by the link in an alert e-mail, with JavaScript on and off
 * (docs/alerts.md): the page names the dealer and the (partly hidden) address and changes nothing until
 * its one button is pressed; pressed, the page says no more alerts will come and the withdrawal is
 * recorded (read back through the server's /api/alerts, as `npm run alerts` reads it). A bad link gets
 * a clear message, not an error page.
 */
import { expect, test } from "@playwright/test";
import { readUnsubscribeToken, unsubscribeKey, unsubscribeToken } from "@server/alerts/unsubscribeToken";
import { loadServerSecret } from "@server/auth/secret";
import { IMPORT_TOKEN_HEADER, readImportToken } from "@server/stock/importToken";
import { ALERTS_TOKEN_BAD } from "~/routes/pages.unsubscribe/unsubscribe.server";
import { e2eDataDir, PORT, siteUrl } from "./site";

const COASTAL = "coastal-gwm";

/** The consent events the server holds for the dealer (contacts masked). */
async function consents(): Promise<{ address: string; given: boolean; source: string; detail: string }[]> {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/alerts?tenant=${COASTAL}&limit=1000`, {
    headers: { [IMPORT_TOKEN_HEADER]: readImportToken(e2eDataDir()) ?? "" },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { listing: { consents: [] } }).listing.consents;
}

test("an alert e-mail's unsubscribe link: one button, nothing changed until it is pressed, then no more alerts", async ({ page }) => {
  const javaScript = test.info().project.use.javaScriptEnabled !== false;
  // One address per project: "jo@" with JavaScript, "nora@" without.
  const email = javaScript ? "jo@example.com" : "nora@example.com";
  const key = unsubscribeKey(loadServerSecret({ dataDir: e2eDataDir() }));
  const token = unsubscribeToken(key, { tenant: COASTAL, channel: "email", address: email, phone: "+61412000555" });
  expect(readUnsubscribeToken(key, token)).not.toBeNull();

  const answer = await page.goto(siteUrl(COASTAL, `/pages/unsubscribe?t=${token}`));
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stop alerts");
  await expect(page.getByText(`You will get no more alerts from Coastal GWM Haval at ${email[0]}`)).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  const before = await consents();
  expect(before.filter((c) => c.address.startsWith(email[0]!) && c.source === "unsubscribe-link")).toEqual([]);

  if (javaScript) await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Unsubscribe from alerts" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alerts stopped");
  await expect(page.locator("#main").getByRole("status")).toContainText("You will get no more alerts from Coastal GWM Haval.");
  await expect(page).toHaveURL(/stopped=1/);
  const after = await consents();
  expect(after.filter((c) => c.address.startsWith(`${email[0]}***@`) && c.source === "unsubscribe-link")).toMatchObject([
    { given: false, detail: "unsubscribe page" },
  ]);
});

test("a bad unsubscribe link says so clearly, with a way to reach the dealer", async ({ page }) => {
  const answer = await page.goto(siteUrl(COASTAL, "/pages/unsubscribe?t=cut-short.link"));
  expect(answer?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText(ALERTS_TOKEN_BAD);
  await expect(page.locator("#main").getByRole("link", { name: "07 5591 4400" })).toHaveAttribute("href", "tel:+61755914400");
  await expect(page.getByRole("button", { name: "Unsubscribe from alerts" })).toHaveCount(0);
});
