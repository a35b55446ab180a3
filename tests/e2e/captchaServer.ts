/**
 * The test server with the captcha on, as shoppers meet it: the shared test server sends forms with the
 * captcha off, so the specs that test the captcha (contact.spec.ts, vehicle-captcha.spec.ts) send theirs to
 * this one, which playwright.config.ts starts once for the run (the same build, its own port and data
 * folder, CAPTCHA on). lead-files.spec.ts validates the ADF files its leads left, as the shared server's.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { CAPTCHA_PORT, e2eCaptchaDataDir } from "./site";

export interface CaptchaServer {
  port: number;
  dataDir: string;
}

export const captchaServer: CaptchaServer = { port: CAPTCHA_PORT, dataDir: e2eCaptchaDataDir() };

/** The dealer's leads on this server, with their deliveries, as `npm run leads` reads them (loopback and the data folder's token). */
export async function leadsOn<Lead>(server: CaptchaServer, request: APIRequestContext, tenant: string): Promise<Lead[]> {
  const token = fs.readFileSync(path.join(server.dataDir, "import-token"), "utf8").trim();
  const response = await request.get(`http://127.0.0.1:${server.port}/api/leads?tenant=${tenant}&limit=200`, {
    headers: { "x-import-token": token },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { leads: Lead[] }).leads;
}

/** A dealer's page on this server asked from this process (Node does not resolve *.localhost: the address and the dealer's Host). */
export function captchaServerGet(request: APIRequestContext, dealer: string, pathAndQuery: string) {
  return request.get(`http://127.0.0.1:${captchaServer.port}${pathAndQuery}`, {
    headers: { host: `${dealer}.localhost:${captchaServer.port}`, accept: "text/html" },
  });
}

/** The page a form or the page itself is on. */
const pageOf = (within: Page | Locator): Page => ("page" in within ? within.page() : within);

/** The captcha's minimum fill time (server/captcha MIN_FILL_MS) and a little more. */
export const FILL_TIME_MS = 3500;

/** The server's question as the form shows it ('Quick check: What is 3 plus 4?'), answered as a person would (or wrongly). */
export async function answerQuestion(within: Page | Locator, right = true) {
  const field = within.getByLabel(/^Quick check: What is \d plus \d\?/);
  await expect(field).toBeVisible();
  const label =
    (await pageOf(within)
      .locator(`label[for="${await field.getAttribute("id")}"]`)
      .textContent()) ?? "";
  const [, a, b] = /What is (\d) plus (\d)\?/.exec(label)!;
  await field.fill(String(Number(a) + Number(b) + (right ? 0 : 1)));
}

/**
 * The captcha as this browser meets it: the widget solves itself (with script), or the shopper answers the
 * question (without); then a person's few seconds over the form, as the server refuses faster ones.
 */
export async function passCaptcha(within: Page | Locator, withScript: boolean) {
  if (withScript) {
    await expect(within.locator("altcha-widget")).toHaveCount(1, { timeout: 10_000 });
    await expect(within.locator('input[name="altcha"]')).not.toHaveValue("", { timeout: 20_000 });
  } else {
    await answerQuestion(within);
  }
  await pageOf(within).waitForTimeout(FILL_TIME_MS);
}
