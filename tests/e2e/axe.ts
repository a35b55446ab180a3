/**
 * axe (axe-core, with the project's accessibility lint) over the whole page a shopper sees: header, menus,
 * main content, footer, the toast region and any open dialog, never only <main>. It runs through the
 * browser's own evaluation, which the pages' Content-Security-Policy rightly does not govern.
 *
 * axe is itself a script, so it cannot run in a page whose JavaScript is off. For the `no-js` project,
 * `shopperPage` opens the page as a browser without JavaScript would show it: the server's HTML with every
 * <script> taken out and <noscript> content shown, in a tab where only axe runs.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, test as base, type Page, type TestInfo } from "@playwright/test";
import { PORT } from "./site";

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** Each offending element, with axe's reason (for contrast: the colours and the ratio). */
  nodes: string[];
}

export const javaScriptOn = (testInfo: TestInfo = base.info()) => testInfo.project.name !== "no-js";

/** The server's HTML as a browser without JavaScript shows it: no scripts, <noscript> content in the page. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
}

/**
 * A page for axe: with JavaScript the project's own page; without, a tab with JavaScript on (for axe)
 * whose documents arrive without their scripts, so the page is the no-JavaScript page.
 */
export const test = base.extend<{ shopperPage: Page }>({
  shopperPage: async ({ page, browser, viewport }, use, testInfo) => {
    if (javaScriptOn(testInfo)) return use(page);
    const context = await browser.newContext({ javaScriptEnabled: true, viewport });
    const noScriptPage = await context.newPage();
    await noScriptPage.route(
      () => true,
      async (route) => {
        if (route.request().resourceType() !== "document") return route.continue();
        // Fetched from here (Node, which cannot resolve <slug>.localhost), sent with the dealer's host; a
        // frame of another site's (a dealer's service booking provider) is left to the browser.
        const url = new URL(route.request().url());
        if (!url.hostname.endsWith(".localhost")) return route.continue();
        const host = url.host;
        url.hostname = "127.0.0.1";
        url.port = String(PORT);
        const response = await route.fetch({ url: url.href, headers: { ...route.request().headers(), host }, maxRedirects: 0 });
        const type = response.headers()["content-type"] ?? "";
        await route.fulfill({ response, body: type.includes("text/html") ? withoutScripts(await response.text()) : await response.body() });
      },
    );
    await use(noScriptPage);
    await context.close();
  },
});

/** axe's serious and critical findings on the whole page as it stands (menus or dialogs opened stay open). */
export async function axeFindings(page: Page, options: { exclude?: string[] } = {}): Promise<AxeFinding[]> {
  const context = JSON.stringify({ include: [["html"]], exclude: (options.exclude ?? []).map((selector) => [selector]) });
  // The page as it settles, not halfway through a fade (the results fade in as they appear): axe reads
  // colours as drawn, and a fading element's are blended with what is behind it.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .map((animation) => (animation.effect?.getTiming().iterations === Infinity ? null : animation.finished.catch(() => null))),
    ),
  );
  // Parts far below the fold (the footer, cards further down) are drawn only as the shopper nears them
  // (content-visibility: auto); axe reads colours where things are drawn, so they are drawn for it first,
  // as they would be for a shopper who scrolled there.
  await page.evaluate(() => {
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("body *")))
      if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
  });
  return (await page.evaluate(`${AXE_SOURCE}
    axe.run(${context}, { resultTypes: ["violations"] }).then((result) =>
      result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => n.target.join(" ") + " :: " + ((n.any[0] || n.all[0] || n.none[0] || {}).message || n.failureSummary || "")),
        })))`)) as AxeFinding[];
}

/** The page has no serious or critical axe finding; a failure lists each finding with its elements. */
export async function expectNoAxeFindings(page: Page, what: string, options: { exclude?: string[] } = {}) {
  const findings = await axeFindings(page, options);
  expect(findings, `${what}: ${findings.map((f) => `${f.id} (${f.help})\n  ${f.nodes.join("\n  ")}`).join("\n")}`).toEqual([]);
}
