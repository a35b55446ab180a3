import { describe, expect, it } from "vitest";
import { blockingStylesheets, photosNamedIn, scriptsNamedIn, staticImportsOf } from "./pageBudgets";

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

describe("the scripts a page loads first", () => {
  it("are those it names: modulepreload links, module scripts, and Remix's start-up module's imports", () => {
    const html =
      '<link rel="modulepreload" href="/assets/a.js"/><script type="module" src="/assets/b.js"></script>' +
      '<script type="module" async="">import * as route0 from "/assets/root-2.js";\n' +
      'window.__remixRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");</script>' +
      '<script src="https://elsewhere.example/x.js"></script>';
    expect(scriptsNamedIn(html).sort()).toEqual(["/assets/a.js", "/assets/b.js", "/assets/entry.client-1.js", "/assets/root-2.js"]);
  });

  it("and every file those import statically, never one loaded later with import()", () => {
    const code = 'import{j as e}from"./site-3.js";import"./side-4.js";const later=()=>import("./part-5.js");export{x}from "../lib/y.js";';
    expect(staticImportsOf(code, "/assets/root-2.js").sort()).toEqual(["/assets/side-4.js", "/assets/site-3.js", "/lib/y.js"]);
  });
});

describe("the photos a page shows", () => {
  it("are the photo route's addresses in its pictures' src and srcset, once each", () => {
    const html =
      '<img src="/photos?src=%2Fa.jpg&amp;w=480" srcSet="/photos?src=%2Fa.jpg&amp;w=320 320w, /photos?src=%2Fa.jpg&amp;w=480 480w"/>' +
      '<img src="/logos/makes/kia.svg"/><script src="/assets/x.js"></script>';
    expect(photosNamedIn(html)).toEqual(["/photos?src=%2Fa.jpg&w=480", "/photos?src=%2Fa.jpg&w=320"]);
  });
});
