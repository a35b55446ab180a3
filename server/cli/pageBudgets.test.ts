import { describe, expect, it } from "vitest";
import { blockingStylesheets } from "./pageBudgets";

describe("render-blocking stylesheets of a page", () => {
  it("counts the stylesheets in the head that hold back the first paint", () => {
    const html =
      '<html><head><link rel="stylesheet" href="/assets/root.css"/><link rel="stylesheet" href="/assets/search.css">' +
      '<link rel="modulepreload" href="/assets/entry.js"/><link rel="icon" href="/favicon.svg"/></head><body></body></html>';
    expect(blockingStylesheets(html)).toBe(2);
  });

  it("leaves out print-only sheets, disabled ones, and stylesheets placed in the body", () => {
    const html =
      '<html><head><link rel="stylesheet" href="/assets/site.css"/><link rel="stylesheet" media="print" href="/p.css"/>' +
      '<link rel="stylesheet" disabled href="/d.css"/><link rel="preload" as="style" href="/later.css"/></head>' +
      '<body><link rel="stylesheet" href="/assets/late.css"/></body></html>';
    expect(blockingStylesheets(html)).toBe(1);
  });

  it("reads a page with no stylesheet as none", () => {
    expect(blockingStylesheets("<html><head><title>x</title></head><body></body></html>")).toBe(0);
  });
});
