import { describe, expect, it } from "vitest";
import { ANALYTICS_EVENTS, EVENT } from "./analyticsEvents";

describe("EVENT", () => {
  it("names each event the catalogue holds, once", () => {
    expect(Object.values(EVENT).sort((a, b) => a - b)).toEqual(Object.keys(ANALYTICS_EVENTS).map(Number));
    expect(ANALYTICS_EVENTS[EVENT.usedCarView]).toBe("used car view");
    expect(ANALYTICS_EVENTS[EVENT.searchPageView]).toBe("search page view");
    expect(ANALYTICS_EVENTS[EVENT.print]).toBe("print");
    expect(ANALYTICS_EVENTS[EVENT.phoneClick]).toBe("phone click");
  });
});
