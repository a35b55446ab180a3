/**
 * Page weight and Lighthouse figures for the budgets of DESIGN.md section 9, measured against a running
 * production server: gzipped HTML and first-load JavaScript of the home, results and vehicle pages, then
 * Lighthouse's mobile performance run (default throttling) on each. Figures, not pass/fail: the machine
 * running them matters, so report them with the machine's load in mind.
 */
import { gzipSync } from "node:zlib";

export interface PageFigures {
  page: string;
  htmlGzipKb: number;
  jsGzipKb: number;
  score?: number;
  lcpMs?: number;
  cls?: number;
  tbtMs?: number;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

async function fetchText(url: string, host: string): Promise<string> {
  const response = await fetch(url, { headers: { host } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

/** Gzipped size of the page's HTML and of every script it loads on first visit (modulepreload + module scripts). */
async function weigh(base: string, host: string, pagePath: string): Promise<{ html: number; js: number; body: string }> {
  const body = await fetchText(`${base}${pagePath}`, host);
  const scripts = new Set<string>();
  for (const match of body.matchAll(
    /<link rel="modulepreload" href="([^"]+)"|<script type="module" src="([^"]+)"|import\("([^"]+\.js)"\)|import "([^"]+\.js)"/g,
  )) {
    const src = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (src?.startsWith("/")) scripts.add(src);
  }
  let js = 0;
  for (const src of scripts) js += gzipSync(Buffer.from(await fetchText(`${base}${src}`, host))).length;
  return { html: gzipSync(Buffer.from(body)).length, js, body };
}

type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{ lhr: { categories: { performance: { score: number } }; audits: Record<string, { numericValue: number }> } } | undefined>;

async function runLighthouse(url: string): Promise<Pick<PageFigures, "score" | "lcpMs" | "cls" | "tbtMs"> | null> {
  let lighthouse: Lighthouse;
  let launch: (options: Record<string, unknown>) => Promise<{ port: number; kill(): Promise<void> | void }>;
  try {
    lighthouse = (await import("lighthouse")).default as unknown as Lighthouse;
    launch = (await import("chrome-launcher")).launch as typeof launch;
  } catch {
    return null;
  }
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], logLevel: "error", output: "json" });
    if (!result) return null;
    const a = result.lhr.audits;
    return {
      score: Math.round(result.lhr.categories.performance.score * 100),
      lcpMs: Math.round(a["largest-contentful-paint"].numericValue),
      cls: Math.round(a["cumulative-layout-shift"].numericValue * 1000) / 1000,
      tbtMs: Math.round(a["total-blocking-time"].numericValue),
    };
  } finally {
    await chrome.kill();
  }
}

/** Home, results and the first car on the results page, for one dealer host on a running server. */
export async function measurePages(port: number, host: string): Promise<PageFigures[]> {
  const base = `http://127.0.0.1:${port}`;
  const pages = ["/", "/search"];
  const results = await weigh(base, host, "/search");
  const firstCar = /href="(\/cars\/(?!trade-in)[^"?#/]+)"/.exec(results.body)?.[1];
  if (firstCar) pages.push(firstCar);
  const figures: PageFigures[] = [];
  for (const page of pages) {
    const { html, js } = await weigh(base, host, page);
    const lighthouse = await runLighthouse(`http://${host}:${port}${page}`);
    figures.push({ page, htmlGzipKb: kb(html), jsGzipKb: kb(js), ...(lighthouse ?? {}) });
  }
  return figures;
}
