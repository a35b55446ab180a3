/**
 * Hostile-request suite: the real production server (the existing build, a fresh data folder) attacked
 * across the three demo dealers the way the open internet does. HEAD before GET must not leave an empty
 * page in the cache; a forwarded Host is believed only behind a trusted proxy and never mixes up two
 * dealers' cached pages; forged cross-site posts are refused before they become leads; oversized and
 * endless bodies are cut off; odd methods and malformed requests get 4xx, never 500; every page carries
 * the security headers and a fresh script nonce, and no NUL bytes; and hundreds of made-up hostile
 * requests (fixed seed) get no answer of 500 or more.
 *
 * Needs a build (`npm run build`, or BUILD_DIR pointing at one). Under `npm test` a missing build
 * fails the suite; a plain `npx vitest` without one skips it and says so.
 * Two servers run side by side: one reached directly, one behind a trusted proxy (TRUST_PROXY=1).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileCases } from "./fuzz";
import { serverBuild } from "../support/serverBuild";
import { DEALERS, eachLimited, raw, rawRequest, send, startSite, type Answer, type Site } from "./site";

const build = serverBuild("the hostile-request suite");

// Fails when the build is missing under npm test, so the suite below cannot be skipped unnoticed.
it.skipIf(build.skip)("has a production server build to attack", () => build.assertPresent());

const [COASTAL, SUMMIT, WESTSIDE] = DEALERS;

/** A finance enquiry as the /finance page's form sends it. */
const FINANCE_FORM =
  "intent=finance&company_website=&amount=30000&term=5&deposit=&first_name=Alex&last_name=&email=alex%40example.com&phone=0412+345+678&postcode=&message=&opt_in=on";
const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "(no title)";
const nonceOf = (answer: Answer) => /'nonce-([^']+)'/.exec(answer.headers["content-security-policy"] ?? "")?.[1];
const carSlugs = (html: string) =>
  [...new Set([...html.matchAll(/href="\/cars\/([a-z0-9-]+)"/g)].map((m) => m[1]))].filter((slug) => slug !== "trade-in");

describe.skipIf(!build.present)("hostile requests against the production server", () => {
  let direct: Site;
  let proxied: Site;
  /** Real car slugs by dealer, read from each results page. */
  const slugs: Record<string, string[]> = {};
  const get = (site: Site, slug: string, path: string, headers: Record<string, string> = {}) =>
    send(site, { path, host: site.host(slug), headers });
  const post = (site: Site, slug: string, path: string, body: string, headers: Record<string, string> = {}) =>
    send(site, { method: "POST", path, host: site.host(slug), headers: { ...FORM_TYPE, ...headers }, body });
  const sameOrigin = (site: Site, slug: string) => ({ origin: `http://${site.host(slug)}` });
  const carOf = (slug: string) => {
    const car = slugs[slug]?.[0];
    if (!car) throw new Error(`no car found on ${slug}'s results page`);
    return car;
  };

  beforeAll(async () => {
    // The proxied server logs at info, so the suite can read how it logs what it refuses.
    [direct, proxied] = await Promise.all([startSite(), startSite({ trustProxy: true, env: { LOG_LEVEL: "info" } })]);
    // Car slugs from a results page address no test below asks for first, so page caches stay cold.
    for (const dealer of DEALERS) {
      const page = await get(direct, dealer.slug, `${dealer.searchPath}?sortBy=price:desc`);
      slugs[dealer.slug] = carSlugs(page.text);
      if (page.status !== 200 || !slugs[dealer.slug].length)
        throw new Error(`no car links on ${dealer.slug}'s results page (${page.status})`);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all([direct?.stop(), proxied?.stop()]);
  });

  // First, while every page cache is cold: a HEAD must not leave an empty page behind.
  it("HEAD then GET of the same page: the GET gets the whole page, never an empty body", async () => {
    const pages = DEALERS.flatMap((d) => [
      [d.slug, "/"],
      [d.slug, d.searchPath],
      [d.slug, "/price-range"],
    ]);
    expect(pages).toContainEqual([WESTSIDE.slug, "/used-car"]);
    const problems: string[] = [];
    for (const [slug, path] of pages) {
      const head = await send(direct, { method: "HEAD", path, host: direct.host(slug) });
      const page = await get(direct, slug, path);
      if (head.status !== 200 || head.body.length !== 0) problems.push(`HEAD ${slug} ${path}: ${head.status}, ${head.body.length} bytes`);
      if (page.status !== 200 || page.body.length === 0 || !page.text.includes("</html>")) {
        problems.push(
          `GET ${slug} ${path} after HEAD: ${page.status}, ${page.body.length} bytes, x-page-cache ${page.headers["x-page-cache"] ?? "-"}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  describe("a forwarded Host", () => {
    it("behind a trusted proxy, X-Forwarded-Host picks the dealer, and the next plain request gets its own dealer's page, cached or not", async () => {
      for (let round = 0; round < 3; round++) {
        for (const path of ["/", COASTAL.searchPath]) {
          const forwarded = await get(proxied, COASTAL.slug, path, { "x-forwarded-host": proxied.host(SUMMIT.slug) });
          expect(forwarded.status).toBe(200);
          expect(titleOf(forwarded.text), `round ${round} ${path} forwarded to summit`).toContain(SUMMIT.name);
          const plain = await get(proxied, COASTAL.slug, path);
          expect(titleOf(plain.text), `round ${round} ${path} plain coastal (x-page-cache ${plain.headers["x-page-cache"]})`).toContain(
            COASTAL.name,
          );
          expect(titleOf(plain.text)).not.toContain(SUMMIT.name);
        }
      }
    });

    it("without a trusted proxy, X-Forwarded-Host is ignored", async () => {
      for (const path of ["/", COASTAL.searchPath]) {
        const page = await get(direct, COASTAL.slug, path, { "x-forwarded-host": direct.host(SUMMIT.slug) });
        expect(page.status).toBe(200);
        expect(titleOf(page.text), path).toContain(COASTAL.name);
        const summit = await get(direct, SUMMIT.slug, path);
        expect(titleOf(summit.text), path).toContain(SUMMIT.name);
      }
    });
  });

  describe("cross-site request forgery", () => {
    const expectRefused = (answer: Answer, what: string) => {
      expect(answer.status, what).toBe(403);
      expect(answer.headers["content-type"] ?? "", what).toMatch(/^text\/plain/);
      expect(answer.text.length, what).toBeGreaterThan(0);
      expect(answer.headers.location, `${what}: no redirect to /success`).toBeUndefined();
    };

    it("a finance enquiry posted from another site is refused with a plain message and never reaches /success", async () => {
      for (const dealer of DEALERS) {
        expectRefused(
          await post(direct, dealer.slug, "/finance", FINANCE_FORM, { origin: "https://evil.example" }),
          `${dealer.slug} evil origin`,
        );
        expectRefused(
          await post(direct, dealer.slug, "/finance.data", FINANCE_FORM, { origin: "https://evil.example" }),
          `${dealer.slug} evil origin, single fetch's .data`,
        );
        expectRefused(
          await post(direct, dealer.slug, "/finance?_data=routes%2Ffinance", FINANCE_FORM, { origin: "https://evil.example" }),
          `${dealer.slug} evil origin, _data`,
        );
        expectRefused(
          await post(direct, dealer.slug, "/finance", FINANCE_FORM, { "sec-fetch-site": "cross-site" }),
          `${dealer.slug} Sec-Fetch-Site cross-site`,
        );
        expectRefused(await post(direct, dealer.slug, "/finance", FINANCE_FORM, { origin: "null" }), `${dealer.slug} Origin null`);
      }
    });

    it("another dealer's site counts as another site", async () => {
      expectRefused(
        await post(direct, COASTAL.slug, "/finance", FINANCE_FORM, sameOrigin(direct, SUMMIT.slug)),
        "summit's origin posting to coastal",
      );
    });

    it("cross-site text/plain posts to the beacon endpoints are refused", async () => {
      for (const dealer of DEALERS) {
        const headers = { origin: "https://evil.example", "content-type": "text/plain;charset=UTF-8" };
        expectRefused(
          await post(direct, dealer.slug, "/api/events", JSON.stringify({ event_id: 14 }), headers),
          `${dealer.slug} /api/events`,
        );
        expectRefused(
          await post(direct, dealer.slug, "/api/phone-reveal", JSON.stringify({ car_id: carOf(dealer.slug) }), headers),
          `${dealer.slug} /api/phone-reveal`,
        );
      }
    });

    it("the same enquiry from the dealer's own page is accepted and goes to /success", async () => {
      // Summit has several dealerships, so its finance form asks which one (the first the form offers).
      const form = (await get(direct, SUMMIT.slug, "/finance")).text;
      const dealership = /name="preferred_dealership"[^]*?<option value="([^"]+)"/.exec(form)?.[1];
      expect(dealership, "the finance form's dealership select").toBeTruthy();
      const enquiry = `${FINANCE_FORM}&preferred_dealership=${encodeURIComponent(dealership!)}`;
      const answer = await post(direct, SUMMIT.slug, "/finance", enquiry, sameOrigin(direct, SUMMIT.slug));
      expect(answer.status).not.toBe(403);
      expect([302, 303]).toContain(answer.status);
      expect(answer.headers.location).toMatch(/^\/success/);
    });
  });

  describe("body limits", () => {
    const postHead = (slug: string, extra: Record<string, string>) => ({
      host: direct.host(slug),
      origin: `http://${direct.host(slug)}`,
      "content-type": "application/x-www-form-urlencoded",
      ...extra,
    });

    it("a form post announcing 100 MB is refused with 413 without the server waiting for it, and the connection is closed", async () => {
      const head = rawRequest(
        "POST /finance HTTP/1.1",
        postHead(COASTAL.slug, { "content-length": String(100 * 1024 * 1024), connection: "keep-alive" }),
      );
      const answer = await raw(direct, [head, Buffer.from("first_name=" + "a".repeat(1000))], { timeoutMs: 8000 });
      expect(answer.status, answer.head).toBe(413);
      expect(answer.closed, "the server closed the connection").toBe(true);
      expect(answer.ms).toBeLessThan(8000);
    });

    it("a chunked form post that grows past 64 KB is refused with 413", async () => {
      const head = rawRequest(
        "POST /finance HTTP/1.1",
        postHead(SUMMIT.slug, { "transfer-encoding": "chunked", connection: "keep-alive" }),
      );
      const chunk = (size: number) => Buffer.from(`${size.toString(16)}\r\n${"a".repeat(size)}\r\n`);
      const writes = [head, Buffer.from(`${"6\r\nfirst=\r\n"}`), ...Array.from({ length: 64 }, () => chunk(4096))]; // 256 KB in all, never finished
      const answer = await raw(direct, writes, { timeoutMs: 10_000, gapMs: 5, stopWritingOnAnswer: true });
      expect(answer.status, answer.head).toBe(413);
      expect(answer.closed, "the server closed the connection").toBe(true);
    });

    it("a 20 MB form sent whole by a browser that reads the answer afterwards gets its 413, not a reset", async () => {
      const answer = await uploadThenRead(direct, "/finance", postHead(COASTAL.slug, { connection: "keep-alive" }), 20 * 1024 * 1024);
      expect(answer.error, "the connection was reset before the answer could be read").toBeUndefined();
      expect(answer.status, answer.head).toBe(413);
      expect(answer.text).toContain("Request body too large");
    });
  });

  /**
   * Posts a body of `size` bytes as a browser does: the whole body first, the answer read only after it
   * (the socket is paused meanwhile, so an answer followed by a reset is lost, as a browser loses it).
   */
  function uploadThenRead(
    site: Site,
    target: string,
    headers: Record<string, string>,
    size: number,
  ): Promise<{ status: number; head: string; text: string; error?: string }> {
    return new Promise((resolve) => {
      const socket = net.connect(site.port, "127.0.0.1");
      const chunks: Buffer[] = [];
      let error: string | undefined;
      socket.pause();
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("error", (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
      socket.on("close", () => {
        const all = Buffer.concat(chunks).toString("latin1");
        const end = all.indexOf("\r\n\r\n");
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(all)?.[1] ?? 0), head: all.slice(0, end), text: all.slice(end + 4), error });
      });
      socket.on("connect", async () => {
        const piece = Buffer.alloc(64 * 1024, "a");
        socket.write(rawRequest(`POST ${target} HTTP/1.1`, { ...headers, "content-length": String(size) }, "first_name="));
        for (let sent = 11; sent < size && !socket.destroyed; sent += piece.length) {
          const part = piece.subarray(0, Math.min(piece.length, size - sent));
          if (!socket.write(part)) await new Promise((go) => socket.once("drain", go).once("close", go));
        }
        socket.resume();
        setTimeout(() => socket.destroy(), 8000).unref();
      });
    });
  }

  describe("the stock import webhook", () => {
    const importPath = "/api/stock/import";
    const token = () => fs.readFileSync(path.join(direct.dataDir, "import-token"), "utf8").trim();
    const postImport = (body: unknown, headers: Record<string, string> = {}) =>
      send(direct, {
        method: "POST",
        path: importPath,
        host: `localhost:${direct.port}`,
        headers: { "content-type": "application/json", "x-import-token": token(), ...headers },
        body: typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body),
      });
    const resultOf = (answer: Answer) =>
      JSON.parse(answer.text) as { errors: { line: number; reason: string }[]; warnings: { message: string }[] };

    it("without the data folder's token, an import is refused with 401", async () => {
      const answer = await postImport(
        { tenant: WESTSIDE.slug, format: "csv", content: "stocknum\n" },
        { "x-import-token": "0".repeat(64) },
      );
      expect(answer.status).toBe(401);
    });

    it("an XML bomb (nested entities) is refused as a file problem at once, not expanded", async () => {
      const entities = ['<!ENTITY l0 "lollollollollollollollollollol">'];
      for (let i = 1; i < 10; i++) entities.push(`<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`);
      const bomb = `<?xml version="1.0"?><!DOCTYPE listings [${entities.join("")}]><listings><listing><make>&l9;</make></listing></listings>`;
      const answer = await postImport({ tenant: WESTSIDE.slug, format: "xml", profile: "meta-catalog", content: bomb, dryRun: true });
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      expect(resultOf(answer).errors).toEqual([
        { line: 0, reason: "XML with entity declarations (<!ENTITY>) is not accepted as a stock feed" },
      ]);
      const external = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY x SYSTEM "file:///etc/passwd">]><listings><listing><make>&x;</make></listing></listings>`;
      const read = await postImport({
        tenant: WESTSIDE.slug,
        format: "xml",
        contentBase64: Buffer.from(external).toString("base64"),
        dryRun: true,
      });
      expect(read.status).toBe(200);
      expect(read.text).not.toContain("root:");
    });

    it("bytes that are not UTF-8, XML nested 100,000 deep, too many rows and bad base64 get an answer below 500", async () => {
      const latin1 = Buffer.from("stocknum,make,model,year,price\nH1,Citro\u00ebn,C4,2019,18990\n", "latin1");
      const decoded = await postImport({ tenant: WESTSIDE.slug, format: "csv", contentBase64: latin1.toString("base64"), dryRun: true });
      expect(decoded.status).toBe(200);
      expect(resultOf(decoded).warnings.map((w) => w.message)).toContain(
        "the file is not UTF-8: it was read as Windows-1252 (Western European); save it as UTF-8 if letters look wrong",
      );
      const rawBytes = Buffer.concat([
        Buffer.from(`{"tenant":"${WESTSIDE.slug}","format":"csv","dryRun":true,"content":"stocknum\\n\xff\xfe"}`, "latin1"),
      ]);
      expect((await postImport(rawBytes)).status).toBeLessThan(500);
      const deep = "<a>".repeat(100_000) + "</a>".repeat(100_000);
      const nested = await postImport({ tenant: WESTSIDE.slug, format: "xml", content: deep, dryRun: true });
      expect(nested.status).toBe(200);
      expect(resultOf(nested).errors[0].reason).toMatch(/^not valid XML/);
      const rows = `stocknum,make,model,year,price\n${"A,Kia,Rio,2020,1\n".repeat(20_001)}`;
      const many = await postImport({ tenant: WESTSIDE.slug, format: "csv", content: rows, dryRun: true });
      expect(many.status).toBe(200);
      expect(resultOf(many).errors).toEqual([{ line: 0, reason: "the feed has 20001 rows; the most one import takes is 20000" }]);
      expect((await postImport({ tenant: WESTSIDE.slug, format: "csv", contentBase64: "%%%not base64%%%" })).status).toBe(400);
      expect((await postImport({ tenant: WESTSIDE.slug, format: "pdf", content: "x" })).status).toBe(400);
    });

    it("a feed from a caller without the token is refused with 401 before a byte of its body is read", async () => {
      const head = (extra: Record<string, string>) =>
        rawRequest(`POST ${importPath} HTTP/1.1`, {
          host: `localhost:${direct.port}`,
          "content-type": "application/json",
          "x-import-token": "0".repeat(64),
          "content-length": String(25 * 1024 * 1024),
          connection: "keep-alive",
          ...extra,
        });
      const answer = await raw(direct, [head({}), Buffer.from('{"tenant":"')], { timeoutMs: 8000 });
      expect(answer.status, answer.head).toBe(401);
      expect(answer.closed, "the server closed the connection").toBe(true);
      // A caller that asks first is told 401 instead of being invited to send the feed.
      const asked = await raw(direct, [head({ expect: "100-continue" })], { timeoutMs: 8000 });
      expect(asked.head).not.toMatch(/^HTTP\/1\.1 100/);
      expect(asked.status, asked.head).toBe(401);
    });

    it("a feed announcing more than the limit is refused with 413 before it is read", async () => {
      const head = rawRequest(`POST ${importPath} HTTP/1.1`, {
        host: `localhost:${direct.port}`,
        "content-type": "application/json",
        "x-import-token": token(),
        "content-length": String(200 * 1024 * 1024),
        connection: "keep-alive",
      });
      const answer = await raw(direct, [head, Buffer.from('{"tenant":"')], { timeoutMs: 8000 });
      expect(answer.status, answer.head).toBe(413);
    });
  });

  describe("the log", () => {
    it("a refused request is logged once, at info or warn with its status and reason, never as an error", async () => {
      const marker = `no-such-page-${Date.now()}`;
      expect((await get(proxied, SUMMIT.slug, `/${marker}`)).status).toBe(404);
      expect((await send(proxied, { method: "DELETE", path: `/${marker}-delete`, host: proxied.host(SUMMIT.slug) })).status).toBe(405);
      const crossSite = await post(proxied, SUMMIT.slug, `/${marker}-cross`, FINANCE_FORM, { origin: "https://evil.example" });
      expect(crossSite.status).toBe(403);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const entries = proxied
        .output()
        .split("\n")
        .filter((line) => line.includes(marker))
        .map((line) => JSON.parse(line) as { level: string; message: string; status: number; reason: string; path: string });
      expect(entries.map((e) => [e.level, e.message, e.status])).toEqual([
        ["info", "request refused", 404],
        ["info", "request refused", 405],
        ["warn", "request refused", 403],
      ]);
      for (const entry of entries) expect(entry.reason, JSON.stringify(entry)).toMatch(/\w{3}/);
      expect(proxied.output()).not.toContain("[object Object]");
    });
  });

  describe("methods", () => {
    it("TRACE is refused with 405 and Allow", async () => {
      for (const dealer of DEALERS) {
        const answer = await raw(direct, [rawRequest("TRACE / HTTP/1.1", { host: direct.host(dealer.slug) })]);
        expect(answer.status, dealer.slug).toBe(405);
        expect(answer.headers.allow ?? "", dealer.slug).toMatch(/GET/);
      }
    });

    it("PUT, PATCH and DELETE on a car page are refused with 405", async () => {
      for (const dealer of DEALERS) {
        for (const method of ["PUT", "PATCH", "DELETE"]) {
          const answer = await send(direct, {
            method,
            path: `/cars/${carOf(dealer.slug)}`,
            host: direct.host(dealer.slug),
            headers: { ...FORM_TYPE, ...sameOrigin(direct, dealer.slug) },
            body: "intent=enquiry",
          });
          expect(answer.status, `${method} on ${dealer.slug}`).toBe(405);
        }
      }
    });

    it("DELETE /finance with a form body is refused with 405", async () => {
      const answer = await send(direct, {
        method: "DELETE",
        path: "/finance",
        host: direct.host(SUMMIT.slug),
        headers: { ...FORM_TYPE, ...sameOrigin(direct, SUMMIT.slug) },
        body: FINANCE_FORM,
      });
      expect(answer.status).toBe(405);
    });

    it("OPTIONS answers with Allow", async () => {
      for (const dealer of DEALERS) {
        const answer = await send(direct, { method: "OPTIONS", path: "/", host: direct.host(dealer.slug) });
        expect([200, 204], dealer.slug).toContain(answer.status);
        expect(answer.headers.allow ?? "", dealer.slug).toMatch(/GET/);
      }
    });
  });

  describe("malformed requests get 400, never 500", () => {
    it("a Host with two ports", async () => {
      const answer = await raw(direct, [rawRequest("GET / HTTP/1.1", { host: "coastal-gwm.localhost:3000:80" })]);
      expect(answer.status, answer.head).toBe(400);
    });

    it("an absolute-form request target", async () => {
      const answer = await raw(direct, [
        rawRequest(`GET http://${direct.host(COASTAL.slug)}/ HTTP/1.1`, { host: direct.host(COASTAL.slug) }),
      ]);
      expect(answer.status, answer.head).toBe(400);
    });

    it("broken percent-encoding in the query and in the path", async () => {
      for (const dealer of DEALERS) {
        const query = await raw(direct, [
          rawRequest(`GET ${dealer.searchPath}?make=%E0%A4%A HTTP/1.1`, { host: direct.host(dealer.slug) }),
        ]);
        expect(query.status, `${dealer.slug} query: ${query.head}`).toBe(400);
        const path = await raw(direct, [rawRequest("GET /cars/%ZZ HTTP/1.1", { host: direct.host(dealer.slug) })]);
        expect(path.status, `${dealer.slug} path: ${path.head}`).toBe(400);
      }
    });

    it("form fields named into an object's prototype (__proto__, constructor, prototype) get an answer below 500 on every form", async () => {
      const dealer = SUMMIT;
      const origin = sameOrigin(direct, dealer.slug);
      const names = ["__proto__", "constructor", "prototype", "a.__proto__.b", "a[constructor]", "__proto__[polluted]"];
      const forms: [string, string][] = [
        ["/sign-in", "phone=0412345678"],
        ["/contact", "intent=contact&first_name=Alex"],
        ["/finance", "intent=finance&first_name=Alex"],
        [`/cars/${carOf(dealer.slug)}`, "intent=enquiry&first_name=Alex"],
        ["/book-test-drive", "intent=test-drive&first_name=Alex"],
        ["/trade-in", "intent=rego&rego=ABC123&state=NSW"],
        ["/sign-out", ""],
      ];
      for (const [path, fields] of forms) {
        for (const name of names) {
          const body = `${fields}${fields ? "&" : ""}${encodeURIComponent(name)}=x`;
          const answer = await send(direct, {
            method: "POST",
            path,
            host: direct.host(dealer.slug),
            headers: { ...origin, ...FORM_TYPE },
            body,
          });
          expect(answer.status, `${name} to ${path}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it("JSON, plain text and empty bodies posted to a car page (from the dealer's own site)", async () => {
      for (const dealer of DEALERS) {
        const path = `/cars/${carOf(dealer.slug)}`;
        const origin = sameOrigin(direct, dealer.slug);
        const bodies: [string, Record<string, string>, string][] = [
          ["JSON", { "content-type": "application/json" }, JSON.stringify({ intent: "enquiry", first_name: "Alex" })],
          ["text/plain", { "content-type": "text/plain" }, "intent=enquiry&first_name=Alex"],
          ["empty form", FORM_TYPE, ""],
          ["empty, no type", {}, ""],
        ];
        for (const [what, type, body] of bodies) {
          const answer = await send(direct, {
            method: "POST",
            path,
            host: direct.host(dealer.slug),
            headers: { ...origin, ...type },
            body,
          });
          expect([400, 415], `${what} to ${dealer.slug}: ${answer.status} ${answer.text.slice(0, 200)}`).toContain(answer.status);
        }
      }
    });
  });

  describe("page headers", () => {
    const pagePaths = (slug: string) => ["/", DEALERS.find((d) => d.slug === slug)!.searchPath, `/cars/${carOf(slug)}`];

    /** The page's inline scripts a browser runs, as the text between their tags (no src, no JSON-LD). */
    const inlineScriptsOf = (html: string) =>
      [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes]) => !/\bsrc=/.test(attributes) && !/application\/ld\+json/.test(attributes))
        .map(([, , text]) => text);
    const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    const scriptSrcOf = (answer: Answer) => /(?:^|;)\s*script-src ([^;]*)/.exec(answer.headers["content-security-policy"] ?? "")?.[1] ?? "";

    it("a stored page runs exactly its own inline scripts, by their hashes, with 'strict-dynamic', no nonce and no 'unsafe-inline'", async () => {
      for (const dealer of DEALERS) {
        for (const path of pagePaths(dealer.slug)) {
          await get(direct, dealer.slug, path);
          const page = await get(direct, dealer.slug, path);
          const where = `${dealer.slug} ${path}`;
          expect(page.status, where).toBe(200);
          expect(page.headers["x-page-cache"], where).toBe("hit");
          const scriptSrc = scriptSrcOf(page).split(" ");
          expect(scriptSrc, `${where} script-src`).toContain("'strict-dynamic'");
          expect(scriptSrc, `${where} script-src`).not.toContain("'unsafe-inline'");
          expect(
            scriptSrc.some((source) => source.startsWith("'nonce-")),
            `${where} script-src`,
          ).toBe(false);
          const scripts = inlineScriptsOf(page.text);
          expect(scripts.length, where).toBeGreaterThan(0);
          // Every script the page runs is named, and nothing else is.
          expect(scriptSrc.filter((source) => source.startsWith("'sha256-")).sort(), where).toEqual(
            [...new Set(scripts.map(sha256))].sort(),
          );
          expect(page.text, `${where}: no nonce in a page shared by everyone`).not.toMatch(/<script[^>]*\bnonce=/);
          expect(page.headers["content-security-policy"], where).toMatch(/frame-ancestors /);
          expect(page.headers["permissions-policy"], where).toBeTruthy();
        }
      }
    });

    it("a page rendered for one answer (not stored) runs its scripts by that answer's nonce, every script carrying it", async () => {
      for (const dealer of DEALERS) {
        const page = await get(direct, dealer.slug, "/contact");
        const where = `${dealer.slug} /contact`;
        expect(page.status, where).toBe(200);
        expect(page.headers["x-page-cache"], where).toBeUndefined();
        const scriptSrc = scriptSrcOf(page);
        expect(scriptSrc, `${where} script-src`).toMatch(/^'nonce-[A-Za-z0-9+/=_-]{16,}' 'strict-dynamic'/);
        expect(scriptSrc, `${where} script-src`).not.toContain("'unsafe-inline'");
        const nonce = nonceOf(page);
        const tags = [...page.text.matchAll(/<script\b[^>]*>/g)]
          .map((m) => m[0])
          .filter((tag) => !/type="application\/ld\+json"/.test(tag));
        expect(tags.length, where).toBeGreaterThan(0);
        expect(
          tags.filter((tag) => !tag.includes(`nonce="${nonce}"`)),
          `${where}: scripts without this response's nonce`,
        ).toEqual([]);
        const again = await get(direct, dealer.slug, "/contact");
        expect(nonceOf(again), `${where}: a new nonce for each answer`).not.toBe(nonce);
      }
    });

    it("a stored page is the same bytes and the same policy for everyone, however many ask", async () => {
      for (const dealer of DEALERS) {
        const answers: Answer[] = [];
        for (let i = 0; i < 3; i++) answers.push(await get(direct, dealer.slug, dealer.searchPath));
        const cached = answers.filter((a) => a.headers["x-page-cache"] === "hit");
        expect(cached.length, `${dealer.slug}: a repeat visit is served from the page cache`).toBeGreaterThan(0);
        for (const answer of answers.slice(1)) {
          expect(answer.text, dealer.slug).toBe(answers[0].text);
          expect(answer.headers["content-security-policy"], dealer.slug).toBe(answers[0].headers["content-security-policy"]);
        }
      }
    });

    it("Strict-Transport-Security only when the shopper came over HTTPS through the trusted proxy", async () => {
      const https = await get(proxied, SUMMIT.slug, "/", { "x-forwarded-proto": "https" });
      expect(https.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      const plainProxied = await get(proxied, SUMMIT.slug, "/");
      expect(plainProxied.headers["strict-transport-security"]).toBeUndefined();
      const plain = await get(direct, SUMMIT.slug, "/");
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
      const spoofed = await get(direct, SUMMIT.slug, "/", { "x-forwarded-proto": "https" });
      expect(spoofed.headers["strict-transport-security"], "X-Forwarded-Proto from an untrusted client").toBeUndefined();
    });
  });

  it("a shopper with a session cookie is served the results page from the page cache, and cannot make it personal", async () => {
    const path = "/search?sortBy=year:desc&page=2";
    const cookie = { cookie: `dealer_session=${"c".repeat(43)}` };
    const anonymous = await get(direct, SUMMIT.slug, path);
    expect(anonymous.status).toBe(200);
    const signedIn = await get(direct, SUMMIT.slug, path, cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers["x-page-cache"]).toBe("hit");
    // Another address, first asked with a cookie: rendered as asked, then shared once known to be public.
    const other = "/search?sortBy=km:asc&page=3";
    await get(direct, SUMMIT.slug, other, cookie);
    await get(direct, SUMMIT.slug, other, cookie);
    expect((await get(direct, SUMMIT.slug, other, cookie)).headers["x-page-cache"]).toBe("hit");
  });

  it("no page carries a NUL byte (home, results, a car, on every dealer)", async () => {
    const found: string[] = [];
    for (const dealer of DEALERS) {
      for (const path of [
        "/",
        dealer.searchPath,
        `${dealer.searchPath}?page=2`,
        `/cars/${carOf(dealer.slug)}`,
        ...slugs[dealer.slug].slice(1, 4).map((s) => `/cars/${s}`),
      ]) {
        const page = await get(direct, dealer.slug, path);
        expect(page.status, `${dealer.slug} ${path}`).toBe(200);
        const at = page.body.indexOf(0);
        if (at !== -1)
          found.push(`${dealer.slug} ${path}: NUL at byte ${at} (…${page.body.subarray(Math.max(0, at - 40), at).toString("utf8")}…)`);
      }
    }
    expect(found).toEqual([]);
  });

  it("every search filter spelling and 600 more made-up hostile requests (fixed seed) over the three dealers: no answer of 500 or more, none left unanswered", async () => {
    const dealers = DEALERS.map((d) => ({ ...d, host: direct.host(d.slug) }));
    const cases = hostileCases({ seed: 20_240_611, count: 600, dealers, slugs });
    expect(cases.length).toBeGreaterThanOrEqual(700);
    const offenders: string[] = [];
    // Four at a time and a minute each: on a busy machine (another suite beside this one) the server's
    // answers slow down, which is not what this asks; an answer of 500 or a request left hanging is.
    await eachLimited(cases, 4, async (c) => {
      const headers: Record<string, string> = { host: direct.host(c.dealer), ...c.headers };
      if (c.body) headers["content-length"] = String(c.body.length);
      const answer = await raw(direct, [rawRequest(`${c.method} ${c.target} HTTP/1.1`, headers, c.body)], { timeoutMs: 60_000 });
      if (answer.status >= 500 || answer.status === 0) {
        const what = answer.status === 0 ? (answer.closed ? "closed without an answer" : "no answer in a minute") : String(answer.status);
        const body = c.body
          ? ` body(${c.body.length} B ${c.headers["content-type"] ?? "no type"}): ${c.body.subarray(0, 80).toString("utf8")}`
          : "";
        offenders.push(`${what} ← ${c.method} ${c.target.slice(0, 160)} [${c.dealer}]${body}`);
      }
    });
    const health = await send(direct, { path: "/healthz", host: direct.host(SUMMIT.slug) });
    expect(health.status, "the server still answers after the fuzz").toBe(200);
    expect(offenders, `${offenders.length} of ${cases.length} requests:\n${offenders.slice(0, 40).join("\n")}`).toEqual([]);
  }, 360_000);
});
