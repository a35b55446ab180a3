/**
 * The test server with the captcha on, as shoppers meet it: the shared test server sends forms with the
 * captcha off, so the specs that test the captcha (contact.spec.ts, vehicle-captcha.spec.ts) send theirs to
 * this one, which playwright.config.ts starts once for the run (the same build, its own port and data
 * folder, CAPTCHA on). lead-files.spec.ts validates the ADF files its leads left, as the shared server's.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
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
