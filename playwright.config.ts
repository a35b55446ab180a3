import { defineConfig } from "@playwright/test";
import { CAPTCHA_PORT, e2eCaptchaDataDir, e2eDataDir } from "./tests/e2e/site";
import { TEST_BROWSER } from "./tests/support/prerequisites.mjs";

/**
 * End-to-end tests against the production build in Debian's Chromium (its headless shell: decision 34), twice:
 * JavaScript on and off.
 * Each tenant is reached on its own host, http://<slug>.localhost:PORT (Chromium resolves *.localhost).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const chromium = process.env.CHROME_PATH || TEST_BROWSER;
const dataDir = e2eDataDir();
/** Runs after both browser projects: every lead their real forms sent, as the dealer receives it. */
const LEAD_FILES = /lead-files\.spec\.ts$/;

/**
 * A test server's settings. Its own embedded database in its fresh data folder, even when DATABASE_URL is
 * set for the PostgreSQL suites: a shared database would carry one run's leads and reservations into the next.
 */
function testServerEnv({ port, dataDir, captcha }: { port: number; dataDir: string; captcha: "on" | "off" }) {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    RATE_LIMITS: "off",
    CAPTCHA: captcha,
    // Photos are made as shoppers ask (the photos made ahead are tested in tests/integration/photoWarmup.test.ts):
    // making every demo car's photos in the background would take a core from the browsers.
    PHOTO_WARMUP: "off",
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
    // A failed test keeps its trace: every action with its error and the console, and a screenshot at the
    // end. Not the DOM snapshots (nor the network log, which comes with them) nor the filmstrip of the screen:
    // recorded for every test, passing or not, the snapshots cost about 0.4 s a test on this machine and the
    // filmstrip about a fifth of the browser suite's CPU (vehicle.spec.ts with script: 26-30 s of CPU
    // without it, 33-38 s with it).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false, sources: false },
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: LEAD_FILES },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: LEAD_FILES },
    { name: "lead-files", testMatch: LEAD_FILES, dependencies: ["js", "no-js"] },
  ],
  webServer: [
    {
      command: "node server/cli/start.mjs",
      url: `http://127.0.0.1:${port}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      // Every browser test posts from 127.0.0.1 with the same few contacts, far beyond a shopper's lead
      // allowance; the limits themselves are tested through the routes (tests/integration/abuseLimits.test.ts).
      // Likewise they fill and send forms at machine speed, faster than the captcha's minimum fill time;
      // the second server below has the captcha on, as shoppers meet it.
      env: testServerEnv({ port, dataDir, captcha: "off" }),
    },
    {
      // The same build with the captcha on (contact.spec.ts, vehicle-captcha.spec.ts), started once the
      // first is up (Playwright starts them in turn): its own port and data folder. Its reservations go to
      // Stripe at an address where nothing answers, as when Stripe is down (form-failure.spec.ts).
      command: "node server/cli/start.mjs",
      url: `http://127.0.0.1:${CAPTCHA_PORT}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...testServerEnv({ port: CAPTCHA_PORT, dataDir: e2eCaptchaDataDir(), captcha: "on" }),
        SKIP_BUILD: "1",
        STRIPE_SECRET_KEY: "sk_test_browsertestsnotstripe",
        STRIPE_WEBHOOK_SECRET: "whsec_browsertestsnotstripe",
        STRIPE_API_URL: "http://127.0.0.1:9",
      },
    },
  ],
});

export const E2E_PORT = port;
