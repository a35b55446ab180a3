/**
 * Mixed traffic for `npm run bench` (issue 25): shoppers arriving together, as a dealer's site sees them,
 * not one page at a time. 50 connections, each asking again as soon as it is answered:
 *
 * - 40% results pages with filters picked at random (make, body, price, page), new addresses the page
 *   cache has not seen, so they are rendered;
 * - 25% vehicle pages, 20% the home page, 15% the plain results page (all from the page cache once warm);
 * - with `leadShare`, that share of requests are finance enquiries posted from the dealer's own page.
 *
 * Reports req/s, p50 and p99 overall and per kind (cached answers must not wait behind renders), errors
 * (5xx, refused connections, time-outs), and the server's resident memory at the start and the end.
 */
import fs from "node:fs";
import http from "node:http";

export interface MixOptions {
  base: string;
  host: string;
  /** Where the dealer's results are (summit: /search). */
  resultsPath: string;
  /** Vehicle pages to ask for. */
  carPaths: string[];
  seconds: number;
  connections?: number;
  /** Share of requests that are lead posts (0 for none). */
  leadShare?: number;
  /** The server process, for its memory. */
  serverPid?: number;
  /** The finance enquiry posted as a lead (the form's fields, URL-encoded). */
  leadForm?: string;
}

export interface KindFigures {
  kind: string;
  count: number;
  p50: number;
  p99: number;
}

export interface MixFigures {
  perSecond: number;
  overall: KindFigures;
  kinds: KindFigures[];
  errors: number;
  statuses: Record<number, number>;
  memoryStartMb?: number;
  memoryEndMb?: number;
}

type Kind = "search rendered" | "vehicle page" | "home" | "search" | "lead post";

const MAKES = ["Toyota", "Ford", "Mazda", "Hyundai", "Kia", "Subaru", "Volkswagen", "GWM", "Haval"];
const BODIES = ["suv", "ute", "hatch", "sedan", "wagon"];

/** A small deterministic generator, so every run asks the same things (the bench's searches too). */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The p-th percentile of figures sorted ascending (NaN for none). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The server's resident memory in MB (Linux), or undefined. */
export function residentMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** A finance enquiry as the /finance page's form sends it (a dealer with several dealerships adds which). */
export const FINANCE_ENQUIRY =
  "intent=finance&company_website=&amount=30000&term=5&deposit=&first_name=Bench&last_name=Shopper&email=bench%40example.com&phone=0412+345+678&postcode=&message=&opt_in=on";

export async function mixedTraffic(options: MixOptions): Promise<MixFigures> {
  const random = seeded(20261127);
  const connections = options.connections ?? 50;
  const leadShare = options.leadShare ?? 0;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  let n = 0;
  const next = (): { kind: Kind; path: string; post?: string } => {
    const roll = random();
    if (roll < leadShare) return { kind: "lead post", path: "/finance", post: options.leadForm ?? FINANCE_ENQUIRY };
    const r = (roll - leadShare) / (1 - leadShare);
    if (r < 0.4) {
      const query = new URLSearchParams();
      if (random() < 0.7) query.set("make", pick(MAKES));
      if (random() < 0.4) query.set("body", pick(BODIES));
      if (random() < 0.4) query.set("price", `0:${30_000 + Math.floor(random() * 8) * 10_000}`);
      query.set("page", String(1 + Math.floor(random() * 3)));
      query.set("mix", String(++n));
      return { kind: "search rendered", path: `${options.resultsPath}?${query}` };
    }
    if (r < 0.65) return { kind: "vehicle page", path: pick(options.carPaths) };
    if (r < 0.85) return { kind: "home", path: "/" };
    return { kind: "search", path: options.resultsPath };
  };

  const latencies = new Map<Kind, number[]>();
  const statuses: Record<number, number> = {};
  let errors = 0;
  const memoryStartMb = residentMb(options.serverPid);
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const headers = { host: options.host, "accept-encoding": "gzip, deflate, br, zstd" };
  const origin = `http://${options.host}`;

  // node:http, not fetch: fetch will not send another Host, and the dealer is chosen by the Host.
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(options.base);
  const ask = (request: { path: string; post?: string }) =>
    new Promise<number>((resolve, reject) => {
      const body = request.post ? Buffer.from(request.post) : undefined;
      const sent = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: request.path,
          method: body ? "POST" : "GET",
          headers: body
            ? { ...headers, origin, "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) }
            : headers,
          timeout: 30_000,
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", reject);
        },
      );
      sent.on("timeout", () => sent.destroy(new Error("timed out")));
      sent.on("error", reject);
      sent.end(body);
    });

  async function shopper(): Promise<void> {
    while (performance.now() < until) {
      const request = next();
      const at = performance.now();
      try {
        const status = await ask(request);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 500) errors++;
      } catch {
        errors++;
      }
      const took = performance.now() - at;
      if (!latencies.has(request.kind)) latencies.set(request.kind, []);
      latencies.get(request.kind)!.push(took);
    }
  }
  await Promise.all(Array.from({ length: connections }, () => shopper()));
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  const figures = (kind: string, values: number[]): KindFigures => {
    const sorted = [...values].sort((a, b) => a - b);
    return { kind, count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  const all = [...latencies.values()].flat();
  // Let the server settle before its memory is read again.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return {
    perSecond: all.length / elapsed,
    overall: figures("all", all),
    kinds: [...latencies.entries()].map(([kind, values]) => figures(kind, values)),
    errors,
    statuses,
    memoryStartMb,
    memoryEndMb: residentMb(options.serverPid),
  };
}
