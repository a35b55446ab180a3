import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { HELD_EVENTS, holdInputUntilHydrated } from "./holdInputUntilHydrated";

describe("holding a shopper's input from React until the page has hydrated", () => {
  it("stops each held event at the window, without preventing what the browser does with it, until let through", () => {
    const window = new EventTarget();
    const release = holdInputUntilHydrated(window as unknown as Window);
    const stopped: string[] = [];
    for (const type of ["click", "input", "keydown", "submit", "focusin", "scroll"]) {
      const event = new Event(type, { cancelable: true });
      const stop = event.stopPropagation.bind(event);
      event.stopPropagation = () => (stopped.push(type), stop());
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
    expect(stopped).toEqual(["click", "input", "keydown", "submit"]);
    release();
    const click = new Event("click");
    let reached = false;
    click.stopPropagation = () => void (reached = true);
    window.dispatchEvent(click);
    expect(reached).toBe(false);
  });

  it("holds exactly the events this React hydrates a page at once for (a React upgrade must look again)", () => {
    const require = createRequire(import.meta.url);
    const reactDom = path.dirname(require.resolve("react-dom/package.json"));
    const source = fs.readFileSync(path.join(reactDom, "cjs/react-dom.development.js"), "utf8");
    const list = /var discreteReplayableEvents = \[([^\]]*)\]/.exec(source)?.[1];
    expect(list, "react-dom no longer names its discrete replayable events").toBeDefined();
    const events = [...(list ?? "").matchAll(/'(\w+)'/g)].map((match) => match[1]);
    expect([...HELD_EVENTS]).toEqual(events);
  });
});
