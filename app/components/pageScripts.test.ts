import { describe, expect, it } from "vitest";
import { contextParsedAsJson, PAINT_WAIT_CAP_MS, startAfterFirstPaint } from "./pageScripts";

/** Remix 2.17's start-up module as `<Scripts/>` writes it (lazy route discovery on). */
const REMIX_START = `;
import * as route0 from "/assets/root-B0s61MeV.js";
import * as route1 from "/assets/route-B69smOUy.js";
window.__remixManifest = {
  "entry": { "module": "/assets/entry.client-CSA25RO1.js", "imports": [], "css": [] }
};
window.__remixRouteModules = {"root":route0,"routes/_index":route1};

import("/assets/entry.client-CSA25RO1.js");`;

const PRELOADS = ["/assets/entry.client-CSA25RO1.js", "/assets/root-B0s61MeV.js", "/assets/route-B69smOUy.js"];

/**
 * Runs a start-up module in a pretend page, recording what it does and when: the page's load event,
 * then the first frame after it (or the cap, when `load` is "never").
 */
async function run(
  script: string,
  {
    visibility = "visible",
    readyState = "interactive",
    load = "fires",
  }: { visibility?: string; readyState?: string; load?: "fires" | "never" } = {},
) {
  const events: string[] = [];
  let frame: (() => void) | null = null;
  let loaded: (() => void) | null = null;
  let cap: (() => void) | null = null;
  const win: { __remixRouteModules?: Record<string, unknown>; __remixManifest?: unknown } = {};
  const picture = (name: string, loading: string, complete: boolean, broken = false) => ({
    loading,
    complete,
    decode: async () => {
      events.push(`decodes ${name}`);
      if (broken) throw new Error("EncodingError");
    },
  });
  const document = {
    visibilityState: visibility,
    readyState,
    images: [
      picture("the car's photo", "eager", true),
      picture("a photo further down", "lazy", false),
      picture("a broken photo", "eager", true, true),
    ],
    head: { appendChild: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) },
    createElement: () => ({}),
  };
  const addEventListener = (type: string, callback: () => void) => {
    events.push(`waits for the page's ${type}`);
    loaded = callback;
  };
  const requestAnimationFrame = (callback: () => void) => {
    events.push("waits for a frame");
    frame = callback;
  };
  const setTimeout = (callback: () => void, ms = 0) => {
    if (ms > 0) {
      events.push(`gives up waiting after ${ms} ms`);
      cap = callback;
      return;
    }
    events.push("lets the next task run");
    callback();
  };
  const load_ = async (path: string) => {
    events.push(`import ${path}`);
    return { path };
  };
  const body = script.replaceAll("import(", "load(").replaceAll("window.", "win.");
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>;
  const started = new AsyncFunction("document", "addEventListener", "requestAnimationFrame", "setTimeout", "win", "load", body)(
    document,
    addEventListener,
    requestAnimationFrame,
    setTimeout,
    win,
    load_,
  );
  const settle = () => new Promise((done) => globalThis.setTimeout(done, 0));
  await settle();
  const beforeLoad = [...events];
  if (load === "fires") (loaded as (() => void) | null)?.();
  else (cap as (() => void) | null)?.();
  await settle();
  const beforeFrame = [...events];
  (frame as (() => void) | null)?.();
  await started;
  return { beforeLoad, beforeFrame, events, win };
}

describe("the page's code starts after its first paint", () => {
  const UNTIL_PAINTED = [
    "waits for the page's load",
    "gives up waiting after 2000 ms",
    "decodes the car's photo",
    "decodes a broken photo",
    "waits for a frame",
    "lets the next task run",
  ];

  it("asks for nothing until the page's pictures are painted, then preloads every module at once and imports the routes, then the entry", async () => {
    const { beforeLoad, beforeFrame, events, win } = await run(startAfterFirstPaint(REMIX_START, PRELOADS));
    expect(beforeLoad).toEqual(["waits for the page's load", "gives up waiting after 2000 ms"]);
    // The pictures that are not lazy are decoded (a broken one too), and painted in the next frame.
    expect(beforeFrame).toEqual(UNTIL_PAINTED.slice(0, -1));
    expect(events).toEqual([
      ...UNTIL_PAINTED,
      ...PRELOADS.map((href) => `modulepreload ${href}`),
      "import /assets/root-B0s61MeV.js",
      "import /assets/route-B69smOUy.js",
      "import /assets/entry.client-CSA25RO1.js",
    ]);
    // Remix finds the route modules where its own static imports would have put them.
    expect(win.__remixRouteModules).toEqual({
      root: { path: "/assets/root-B0s61MeV.js" },
      "routes/_index": { path: "/assets/route-B69smOUy.js" },
    });
    expect(win.__remixManifest).toBeDefined();
  });

  it("does not wait for a load that has already happened", async () => {
    const { beforeLoad } = await run(startAfterFirstPaint(REMIX_START, PRELOADS), { readyState: "complete" });
    expect(beforeLoad).toEqual([
      "decodes the car's photo",
      "decodes a broken photo",
      "gives up waiting after 2000 ms",
      "waits for a frame",
    ]);
  });

  it(`goes on after ${PAINT_WAIT_CAP_MS} ms when the page's load is held up (an embedded map or video)`, async () => {
    const { events } = await run(startAfterFirstPaint(REMIX_START, PRELOADS), { load: "never" });
    expect(events).not.toContain("decodes the car's photo");
    expect(events.at(-1)).toBe("import /assets/entry.client-CSA25RO1.js");
  });

  it("runs React's own file first, in a task of its own, then the site's modules (app/domain/frameworkChunk.ts)", async () => {
    const preloads = ["/assets/framework-Bx1_a2.js", ...PRELOADS];
    const { events } = await run(startAfterFirstPaint(REMIX_START, preloads));
    expect(events).toEqual([
      ...UNTIL_PAINTED,
      ...preloads.map((href) => `modulepreload ${href}`),
      "import /assets/framework-Bx1_a2.js",
      "lets the next task run",
      "import /assets/root-B0s61MeV.js",
      "import /assets/route-B69smOUy.js",
      "import /assets/entry.client-CSA25RO1.js",
    ]);
  });

  it("starts at once in a background tab, which gets no frames", async () => {
    const { beforeLoad, events } = await run(startAfterFirstPaint(REMIX_START, PRELOADS), { visibility: "hidden" });
    expect(beforeLoad.at(-1)).toBe("import /assets/entry.client-CSA25RO1.js");
    expect(events).not.toContain("waits for a frame");
    expect(events).not.toContain("waits for the page's load");
  });

  it("keeps a bare import (the full manifest's module, when route discovery is off) before the routes", async () => {
    const script = REMIX_START.replace(/^;/, 'import "/assets/manifest-1a2b3c4d.js";');
    const { events } = await run(startAfterFirstPaint(script, []));
    expect(events.filter((e) => e.startsWith("import"))).toEqual([
      "import /assets/manifest-1a2b3c4d.js",
      "import /assets/root-B0s61MeV.js",
      "import /assets/route-B69smOUy.js",
      "import /assets/entry.client-CSA25RO1.js",
    ]);
  });

  it("leaves any other script, or a start-up module of a shape it does not know, as it is", () => {
    expect(startAfterFirstPaint('window.__remixContext = {"a":1};', PRELOADS)).toBe('window.__remixContext = {"a":1};');
    const unknownShape = 'import { a } from "/x.js";\nwindow.__remixRouteModules = {};';
    expect(startAfterFirstPaint(unknownShape, PRELOADS)).toBe(unknownShape);
    expect(startAfterFirstPaint(" ", PRELOADS)).toBe(" ");
  });
});

describe("contextParsedAsJson", () => {
  /** Remix's handoff: JSON.stringify, then its HTML escapes. */
  const handoff = (value: unknown) =>
    JSON.stringify(value).replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const run = (script: string) => {
    const window: { __remixContext?: unknown } = {};
    new Function("window", script)(window);
    return window.__remixContext;
  };

  it("gives the page the same data, read by JSON.parse from a string", () => {
    const data = {
      state: {
        loaderData: { root: { name: 'Summit\'s "best" cars', path: "C:\\stock\\", html: "</script><b>&", line: "a\u2028b", n: 1 } },
      },
    };
    const text = handoff(data);
    const script = contextParsedAsJson(`window.__remixContext = ${text};`, text);
    expect(script.startsWith("window.__remixContext = JSON.parse('")).toBe(true);
    expect(script).not.toMatch(/<\/script|[<>\u2028\u2029]/);
    expect(run(script)).toEqual(data);
  });

  it("keeps what Remix writes after the data (deferred data's helpers)", () => {
    const text = handoff({ a: 1 });
    const script = contextParsedAsJson(`window.__remixContext = ${text};window.__remixContext.b=2;`, text);
    expect(script.endsWith(";window.__remixContext.b=2;")).toBe(true);
    expect(run(script)).toEqual({ a: 1, b: 2 });
  });

  it("leaves a script it does not recognise as it is", () => {
    expect(contextParsedAsJson("window.__remixContext = {};", undefined)).toBe("window.__remixContext = {};");
    expect(contextParsedAsJson(" ", handoff({ a: 1 }))).toBe(" ");
    expect(contextParsedAsJson('window.__remixContext = {"b":2};', handoff({ a: 1 }))).toBe('window.__remixContext = {"b":2};');
  });
});
