/**
 * Renders taking turns, wired as server/http/siteServer.ts wires them: the page cache in front, renders
 * behind it in turns. A stored page is answered while every turn is held; renders past the limit wait
 * their turn, first come first served.
 */
import { describe, expect, it } from "vitest";
import { asResponse, withPageCache } from "./pageCache";
import { inTurns } from "./renderTurns";

const get = (path: string) => new Request(`http://a.localhost${path}`, { headers: { host: "a.localhost" } });
const publicPage = (body: string) => new Response(body, { headers: { "Cache-Control": "public, max-age=60" } });

/** A render that finishes only when the test says so, and says when it started. */
function heldRenders() {
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const handler = async (request: Request) => {
    const path = new URL(request.url).pathname;
    started.push(path);
    if (path.startsWith("/held")) await new Promise<void>((done) => release.set(path, done));
    return publicPage(`page ${path}`);
  };
  return { started, release: (path: string) => release.get(path)?.(), handler };
}

/** A few turns of the event loop: each render starts in a turn of its own. */
const settled = async () => {
  for (let turn = 0; turn < 3; turn++) await new Promise((done) => setImmediate(done));
};

describe("renders in turns", () => {
  it("starts a render past the limit only when one ahead of it has its answer, in the order they came", async () => {
    const { started, release, handler } = heldRenders();
    const render = inTurns(2, handler);
    const answers = ["/held-1", "/held-2", "/held-3", "/held-4"].map((path) => render(get(path)));
    await settled();
    expect(started).toEqual(["/held-1", "/held-2"]);
    release("/held-2");
    await answers[1];
    await settled();
    expect(started).toEqual(["/held-1", "/held-2", "/held-3"]);
    release("/held-1");
    release("/held-3");
    await settled();
    expect(started).toEqual(["/held-1", "/held-2", "/held-3", "/held-4"]);
    release("/held-4");
    expect(await Promise.all(answers.map(async (answer) => (await answer).text()))).toEqual([
      "page /held-1",
      "page /held-2",
      "page /held-3",
      "page /held-4",
    ]);
  });

  it("gives the event loop back between renders, so a request arriving during one is heard before the next", async () => {
    const order: string[] = [];
    // Renders that need nothing from outside (the embedded database and engine answer at once).
    const render = inTurns(1, async (request: Request) => {
      const path = new URL(request.url).pathname;
      order.push(path);
      if (path === "/a") setImmediate(() => order.push("a request for a stored page"));
      return publicPage("page");
    });
    await Promise.all(["/a", "/b", "/c"].map((path) => render(get(path))));
    await settled();
    expect(order).toEqual(["/a", "a request for a stored page", "/b", "/c"]);
  });

  it("answers a stored page while every turn is held by renders, without waiting for a turn", async () => {
    const { started, release, handler } = heldRenders();
    const site = withPageCache(inTurns(1, handler));
    expect(await (await site(get("/search"), undefined)).text()).toBe("page /search");

    const held = site(get("/held-results"), undefined);
    const waiting = site(get("/held-vehicle"), undefined);
    await settled();
    expect(started).toEqual(["/search", "/held-results"]);

    // The stored page comes back while the render holds the one turn and another waits for it.
    // Its bytes are ready (too small to compress), so the answer is made at once, not in a promise.
    const stored = site.storedAnswer(get("/search"), undefined);
    expect(stored).not.toBeNull();
    expect(stored).not.toBeInstanceOf(Promise);
    const answer = asResponse(await stored!);
    expect(answer.headers.get("X-Page-Cache")).toBe("hit");
    expect(await answer.text()).toBe("page /search");
    const throughHandler = await site(get("/search"), undefined);
    expect(await throughHandler.text()).toBe("page /search");
    expect(started).toEqual(["/search", "/held-results"]);

    // A page not stored is no stored answer: it waits for its turn.
    expect(site.storedAnswer(get("/held-vehicle"), undefined)).toBeNull();
    release("/held-results");
    await held;
    await settled();
    expect(started).toEqual(["/search", "/held-results", "/held-vehicle"]);
    release("/held-vehicle");
    expect(await (await waiting).text()).toBe("page /held-vehicle");
  });

  it("gives no stored answer for what the page cache never keeps", async () => {
    const site = withPageCache(async () => publicPage("page"));
    await site(get("/search"), undefined);
    expect(site.storedAnswer(new Request("http://a.localhost/search", { method: "POST", body: "a=1" }), undefined)).toBeNull();
    expect(site.storedAnswer(new Request("http://a.localhost/search", { headers: { Authorization: "Bearer x" } }), undefined)).toBeNull();
    expect(site.storedAnswer(get("/search"), undefined)).not.toBeNull();
  });
});
