import { describe, expect, it, vi } from "vitest";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { scriptHashSource } from "./scriptHashes";
import { cacheableSeconds, PAGE_VIEW_HEADER, PAGE_VIEW_PAYLOAD_HEADER, withPageCache, type StoredAnswer } from "./pageCache";

function page(body: string, headers: Record<string, string> = { "Cache-Control": "public, max-age=60" }, status = 200) {
  return new Response(body, { status, headers });
}
const get = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers: { host: new URL(url).host, ...headers } });

describe("what may be cached", () => {
  it("only public pages with a max-age, capped", () => {
    expect(cacheableSeconds(page("x"), 30)).toBe(30);
    expect(cacheableSeconds(page("x", { "Cache-Control": "public, max-age=10" }), 30)).toBe(10);
    expect(cacheableSeconds(page("x", { "Cache-Control": "private, max-age=60" }), 30)).toBe(0);
    expect(cacheableSeconds(page("x", { "Cache-Control": "no-store" }), 30)).toBe(0);
    expect(cacheableSeconds(page("x", { "Cache-Control": "public" }), 30)).toBe(0);
    expect(cacheableSeconds(page("x", {}), 30)).toBe(0);
  });
  it("never errors, cookies or pages that vary on more than encoding", () => {
    expect(cacheableSeconds(page("x", { "Cache-Control": "public, max-age=60" }, 404), 60)).toBe(0);
    expect(cacheableSeconds(page("x", { "Cache-Control": "public, max-age=60", "Set-Cookie": "a=b" }), 60)).toBe(0);
    expect(cacheableSeconds(page("x", { "Cache-Control": "public, max-age=60", Vary: "Cookie" }), 60)).toBe(0);
    expect(cacheableSeconds(page("x", { "Cache-Control": "public, max-age=60", Vary: "Accept-Encoding" }), 60)).toBe(60);
    // Kept for the shared cache's lifetime, while browsers check every time.
    expect(cacheableSeconds(page("x", { "Cache-Control": "public, max-age=0, s-maxage=60" }), 600)).toBe(60);
    expect(cacheableSeconds(page("x", { "Cache-Control": "public, s-maxage=30, max-age=300" }), 600)).toBe(30);
  });
});

describe("page cache", () => {
  it("serves a second request for the same page without rendering again", async () => {
    let renders = 0;
    const handler = withPageCache(async () => page(`render ${++renders}`));
    const first = await handler(get("http://a.localhost/search?make=Toyota"), undefined);
    const second = await handler(get("http://a.localhost/search?make=Toyota"), undefined);
    expect(await first.text()).toBe("render 1");
    expect(await second.text()).toBe("render 1");
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(renders).toBe(1);
  });

  it("keeps each dealer's and each URL's page apart", async () => {
    const handler = withPageCache(async (request) => page(`${request.headers.get("host")}${new URL(request.url).search}`));
    await handler(get("http://a.localhost/search?page=1"), undefined);
    expect(await (await handler(get("http://b.localhost/search?page=1"), undefined)).text()).toBe("b.localhost?page=1");
    expect(await (await handler(get("http://a.localhost/search?page=2"), undefined)).text()).toBe("a.localhost?page=2");
  });

  it("renders again once the page's time is up", async () => {
    let now = 0;
    let renders = 0;
    const handler = withPageCache(async () => page(`render ${++renders}`, { "Cache-Control": "public, max-age=10" }), { clock: () => now });
    await handler(get("http://a.localhost/"), undefined);
    now = 9_999;
    expect(await (await handler(get("http://a.localhost/"), undefined)).text()).toBe("render 1");
    now = 10_001;
    expect(await (await handler(get("http://a.localhost/"), undefined)).text()).toBe("render 2");
  });

  it("passes through posts, requests with credentials, and pages that are not public", async () => {
    let renders = 0;
    const handler = withPageCache(async (request) =>
      page(`render ${++renders}`, new URL(request.url).pathname === "/private" ? { "Cache-Control": "private" } : undefined),
    );
    await handler(new Request("http://a.localhost/search", { method: "POST", body: "x" }), undefined);
    await handler(new Request("http://a.localhost/search", { method: "POST", body: "x" }), undefined);
    await handler(get("http://a.localhost/search", { authorization: "Bearer x" }), undefined);
    await handler(get("http://a.localhost/search", { authorization: "Bearer x" }), undefined);
    await handler(get("http://a.localhost/private"), undefined);
    await handler(get("http://a.localhost/private"), undefined);
    expect(renders).toBe(6);
    expect(handler.size()).toBe(0);
  });

  it("shares one render among shoppers arriving at once", async () => {
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const handler = withPageCache(async () => {
      renders++;
      await gate;
      return page("shared");
    });
    const all = Array.from({ length: 10 }, () => handler(get("http://a.localhost/search"), undefined));
    release();
    const bodies = await Promise.all((await Promise.all(all)).map((r) => r.text()));
    expect(new Set(bodies)).toEqual(new Set(["shared"]));
    expect(renders).toBe(1);
  });

  it("counts a view for every hit of a page that asks for it, and hides the header", async () => {
    const onView = vi.fn();
    const handler = withPageCache(async () => page("results", { "Cache-Control": "public, max-age=60", [PAGE_VIEW_HEADER]: "49" }), {
      onView,
    });
    const first = await handler(get("http://a.localhost/search"), undefined);
    expect(first.headers.has(PAGE_VIEW_HEADER)).toBe(false);
    await handler(get("http://a.localhost/search"), undefined);
    await handler(get("http://a.localhost/search"), undefined);
    // The first render counted itself in its loader; hits are counted here.
    expect(onView).toHaveBeenCalledTimes(2);
    expect(onView.mock.calls[0][1]).toBe(49);
  });

  it("hands each counted view the payload the page gave (the car of a vehicle page), sent on to no one", async () => {
    const onView = vi.fn();
    const headers = { "Cache-Control": "public, max-age=60", [PAGE_VIEW_HEADER]: "4", [PAGE_VIEW_PAYLOAD_HEADER]: '{"car_id":"c-1"}' };
    const handler = withPageCache(async () => page("a used car", headers), { onView });
    await handler(get("http://a.localhost/cars/a-car"), undefined);
    const hit = await handler(get("http://a.localhost/cars/a-car", { cookie: "session=1" }), undefined);
    expect(hit.headers.get("X-Page-Cache")).toBe("hit");
    expect(hit.headers.has(PAGE_VIEW_PAYLOAD_HEADER)).toBe(false);
    expect(onView).toHaveBeenCalledTimes(1);
    expect(onView.mock.calls[0][1]).toBe(4);
    expect(onView.mock.calls[0][3]).toEqual({ car_id: "c-1" });

    // A payload that is not a JSON object counts the view without one.
    const odd = withPageCache(async () => page("odd", { ...headers, [PAGE_VIEW_PAYLOAD_HEADER]: "[1, 2" }), { onView });
    await odd(get("http://a.localhost/cars/b-car"), undefined);
    await odd(get("http://a.localhost/cars/b-car"), undefined);
    expect(onView.mock.calls[1][3]).toEqual({});
  });

  it("drops only the pages a change makes stale (one dealer's, after its stock changed)", async () => {
    let renders = 0;
    const handler = withPageCache(async (request) => page(`${new URL(request.url).host} ${++renders}`));
    await handler(get("http://a.localhost/search"), undefined);
    await handler(get("http://b.localhost/search"), undefined);
    handler.clearWhere((key) => key.startsWith("a.localhost"));
    expect(await (await handler(get("http://a.localhost/search"), undefined)).text()).toBe("a.localhost 3");
    expect(await (await handler(get("http://b.localhost/search"), undefined)).text()).toBe("b.localhost 2");
  });

  it("drops the oldest page when full", async () => {
    const handler = withPageCache(async (request) => page(new URL(request.url).pathname), { maxEntries: 2 });
    for (const p of ["/a", "/b", "/c"]) await handler(get(`http://a.localhost${p}`), undefined);
    expect(handler.size()).toBe(2);
    expect((await handler(get("http://a.localhost/a"), undefined)).headers.get("X-Page-Cache")).toBe("miss");
  });

  it("keeps within its bytes too, dropping the pages asked for least recently", async () => {
    const handler = withPageCache(async (request) => page(`${new URL(request.url).pathname} ${"x".repeat(400)}`), { maxBytes: 1_000 });
    for (const p of ["/a", "/b", "/c"]) await handler(get(`http://a.localhost${p}`), undefined);
    expect(handler.size()).toBe(2);
    expect((await handler(get("http://a.localhost/c"), undefined)).headers.get("X-Page-Cache")).toBe("hit");
    expect((await handler(get("http://a.localhost/b"), undefined)).headers.get("X-Page-Cache")).toBe("hit");
    expect((await handler(get("http://a.localhost/a"), undefined)).headers.get("X-Page-Cache")).toBe("miss");
    // A page larger than the whole budget is still kept on its own, not refused.
    const big = withPageCache(async () => page("y".repeat(5_000)), { maxBytes: 1_000 });
    await big(get("http://a.localhost/big"), undefined);
    expect((await big(get("http://a.localhost/big"), undefined)).headers.get("X-Page-Cache")).toBe("hit");
  });

  it("counts the compressed copies, and frees a dropped page's bytes", async () => {
    const browser = { "Accept-Encoding": "br" };
    const handler = withPageCache(async (request) => page(`${new URL(request.url).pathname} ${"Ford Ranger XLT ".repeat(80)}`), {
      maxBytes: 3_000,
    });
    for (const p of ["/a", "/b"]) {
      await handler(get(`http://a.localhost${p}`, browser), undefined);
      await handler(get(`http://a.localhost${p}`, browser), undefined);
    }
    expect(handler.size()).toBe(2);
    handler.clearWhere(() => true);
    for (const p of ["/c", "/d"]) await handler(get(`http://a.localhost${p}`, browser), undefined);
    expect(handler.size()).toBe(2);
    // Two bodies of about 1.3 kB and their copies: a third page does not fit beside them.
    await handler(get("http://a.localhost/e", browser), undefined);
    expect(handler.size()).toBe(2);
  });

  it("when full, keeps the pages shoppers keep asking for over a flood of one-off addresses", async () => {
    const handler = withPageCache(async (request) => page(new URL(request.url).pathname + new URL(request.url).search), { maxEntries: 3 });
    await handler(get("http://a.localhost/"), undefined);
    for (let n = 0; n < 20; n++) {
      await handler(get(`http://a.localhost/search?make=Kia&page=${n}`), undefined);
      expect((await handler(get("http://a.localhost/"), undefined)).headers.get("X-Page-Cache")).toBe("hit");
    }
    expect(handler.size()).toBe(3);
  });
});

describe("stale pages while a render runs, or when it fails", () => {
  const SWR = { "Cache-Control": "public, max-age=0, s-maxage=10, stale-while-revalidate=30, stale-if-error=600" };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("past its time, the stored page is served at once while one background render replaces it", async () => {
    let now = 0;
    let renders = 0;
    let release = () => {};
    const handler = withPageCache(
      async () => {
        renders++;
        if (renders > 1) await new Promise<void>((resolve) => (release = resolve));
        return page(`render ${renders}`, SWR);
      },
      { clock: () => now },
    );
    await handler(get("http://a.localhost/search"), undefined);
    now = 12_000;
    const stale = await handler(get("http://a.localhost/search"), undefined);
    expect(await stale.text()).toBe("render 1");
    expect(stale.headers.get("X-Page-Cache")).toBe("stale");
    // More shoppers meanwhile: still the stored page, and still one render.
    expect(await (await handler(get("http://a.localhost/search", { cookie: "s=1" }), undefined)).text()).toBe("render 1");
    expect(renders).toBe(2);
    release();
    await settle();
    const fresh = await handler(get("http://a.localhost/search"), undefined);
    expect(await fresh.text()).toBe("render 2");
    expect(fresh.headers.get("X-Page-Cache")).toBe("hit");
  });

  it("a page renewed in the background takes its place compressed: no shopper waits for its compression", async () => {
    let now = 0;
    let renders = 0;
    const browser = { "Accept-Encoding": "gzip, deflate, br" };
    const handler = withPageCache(async () => page(`<p>render ${++renders}</p>${"<p>Mazda CX-5 Maxx Sport</p>".repeat(80)}`, SWR), {
      clock: () => now,
    });
    await handler(get("http://a.localhost/", browser), undefined);
    await handler(get("http://a.localhost/", browser), undefined);
    now = 12_000;
    expect(handler.storedAnswer(get("http://a.localhost/", browser), undefined)).not.toBeInstanceOf(Promise);
    for (const until = Date.now() + 10_000; Date.now() < until && renders < 2;) await settle();
    expect(renders).toBe(2);
    // Until the new page is compressed the old one is served; after, the new one, made at once.
    let answer = handler.storedAnswer(get("http://a.localhost/", browser), undefined);
    for (const until = Date.now() + 10_000; Date.now() < until;) {
      expect(answer).not.toBeInstanceOf(Promise);
      if (answer && !(answer instanceof Promise) && answer.headers.get("X-Page-Cache") === "hit") break;
      await settle();
      answer = handler.storedAnswer(get("http://a.localhost/", browser), undefined);
    }
    const fresh = answer as StoredAnswer;
    expect(fresh.headers.get("X-Page-Cache")).toBe("hit");
    expect(fresh.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(fresh.body!).toString()).toContain("render 2");
  });

  it("reads the shared caches' own directives (CDN-Cache-Control), which browsers never see, before Cache-Control", async () => {
    let now = 0;
    let renders = 0;
    const shared = { "Cache-Control": "public, max-age=0, s-maxage=10", "CDN-Cache-Control": "max-age=10, stale-while-revalidate=30" };
    const handler = withPageCache(async () => page(`render ${++renders}`, shared), { clock: () => now });
    await handler(get("http://a.localhost/"), undefined);
    now = 12_000;
    const stale = await handler(get("http://a.localhost/"), undefined);
    expect([await stale.text(), stale.headers.get("X-Page-Cache")]).toEqual(["render 1", "stale"]);
  });

  it("past stale-while-revalidate, a shopper waits for the new render", async () => {
    let now = 0;
    let renders = 0;
    const handler = withPageCache(async () => page(`render ${++renders}`, SWR), { clock: () => now });
    await handler(get("http://a.localhost/"), undefined);
    now = 41_000;
    const answer = await handler(get("http://a.localhost/"), undefined);
    expect(await answer.text()).toBe("render 2");
    expect(answer.headers.get("X-Page-Cache")).toBe("miss");
  });

  it("when a render fails (throws or answers 5xx), the stored page is served for its stale-if-error time", async () => {
    let now = 0;
    let fail: "throw" | "500" | null = null;
    const handler = withPageCache(
      async () => {
        if (fail === "throw") throw new Error("database down");
        if (fail === "500") return new Response("Sorry", { status: 500 });
        return page("the results", SWR);
      },
      { clock: () => now },
    );
    await handler(get("http://a.localhost/search"), undefined);
    now = 100_000;
    fail = "throw";
    const thrown = await handler(get("http://a.localhost/search"), undefined);
    expect([thrown.status, await thrown.text(), thrown.headers.get("X-Page-Cache")]).toEqual([200, "the results", "stale"]);
    fail = "500";
    expect(await (await handler(get("http://a.localhost/search"), undefined)).text()).toBe("the results");
    now = 611_000;
    expect((await handler(get("http://a.localhost/search"), undefined)).status).toBe(500);
  });

  it("a page dropped because the stock changed is never served stale, nor stored from a render that started before", async () => {
    let now = 0;
    let renders = 0;
    let release = () => {};
    const handler = withPageCache(
      async () => {
        renders++;
        if (renders === 2) await new Promise<void>((resolve) => (release = resolve));
        return page(`render ${renders}`, SWR);
      },
      { clock: () => now },
    );
    await handler(get("http://a.localhost/cars/x"), undefined);
    now = 12_000;
    await handler(get("http://a.localhost/cars/x"), undefined); // stale, render 2 starts
    handler.clearWhere((key) => key.startsWith("a.localhost"));
    release();
    await settle();
    const after = await handler(get("http://a.localhost/cars/x"), undefined);
    expect(await after.text()).toBe("render 3");
    expect(after.headers.get("X-Page-Cache")).toBe("miss");
  });
});

describe("page cache cannot be poisoned", () => {
  // Like Remix: a HEAD render has headers but no body.
  const remixLike = (html: string) => async (request: Request) =>
    new Response(request.method === "HEAD" ? null : html, {
      headers: { "Cache-Control": "public, max-age=60", "Content-Type": "text/html" },
    });

  it("a HEAD first never leaves an empty page for the shoppers after it", async () => {
    const handler = withPageCache(remixLike("<html>full page</html>"));
    const head = await handler(new Request("http://a.localhost/", { method: "HEAD" }), undefined);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const next = await handler(get("http://a.localhost/"), undefined);
    expect(next.headers.get("X-Page-Cache")).toBe("hit");
    expect(await next.text()).toBe("<html>full page</html>");
  });

  it("a HEAD after a GET is answered from the stored page, without a body", async () => {
    const handler = withPageCache(remixLike("<html>page</html>"));
    await handler(get("http://a.localhost/search"), undefined);
    const head = await handler(new Request("http://a.localhost/search", { method: "HEAD" }), undefined);
    expect(head.headers.get("X-Page-Cache")).toBe("hit");
    expect(await head.text()).toBe("");
    expect(await (await handler(get("http://a.localhost/search"), undefined)).text()).toBe("<html>page</html>");
  });

  it("an empty body is never stored", async () => {
    let renders = 0;
    const handler = withPageCache(async () => (++renders === 1 ? page("") : page("second")));
    await handler(get("http://a.localhost/"), undefined);
    expect(handler.size()).toBe(0);
    expect(await (await handler(get("http://a.localhost/"), undefined)).text()).toBe("second");
  });

  it("is keyed by the dealer the server resolved, not by the Host header", async () => {
    type Context = { dealer: string };
    const handler = withPageCache<Context>(async (_request, context) => page(`${context.dealer} home`), {
      keyOf: (request, context) => `${context.dealer}|${new URL(request.url).pathname}`,
    });
    // Behind a proxy: Host says coastal, the trusted forwarded host resolved summit.
    await handler(get("http://coastal.localhost/"), { dealer: "summit" });
    const coastal = await handler(get("http://coastal.localhost/"), { dealer: "coastal" });
    expect(await coastal.text()).toBe("coastal home");
  });

  it("passes through a request it has no key for", async () => {
    let renders = 0;
    const handler = withPageCache(async () => page(`render ${++renders}`), { keyOf: () => null });
    await handler(get("http://unknown.example/"), undefined);
    await handler(get("http://unknown.example/"), undefined);
    expect(renders).toBe(2);
  });

  it("skips pages that vary on anything but encoding", async () => {
    const handler = withPageCache(async () => page("x", { "Cache-Control": "public, max-age=60", Vary: "Accept-Language" }));
    await handler(get("http://a.localhost/"), undefined);
    expect(handler.size()).toBe(0);
  });

  it("a stored page carries no nonce: its render's is taken out, and its policy names its scripts' hashes", async () => {
    type Context = { nonce: string };
    const policies: string[][] = [];
    const handler = withPageCache<Context>(
      async (_request, { nonce }) =>
        page(`<script nonce="${nonce}">start()</script><script type="application/ld+json">{}</script>`, {
          "Cache-Control": "public, max-age=60",
          "Content-Type": "text/html; charset=utf-8",
        }),
      {
        nonceOf: (context) => context.nonce,
        storedPageHeaders: ({ scriptHashes }) => {
          policies.push(scriptHashes);
          return { "Content-Security-Policy": `script-src ${scriptHashes.join(" ")} 'strict-dynamic'` };
        },
      },
    );
    const miss = await handler(get("http://a.localhost/"), { nonce: "Zm9vYmFyYmF6cXV4MTIzNA==" });
    const hit = await handler(get("http://a.localhost/"), { nonce: "bmV3bm9uY2Vmb3JoaXQxMg==" });
    expect(hit.headers.get("X-Page-Cache")).toBe("hit");
    for (const answer of [miss, hit]) {
      expect(await answer.text()).toBe('<script>start()</script><script type="application/ld+json">{}</script>');
      expect(answer.headers.get("Content-Security-Policy")).toBe(`script-src ${scriptHashSource("start()")} 'strict-dynamic'`);
    }
    // Worked out once, when the page was stored.
    expect(policies).toEqual([[scriptHashSource("start()")]]);
  });

  it("keeps single fetch's data answers beside the pages, each under its own address, with no page policy", async () => {
    const handler = withPageCache(
      async (request) =>
        new URL(request.url).pathname.endsWith(".data")
          ? page('[{"_1":2},"routes/search"]', { "Cache-Control": "public, max-age=0, s-maxage=60", "Content-Type": "text/x-script" })
          : page("<html>results</html>", { "Cache-Control": "public, max-age=0, s-maxage=60", "Content-Type": "text/html" }),
      { storedPageHeaders: () => ({ "Content-Security-Policy": "script-src 'strict-dynamic'" }) },
    );
    await handler(get("http://a.localhost/search?make=Toyota"), undefined);
    await handler(get("http://a.localhost/search.data?make=Toyota"), undefined);
    const data = await handler(get("http://a.localhost/search.data?make=Toyota"), undefined);
    expect(data.headers.get("X-Page-Cache")).toBe("hit");
    expect(data.headers.get("Content-Type")).toBe("text/x-script");
    expect(data.headers.get("Content-Security-Policy")).toBeNull();
    expect(await data.text()).toBe('[{"_1":2},"routes/search"]');
    const html = await handler(get("http://a.localhost/search?make=Toyota"), undefined);
    expect(await html.text()).toBe("<html>results</html>");
    expect(handler.size()).toBe(2);
  });
});

describe("signed-in shoppers share the public pages", () => {
  const signedIn = { cookie: "dealer_session=secret-token" };
  /** A page that says what cookie it saw, public unless its path is /garage. */
  function site() {
    const seen: (string | null)[] = [];
    const handler = withPageCache(async (request) => {
      seen.push(request.headers.get("cookie"));
      const personal = new URL(request.url).pathname === "/garage";
      return page(`cookie: ${request.headers.get("cookie") ?? "none"}`, personal ? { "Cache-Control": "private, no-cache" } : undefined);
    });
    return { handler, seen };
  }

  it("a shopper with a session is served the page stored for everyone", async () => {
    const { handler, seen } = site();
    await handler(get("http://a.localhost/search"), undefined);
    const mine = await handler(get("http://a.localhost/search", signedIn), undefined);
    expect(mine.headers.get("X-Page-Cache")).toBe("hit");
    expect(await mine.text()).toBe("cookie: none");
    expect(seen).toEqual([null]);
  });

  it("once an address is known to be public, a miss is rendered without the shopper's cookies and stored", async () => {
    const { handler, seen } = site();
    // Not yet known: rendered as asked, and learned.
    expect(await (await handler(get("http://a.localhost/search?page=2", signedIn), undefined)).text()).toBe(
      "cookie: dealer_session=secret-token",
    );
    expect(handler.size()).toBe(0);
    // Known public: rendered as an anonymous visitor would see it, and kept for everyone.
    expect(await (await handler(get("http://a.localhost/search?page=2", signedIn), undefined)).text()).toBe("cookie: none");
    expect(handler.size()).toBe(1);
    const third = await handler(get("http://a.localhost/search?page=2", signedIn), undefined);
    expect(third.headers.get("X-Page-Cache")).toBe("hit");
    expect(seen).toEqual(["dealer_session=secret-token", null]);
  });

  it("a personal page is always rendered for the shopper who asked, never stored", async () => {
    const { handler, seen } = site();
    for (let i = 0; i < 3; i++) {
      expect(await (await handler(get("http://a.localhost/garage", signedIn), undefined)).text()).toBe(
        "cookie: dealer_session=secret-token",
      );
    }
    expect(seen).toEqual(Array(3).fill("dealer_session=secret-token"));
    expect(handler.size()).toBe(0);
  });

  it("an address that stops being public gives the shopper their own render", async () => {
    let personal = false;
    const seen: (string | null)[] = [];
    const handler = withPageCache(
      async (request) => {
        seen.push(request.headers.get("cookie"));
        return page("x", personal ? { "Cache-Control": "private" } : { "Cache-Control": "public, max-age=1" });
      },
      { clock: () => now },
    );
    let now = 0;
    await handler(get("http://a.localhost/offers"), undefined);
    personal = true;
    now = 5_000;
    const response = await handler(get("http://a.localhost/offers", signedIn), undefined);
    expect(response.headers.get("Cache-Control")).toBe("private");
    expect(seen).toEqual([null, null, "dealer_session=secret-token"]);
  });
});

describe("stored answers are compressed once, Brotli or gzip as the browser takes them", () => {
  const html = `<!doctype html><script>start()</script>${"<p>Toyota Corolla Ascent Sport</p>".repeat(60)}`;
  const browser = { "Accept-Encoding": "gzip, deflate, br, zstd" };
  function dealerPage() {
    const handler = withPageCache(async () =>
      page(html, { "Cache-Control": "public, max-age=60", "Content-Type": "text/html", "Content-Security-Policy": "script-src 'none'" }),
    );
    return { handler };
  }

  it("a browser gets the stored page in Brotli, an older client in gzip, each with its length and Vary", async () => {
    const { handler } = dealerPage();
    await handler(get("http://a.localhost/search", browser), undefined);
    const hit = await handler(get("http://a.localhost/search", browser), undefined);
    expect(hit.headers.get("X-Page-Cache")).toBe("hit");
    expect(hit.headers.get("Content-Encoding")).toBe("br");
    expect(hit.headers.get("Vary")).toBe("Accept-Encoding");
    const bytes = Buffer.from(await hit.arrayBuffer());
    expect(Number(hit.headers.get("Content-Length"))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(html.length / 4);
    expect(brotliDecompressSync(bytes).toString()).toBe(html);
    expect(hit.headers.get("Content-Security-Policy")).toBe("script-src 'none'");

    const older = await handler(get("http://a.localhost/search", { "Accept-Encoding": "gzip, deflate" }), undefined);
    expect(older.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await older.arrayBuffer())).toString()).toBe(html);
  });

  it("compresses each encoding once, however many shoppers ask", async () => {
    const { handler } = dealerPage();
    const answers = await Promise.all(Array.from({ length: 5 }, () => handler(get("http://a.localhost/", browser), undefined)));
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
    // The same compressed bytes each time: one compression, shared.
    for (const body of bodies) expect(body.equals(bodies[0])).toBe(true);
  });

  it("a client that takes neither, or a HEAD, gets what it asked for", async () => {
    const { handler } = dealerPage();
    const plain = await handler(get("http://a.localhost/offers"), undefined);
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(plain.headers.get("Vary")).toBe("Accept-Encoding");
    const refused = await handler(get("http://a.localhost/offers", { "Accept-Encoding": "gzip;q=0, br;q=0" }), undefined);
    expect(refused.headers.get("Content-Encoding")).toBeNull();
    expect(await refused.text()).toBe(html);
    const head = await handler(new Request("http://a.localhost/offers", { method: "HEAD", headers: browser }), undefined);
    expect(head.headers.get("Content-Encoding")).toBe("br");
    expect(await head.text()).toBe("");
  });

  it("small answers and answers already encoded go as they are", async () => {
    const small = withPageCache(async () => page("<p>ok</p>"));
    expect((await small(get("http://a.localhost/", browser), undefined)).headers.get("Content-Encoding")).toBeNull();
    const encoded = withPageCache(async () =>
      page(gzipSync("x".repeat(5000)) as unknown as string, { "Cache-Control": "public, max-age=60", "Content-Encoding": "gzip" }),
    );
    await encoded(get("http://a.localhost/", browser), undefined);
    const hit = await encoded(get("http://a.localhost/", browser), undefined);
    expect(hit.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await hit.arrayBuffer())).toString()).toBe("x".repeat(5000));
  });
});
