import { chromium } from "@playwright/test";
const shots = JSON.parse(process.argv[2]);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
for (const [name, url, width] of shots) {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 900 } });
  await page.goto(url, { waitUntil: "networkidle" }).catch(() => {});
  await page.screenshot({ path: `/tmp/shot-${name}.png`, fullPage: true });
  await page.close();
}
await browser.close();
