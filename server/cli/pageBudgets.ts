/**
 * Page figures for the budgets of DESIGN.md section 9, measured against running production servers:
 * gzipped HTML, first-load JavaScript and render-blocking stylesheets of each page, then Lighthouse's
 * mobile performance run (default throttling) on each, the median of several runs. The bare Remix page
 * is measured in the same run, so the dealer pages' LCP is compared with the floor measured beside them,
 * not remembered. Figures, not pass/fail: the machine running them matters.
 */
import http from "node:http";
import { gzipSync } from "node:zlib";

export interface PageToMeasure {
  label: string;
  /** Where to fetch it from (a loopback address); `host` is the dealer site it is asked for. */
  base: string;
  host: string;
  path: string;
}

export interface PageFigures {
  label: string;
  htmlGzipKb: number;
  jsGzipKb: number;
  blockingStylesheets: number;
  score?: number;
  lcpMs?: number;
  /** Every run's LCP, in the order run. */
  lcpRunsMs?: number[];
  cls?: number;
  tbtMs?: number;
  /** Every run's TBT, in the order run. */
  tbtRunsMs?: number[];
  /**
   * Runs whose first paint the browser made only after the page's load event: the document, stylesheet
   * and photos were all there and nothing was drawn yet. Lighthouse then counts every script fetched
   * before that paint as needed for it, and the simulated LCP roughly doubles.
   */
  latePaintRuns?: number;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * GET through node:http, which sends the Host header as given (fetch would put the loopback address there).
 * With `acceptEncoding` the page is asked for as a browser asks, and its bytes come back as sent (compressed).
 */
export function fetchText(url: string, host: string, accept?: string, acceptEncoding?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = { host, ...(accept ? { accept } : {}), ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) };
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        if ((response.statusCode ?? 500) >= 400) reject(new Error(`${host} ${url}: ${response.statusCode}`));
        else resolve(Buffer.concat(chunks).toString("utf8"));
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Stylesheets in the page's head that hold back its first paint (not print-only, not loaded later). */
export function blockingStylesheets(html: string): number {
  const head = html.slice(0, Math.max(0, html.indexOf("</head>")) || html.length);
  return [...head.matchAll(/<link\b[^>]*>/g)].filter((tag) => {
    const link = tag[0];
    return /\brel="stylesheet"/.test(link) && !/\bmedia="print"/.test(link) && !/\bdisabled\b/.test(link);
  }).length;
}

/** The site's own script addresses a page names (modulepreload links, module scripts, the start-up module's imports). */
export function scriptsNamedIn(html: string): string[] {
  const named = new Set<string>();
  for (const match of html.matchAll(
    /<link rel="modulepreload" href="([^"]+)"|<script type="module" src="([^"]+)"|import\("([^"]+\.js)"\)|import "([^"]+\.js)"|\bfrom "([^"]+\.js)"/g,
  )) {
    const src = match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5];
    if (src?.startsWith("/")) named.add(src);
  }
  return [...named];
}

/** The files a module imports statically (`import ... from "./x.js"`, `import "./x.js"`), as addresses; `import("./x.js")` loads later and is not one. */
export function staticImportsOf(code: string, address: string): string[] {
  const imports = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g))
    imports.add(new URL(match[1], `http://site${address}`).pathname);
  return [...imports];
}

/** The photo route's addresses a page's pictures name (src and every srcset candidate), without repeats. */
export function photosNamedIn(html: string): string[] {
  const named = new Set<string>();
  for (const match of html.matchAll(/\b(?:src|srcSet|srcset)="([^"]+)"/g)) {
    for (const candidate of match[1].split(",")) {
      const address = candidate.trim().split(/\s+/)[0]?.replaceAll("&amp;", "&");
      if (address?.startsWith("/photos?")) named.add(address);
    }
  }
  return [...named];
}

/** Gzipped size of the page's HTML and of every script it loads on first visit: the scripts it names and all they import statically. */
async function weigh(page: PageToMeasure): Promise<{ html: number; js: number; css: number; body: string }> {
  const body = await fetchText(`${page.base}${page.path}`, page.host);
  const waiting = scriptsNamedIn(body);
  const weighed = new Set<string>();
  let js = 0;
  while (waiting.length > 0) {
    const src = waiting.pop()!;
    if (weighed.has(src)) continue;
    weighed.add(src);
    const code = await fetchText(`${page.base}${src}`, page.host);
    js += gzipSync(Buffer.from(code)).length;
    waiting.push(...staticImportsOf(code, src));
  }
  return { html: gzipSync(Buffer.from(body)).length, js, css: blockingStylesheets(body), body };
}

/**
 * Makes each photo a page shows once, so Lighthouse measures the steady state (the photo route's disk
 * cache keeps them), as after the first shopper; the very first visit after an import waits for the resize.
 */
async function makePhotosOf(page: PageToMeasure, body: string): Promise<void> {
  for (const photo of photosNamedIn(body)) await fetchText(`${page.base}${photo}`, page.host, "image/avif,image/webp,*/*").catch(() => "");
}

/** The first car linked from a results page, for the vehicle-page figures. */
export async function firstCarOn(base: string, host: string, resultsPath = "/search"): Promise<string | null> {
  const body = await fetchText(`${base}${resultsPath}`, host);
  return /href="(\/cars\/(?!trade-in)[^"?#/]+)"/.exec(body)?.[1] ?? null;
}

type ObservedTimings = { observedFirstContentfulPaint: number; observedLoad: number };
type LighthouseRun = {
  lhr: {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number; details?: { items?: unknown[] } }>;
  };
};
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseRun | undefined>;
type Chrome = { port: number; kill(): Promise<void> | void };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Weighs every page, then runs Lighthouse `runs` times on each (one Chromium for all, page after page in each run), keeping medians. */
export async function measurePages(pages: PageToMeasure[], runs: number, withLighthouse: boolean): Promise<PageFigures[]> {
  const figures: PageFigures[] = [];
  const bodies: string[] = [];
  for (const page of pages) {
    const { html, js, css, body } = await weigh(page);
    figures.push({ label: page.label, htmlGzipKb: kb(html), jsGzipKb: kb(js), blockingStylesheets: css });
    bodies.push(body);
  }
  if (!withLighthouse) return figures;
  for (const [i, page] of pages.entries()) await makePhotosOf(page, bodies[i]);
  let lighthouse: Lighthouse;
  let launch: (options: Record<string, unknown>) => Promise<Chrome>;
  try {
    lighthouse = (await import("lighthouse")).default as unknown as Lighthouse;
    launch = (await import("chrome-launcher")).launch as typeof launch;
  } catch {
    return figures;
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
    const runsOf: LighthouseRun["lhr"][][] = pages.map(() => []);
    // Run by run over every page, so whatever the machine is doing at one moment weighs on every page alike.
    for (let run = 0; run < runs; run++) {
      for (const [i, page] of pages.entries()) {
        // The page as a shopper's browser asks for it: by the dealer's host name (*.localhost is loopback).
        const url = `http://${page.host}:${new URL(page.base).port}${page.path}`;
        const result = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], logLevel: "error", output: "json" });
        if (result) runsOf[i].push(result.lhr);
      }
    }
    for (const [i, results] of runsOf.entries()) {
      if (!results.length) continue;
      const audit = (name: string) => median(results.map((r) => r.audits[name].numericValue));
      figures[i] = {
        ...figures[i],
        score: Math.round(median(results.map((r) => r.categories.performance.score)) * 100),
        lcpMs: Math.round(audit("largest-contentful-paint")),
        lcpRunsMs: results.map((r) => Math.round(r.audits["largest-contentful-paint"].numericValue)),
        cls: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
        tbtMs: Math.round(audit("total-blocking-time")),
        tbtRunsMs: results.map((r) => Math.round(r.audits["total-blocking-time"].numericValue)),
        latePaintRuns: results.filter((r) => {
          const observed = r.audits.metrics?.details?.items?.[0] as ObservedTimings | undefined;
          return observed !== undefined && observed.observedFirstContentfulPaint > observed.observedLoad;
        }).length,
      };
    }
  } finally {
    await chrome.kill();
  }
  return figures;
}
