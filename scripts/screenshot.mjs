#!/usr/bin/env node
/**
 * Screenshots of pages at phone and desktop width, for looking at what we build:
 *   node scripts/screenshot.mjs <out-dir> <url> [url...]
 * Writes <out-dir>/<n>-phone.png and <n>-desktop.png. Set NOJS=1 to render without JavaScript.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright";

const [outDir, ...urls] = process.argv.slice(2);
if (!outDir || urls.length === 0) {
  console.error("usage: node scripts/screenshot.mjs <out-dir> <url> [url...]");
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
for (const [i, url] of urls.entries()) {
  for (const [name, viewport] of Object.entries(sizes)) {
    const page = await browser.newPage({ viewport, javaScriptEnabled: !process.env.NOJS });
    await page.goto(url, { waitUntil: "networkidle" });
    const file = path.join(outDir, `${i + 1}-${name}.png`);
    await page.screenshot({ path: file, fullPage: process.env.FULL === "1" });
    console.log(file);
    await page.close();
  }
}
await browser.close();
