/**
 * A page's first load (decision 37): the server renders a page, and the browser hydrates it, only once the
 * code of every lazy part defined so far (and of the parts those chunks define) is here, so both draw each
 * part directly, with no Suspense boundary left to hydrate later.
 * Each test loads lazyPart.tsx afresh: whether the page has hydrated yet is the module's own state.
 */
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

async function freshParts() {
  vi.resetModules();
  return import("./lazyPart");
}

const emptyPart = () => null;
const inBrowser = () => void vi.stubGlobal("document", {});

/** Server-renders one element at `/cars/a` (a part reads the path). */
function render(element: ReturnType<typeof createElement>) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/cars/a"] });
  return renderToString(createElement(RouterProvider, { router }));
}

describe("a page's lazy parts on its first load", () => {
  afterEach(() => void vi.unstubAllGlobals());

  it("are not asked for when defined, and all at once when the page is about to be drawn", async () => {
    inBrowser();
    const { lazyPart, loadPartsCode, PendingPart } = await freshParts();
    const asked: string[] = [];
    for (const name of ["Gallery", "Sidebar", "MainColumn"]) {
      lazyPart(() => (asked.push(name), Promise.resolve(emptyPart)), name, PendingPart);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual([]);
    const ready = loadPartsCode();
    expect(asked).toEqual(["Gallery", "Sidebar", "MainColumn"]);
    expect(await ready).toBe(true);
  });

  it("wait for the parts a part's chunk defines as it runs", async () => {
    inBrowser();
    const { lazyPart, loadPartsCode, PendingPart } = await freshParts();
    const asked: string[] = [];
    let leadFormHere = false;
    lazyPart(
      () => {
        asked.push("MainColumn");
        lazyPart(
          () => {
            asked.push("LeadForm");
            return new Promise<ComponentType>((resolve) => setTimeout(() => ((leadFormHere = true), resolve(emptyPart)), 20));
          },
          "LeadForm",
          PendingPart,
        );
        return Promise.resolve(emptyPart);
      },
      "MainColumn",
      PendingPart,
    );
    expect(await loadPartsCode()).toBe(true);
    expect(asked).toEqual(["MainColumn", "LeadForm"]);
    expect(leadFormHere).toBe(true);
  });

  it("say so when a part's chunk failed, so that the page stays its working HTML", async () => {
    inBrowser();
    const { lazyPart, loadPartsCode, PendingPart } = await freshParts();
    lazyPart(() => Promise.resolve(emptyPart), "Sidebar", PendingPart);
    lazyPart(() => Promise.reject(new Error("chunk failed")), "Gallery", PendingPart);
    expect(await loadPartsCode()).toBe(false);
  });

  it("once the page has hydrated, a newly defined part asks for its code in its turn, without being waited for", async () => {
    inBrowser();
    const { lazyPart, loadPartsCode, PendingPart } = await freshParts();
    await loadPartsCode();
    const asked: string[] = [];
    lazyPart(() => (asked.push("ResultsGrid"), Promise.resolve(emptyPart)), "ResultsGrid", PendingPart);
    expect(asked).toEqual([]);
    await loadPartsCode();
    expect(asked).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual(["ResultsGrid"]);
  });

  it("are drawn by the server directly, with no Suspense boundary around them, once their code is here", async () => {
    const { lazyPart, loadPartsCode, PendingPart } = await freshParts();
    const Price = lazyPart(() => Promise.resolve(({ text }: { text: string }) => createElement("p", null, text)), "Price", PendingPart);
    // Still on its way: a boundary with its fallback (as after a client-side move).
    expect(render(createElement(Price, { text: "$51,990" }))).toMatch(/^<!--\$!-->.*<div aria-busy="true"><\/div><!--\/\$-->$/s);
    expect(await loadPartsCode()).toBe(true);
    expect(render(createElement(Price, { text: "$51,990" }))).toBe("<p>$51,990</p>");
    // The server asks again for every page: parts defined later are still waited for.
    const Later = lazyPart(() => Promise.resolve(() => createElement("p", null, "later")), "Later", PendingPart);
    await loadPartsCode();
    expect(render(createElement(Later))).toBe("<p>later</p>");
  });
});
