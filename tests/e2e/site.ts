import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Where each demo dealer site answers during end-to-end tests. */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${PORT}${path}`;
export const TENANTS = ["coastal-gwm", "summit-auto-group", "westside-used"] as const;

/**
 * The shared test server's data folder (its database, lead files and SMS outbox): E2E_DATA_DIR, else a
 * fresh folder for this run, made when playwright.config.ts is read and inherited by every worker
 * through the environment, so no run reads what an earlier one left.
 */
export function e2eDataDir(): string {
  process.env.E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), `dealer-sites-e2e-${PORT}-`));
  return process.env.E2E_DATA_DIR;
}

/**
 * The second test server, the same build with the captcha on as shoppers meet it (the shared one sends
 * forms with it off: playwright.config.ts): contact.spec.ts and vehicle-captcha.spec.ts send their forms here.
 */
export const CAPTCHA_PORT = PORT + 100;

/** The captcha test server's data folder: E2E_CAPTCHA_DATA_DIR, else a fresh one for this run, as e2eDataDir. */
export function e2eCaptchaDataDir(): string {
  process.env.E2E_CAPTCHA_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), `dealer-sites-e2e-captcha-${CAPTCHA_PORT}-`));
  return process.env.E2E_CAPTCHA_DATA_DIR;
}
