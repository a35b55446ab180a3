/**
 * Unsubscribing from a dealer's alerts by the link in an alert e-mail, with JavaScript on and off
 * (docs/alerts.md): the page names the dealer and the (partly hidden) address and changes nothing until
 * its one button is pressed; pressed, the page says no more alerts will come and the withdrawal is
 * recorded (read back through the server's /api/alerts, as `npm run alerts` reads it). A bad link gets
 * a clear message, not an error page. Through the whole request pipeline, without a browser: a mail
 * program's one-click POST (RFC 8058) and an SMS reply of STOP (the embedded outbox's unsigned webhook).
 */
import { expect, test } from "@playwright/test";
import { readUnsubscribeToken, unsubscribeKey, unsubscribeToken } from "@server/alerts/unsubscribeToken";
import { loadServerSecret } from "@server/auth/secret";
import { IMPORT_TOKEN_HEADER, readImportToken } from "@server/stock/importToken";
import { ALERTS_TOKEN_BAD } from "~/routes/pages.unsubscribe/unsubscribe.server";
import { validateHtml } from "../support/htmlValidate";
import { test as axeTest, expectNoAxeFindings } from "./axe";
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

test("a mail program's one-click unsubscribe and a reply of STOP reach the server without a browser", async ({ request }) => {
  const javaScript = test.info().project.use.javaScriptEnabled !== false;
  const email = javaScript ? "kai@example.com" : "uma@example.com";
  const mobile = javaScript ? "+61412000777" : "+61412000888";
  const key = unsubscribeKey(loadServerSecret({ dataDir: e2eDataDir() }));
  const token = unsubscribeToken(key, { tenant: COASTAL, channel: "email", address: email, phone: mobile });
  // RFC 8058: the mail program POSTs List-Unsubscribe=One-Click to the header's address, with no Origin or Referer.
  // (Node does not resolve *.localhost: the dealer is named by the Host header, as a proxy would pass it.)
  const host = { Host: `${COASTAL}.localhost:${PORT}` };
  const oneClick = await request.post(`http://127.0.0.1:${PORT}/pages/unsubscribe?t=${token}`, {
    headers: host,
    form: { "List-Unsubscribe": "One-Click" },
    maxRedirects: 0,
  });
  expect(oneClick.status()).toBe(303);
  // The embedded SMS outbox: the webhook takes a developer's unsigned reply.
  const stop = await request.post(`http://127.0.0.1:${PORT}/api/sms/inbound`, { headers: host, form: { From: mobile, Body: " Stop " } });
  expect(stop.status()).toBe(200);
  expect(stop.headers()["content-type"]).toMatch(/^text\/xml/);
  expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  const recorded = await consents();
  expect(recorded.filter((c) => c.address.startsWith(`${email[0]}***@`))).toMatchObject([
    { given: false, source: "unsubscribe-link", detail: "one-click (mail program)" },
  ]);
  expect(recorded.filter((c) => c.address.endsWith(mobile.slice(-3)) && c.source === "sms-stop")).toMatchObject([{ given: false }]);
});

axeTest("the alerts unsubscribe page is valid HTML with no serious or critical axe finding", async ({ shopperPage, request }) => {
  const key = unsubscribeKey(loadServerSecret({ dataDir: e2eDataDir() }));
  const token = unsubscribeToken(key, { tenant: COASTAL, channel: "sms", address: "+61412000999", phone: "+61412000999" });
  const path = `/pages/unsubscribe?t=${token}`;
  const html = await (await request.get(`http://127.0.0.1:${PORT}${path}`, { headers: { Host: `${COASTAL}.localhost:${PORT}` } })).text();
  expect(await validateHtml(html)).toEqual([]);
  await shopperPage.goto(siteUrl(COASTAL, path));
  await expect(shopperPage.getByText("You will get no more alerts from Coastal GWM Haval at the mobile ending 999")).toBeVisible();
  await expectNoAxeFindings(shopperPage, `${COASTAL}/pages/unsubscribe?t=...`);
});
