/**
 * This visit's pages as the lead forms keep them in the browser (sessionStorage under the site slug):
 * in order, each once at its latest, the latest ten; the query of the visit's first page is the link's;
 * the page before the form counts when the visit starts there; another site's pages never count.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readVisit, recordFormPage, recordVisitedPage } from "./visitStore";

let storage: Map<string, string>;
function browserAt(path: string, referrer = "") {
  const [pathname, search = ""] = path.split("?");
  vi.stubGlobal("window", {
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    location: { origin: "http://summit.localhost", pathname, search: search ? `?${search}` : "" },
  });
  vi.stubGlobal("document", { referrer });
}

beforeEach(() => {
  storage = new Map();
  browserAt("/");
});
afterEach(() => vi.unstubAllGlobals());

describe("the visit a lead form sends", () => {
  it("keeps the pages in order, each once at its latest, and the first page's query as the link's", () => {
    // The framework's parameters (single fetch's _routes, the old data request's) are never the link's.
    const landing = `/?${new URLSearchParams({ utm_source: "newsletter", _routes: "root,routes/_index", _data: "root" })}`;
    recordVisitedPage("summit", landing);
    recordVisitedPage("summit", "/search/used-cars");
    recordVisitedPage("summit", "/cars/a");
    recordVisitedPage("summit", "/search/used-cars");
    expect(readVisit("summit")).toEqual({
      pages: [landing, "/cars/a", "/search/used-cars"],
      linked: "utm_source=newsletter",
    });
    expect(readVisit("another-site")).toEqual({ pages: [], linked: "" });
  });

  it("keeps the latest ten, and nothing that is not a path of this site", () => {
    for (let i = 0; i < 14; i++) recordVisitedPage("summit", `/p${i}`);
    recordVisitedPage("summit", "https://elsewhere.example/");
    recordVisitedPage("summit", "//elsewhere.example/");
    expect(readVisit("summit").pages).toEqual(Array.from({ length: 10 }, (_, i) => `/p${i + 4}`));
  });

  it("a form starting the visit counts the page before it (this site's only), then its own", () => {
    browserAt("/contact", "http://summit.localhost/search?make=Toyota&utm_campaign=spring");
    expect(recordFormPage("summit")).toEqual({
      pages: ["/search?make=Toyota&utm_campaign=spring", "/contact"],
      linked: "make=Toyota&utm_campaign=spring",
    });
    storage.clear();
    browserAt("/contact?utm_source=google", "https://www.google.com/");
    expect(recordFormPage("summit")).toEqual({ pages: ["/contact?utm_source=google"], linked: "utm_source=google" });
  });

  it("a page left before its script ran counts, from the next page's referrer, once per loaded page", () => {
    browserAt("/", "");
    recordFormPage("summit");
    // The shopper opened the results and tapped a card's 'Get Finance' before the results page was interactive.
    browserAt("/finance?car_id=a", "http://summit.localhost/search");
    expect(recordFormPage("summit").pages).toEqual(["/", "/search", "/finance?car_id=a"]);
    // Moves inside the page keep the first referrer: it is not counted again.
    window.location.pathname = "/finance";
    window.location.search = "";
    expect(recordFormPage("summit").pages).toEqual(["/", "/search", "/finance?car_id=a", "/finance"]);
    // A page loaded from the visit's last page (a plain link, or script off) adds nothing twice; nor does a reload.
    browserAt("/contact", "http://summit.localhost/finance");
    expect(recordFormPage("summit").pages).toEqual(["/", "/search", "/finance?car_id=a", "/finance", "/contact"]);
    browserAt("/contact", "http://summit.localhost/contact");
    expect(recordFormPage("summit").pages).toEqual(["/", "/search", "/finance?car_id=a", "/finance", "/contact"]);
  });

  it("storage that fails or holds nonsense is an empty visit, never an error", () => {
    storage.set("summit:visit", "{not json");
    expect(readVisit("summit")).toEqual({ pages: [], linked: "" });
    storage.set("summit:visit", JSON.stringify({ pages: [1, "/a"], linked: 5 }));
    expect(readVisit("summit")).toEqual({ pages: ["/a"], linked: "" });
  });
});
