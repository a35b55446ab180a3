/**
 * My Garage, with JavaScript on and off: a signed-out shopper opening /my-garage on Coastal GWM is sent
 * to sign-in (type my-garage), gets the code by "SMS" (the embedded outbox in the test server's data
 * folder) and lands back in an empty garage that links to the search; favourites kept in the browser
 * show with JavaScript (and say they need it without); the page's 'Sign out' ends the session. The
 * spec's other garage paths (/mymotorama...) move to the dealer's own garage path.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { PORT, siteUrl } from "./site";

const COASTAL = "coastal-gwm";
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `dealer-sites-e2e-${PORT}`), "sms-outbox.jsonl");

const withScript = () => test.info().project.use.javaScriptEnabled !== false;
/** A mobile of its own for each project (not one the sign-in spec uses). */
const mobile = () => `0413 ${withScript() ? 1 : 2}00 051`;
const e164 = (m: string) => `+61${m.replace(/\s/g, "").slice(1)}`;

function codesTo(to: string, since: number): string[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readFileSync(OUTBOX, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; body: string; at: string; tenant: string })
    .filter((m) => m.to === to && m.tenant === COASTAL && Date.parse(m.at) >= since - 1000)
    .map((m) => /\b(\d{6})\b/.exec(m.body)?.[1] ?? "");
}

async function signIn(page: Page) {
  if (withScript()) {
    await page.waitForLoadState("networkidle");
    await expect(page.locator("form#sign-in[data-interactive]")).toHaveCount(1, { timeout: 15_000 });
  }
  const since = Date.now();
  await page.getByLabel("Mobile Number").fill(mobile());
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page.getByText("Code sent!")).toBeVisible();
  await expect.poll(() => codesTo(e164(mobile()), since).length, { message: `an SMS in ${OUTBOX}` }).toBeGreaterThan(0);
  await page.getByLabel("Verification Code").fill(codesTo(e164(mobile()), since).at(-1)!);
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
}

test("the garage asks for sign-in, then shows the shopper's empty garage; sign-out closes it", async ({ page }) => {
  await page.goto(siteUrl(COASTAL, "/my-garage"));
  await expect(page).toHaveURL(/\/sign-in\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get("type")).toBe("my-garage");
  expect(query.get("redirect")).toBe("/my-garage");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to My Garage");

  await signIn(page);
  await expect(page).toHaveURL(siteUrl(COASTAL, "/my-garage"));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("My Garage");
  await expect(main.getByTestId("garage-empty")).toBeVisible();
  await expect(main.getByRole("link", { name: "Search our cars" })).toHaveAttribute("href", "/search");

  if (withScript()) {
    // Favourites live in this browser, under the site slug: read after the page loads.
    await expect(main.getByTestId("no-favourites")).toBeVisible();
    await expect(main.getByTestId("favourites-need-script")).toHaveCount(0);
    await page.evaluate((slug) => {
      const favourite = {
        id: "fav-1",
        name: "2023 GWM Ute Cannon",
        slug: "2023-gwm-ute-cannon-fav-1",
        make: "GWM",
        model: "Ute",
        primary_image_url: "",
      };
      localStorage.setItem(`${slug}:favourites`, JSON.stringify([favourite]));
      const viewed = { id: "v-9", stocknum: "C1009", make: "GWM", model: "Tank 300", body: "suv", simple_body: "suv" };
      localStorage.setItem(`${slug}:viewedCars`, JSON.stringify([viewed]));
    }, COASTAL);
    // A fresh load: the header asks who is signed in and links here.
    await page.reload();
    await expect(page.getByRole("banner").getByRole("link", { name: "My Garage" })).toHaveAttribute("href", "/my-garage");
    await expect(main.getByTestId("favourites").getByRole("link", { name: "2023 GWM Ute Cannon" })).toHaveAttribute(
      "href",
      "/cars/2023-gwm-ute-cannon-fav-1",
    );
    await expect(main.getByTestId("viewed-cars").getByRole("link", { name: /GWM Tank 300/ })).toHaveAttribute(
      "href",
      "/search?query=C1009",
    );
  } else {
    await expect(main.getByText("Your favourites are kept in this browser: turn on JavaScript to see them here.")).toBeVisible();
  }

  // The page's own 'Sign out' (a plain form post): the garage asks for sign-in again.
  await main.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(siteUrl(COASTAL, "/"));
  await page.goto(siteUrl(COASTAL, "/my-garage"));
  await expect(page).toHaveURL(/\/sign-in\?type=my-garage&/);
});

test("another brand's garage path moves for good to this dealer's garage, which asks for sign-in", async ({ page, request }) => {
  // Node cannot resolve <slug>.localhost as Chromium does: the loopback address with the site's Host header.
  const answer = await request.get(`http://127.0.0.1:${PORT}/mymotorama?from=email`, {
    headers: { host: `${COASTAL}.localhost:${PORT}` },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(301);
  expect(answer.headers()["location"]).toBe("/my-garage?from=email");

  await page.goto(siteUrl(COASTAL, "/myservco"));
  await expect(page).toHaveURL(/\/sign-in\?/);
  expect(new URL(page.url()).searchParams.get("redirect")).toBe("/my-garage");
});
