import { describe, expect, it } from "vitest";
import { contextParsedAsJson, startAfterFirstPaint } from "./pageScripts";

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

/** Runs a start-up module in a pretend page, recording what it does and when. */
async function run(script: string, visibility: "visible" | "hidden" = "visible") {
  const events: string[] = [];
  let frame: (() => void) | null = null;
  const win: { __remixRouteModules?: Record<string, unknown>; __remixManifest?: unknown } = {};
  const document = {
    visibilityState: visibility,
    head: { appendChild: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) },
    createElement: () => ({}),
  };
  const requestAnimationFrame = (callback: () => void) => {
    events.push("waits for a frame");
    frame = callback;
  };
  const setTimeout = (callback: () => void) => {
    events.push("lets the next task run");
    callback();
  };
  const load = async (path: string) => {
    events.push(`import ${path}`);
    return { path };
  };
  const body = script.replaceAll("import(", "load(").replaceAll("window.", "win.");
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>;
  const started = new AsyncFunction("document", "requestAnimationFrame", "setTimeout", "win", "load", body)(
    document,
    requestAnimationFrame,
    setTimeout,
    win,
    load,
  );
  await Promise.resolve();
  const beforeFrame = [...events];
  (frame as (() => void) | null)?.();
  await started;
  return { beforeFrame, events, win };
}

describe("the page's code starts after its first paint", () => {
  it("asks for nothing until the first frame, then preloads every module at once and imports the routes, then the entry", async () => {
    const { beforeFrame, events, win } = await run(startAfterFirstPaint(REMIX_START, PRELOADS));
    expect(beforeFrame).toEqual(["waits for a frame"]);
    expect(events).toEqual([
      "waits for a frame",
      "lets the next task run",
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

  it("runs React's own file first, in a task of its own, then the site's modules (app/domain/frameworkChunk.ts)", async () => {
    const preloads = ["/assets/framework-Bx1_a2.js", ...PRELOADS];
    const { events } = await run(startAfterFirstPaint(REMIX_START, preloads));
    expect(events).toEqual([
      "waits for a frame",
      "lets the next task run",
      ...preloads.map((href) => `modulepreload ${href}`),
      "import /assets/framework-Bx1_a2.js",
      "lets the next task run",
      "import /assets/root-B0s61MeV.js",
      "import /assets/route-B69smOUy.js",
      "import /assets/entry.client-CSA25RO1.js",
    ]);
  });

  it("starts at once in a background tab, which gets no frames", async () => {
    const { events } = await run(startAfterFirstPaint(REMIX_START, PRELOADS), "hidden");
    expect(events).not.toContain("waits for a frame");
    expect(events.at(-1)).toBe("import /assets/entry.client-CSA25RO1.js");
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
